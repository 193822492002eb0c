// A minimal DER/BER reader that keeps every element's exact bytes: verifying a CMS signature needs
// the signed attributes as they were sent, which a parse-and-re-encode round trip cannot promise.
import forge from 'node-forge';
import { sameClassInEveryBundle } from '@/lib/process-singleton';

export interface DerNode {
  tag: number;
  constructed: boolean;
  /** The whole element: tag, length and value. */
  bytes: Buffer;
  /** The value of a primitive element; for a constructed one, the concatenated children. */
  value: Buffer;
  children: DerNode[];
}

export class DerError extends Error {}
sameClassInEveryBundle(DerError, 'DerError');

const MAX_DEPTH = 48;

/** Reads exactly one element spanning the whole buffer. */
export function readDer(buffer: Buffer): DerNode {
  const { node, end } = readElement(buffer, 0, 0);
  if (end !== buffer.length) throw new DerError('trailing bytes after the outer element');
  return node;
}

function readElement(buffer: Buffer, offset: number, depth: number): { node: DerNode; end: number } {
  if (depth > MAX_DEPTH) throw new DerError('nested too deeply');
  const tag = byteAt(buffer, offset);
  if ((tag & 0x1f) === 0x1f) throw new DerError('multi-byte tags are not used by CMS');
  const constructed = (tag & 0x20) !== 0;
  let cursor = offset + 1;
  const first = byteAt(buffer, cursor++);
  if (first === 0x80) {
    // BER indefinite length: children until an end-of-contents marker (openssl -stream writes these).
    if (!constructed) throw new DerError('indefinite length on a primitive element');
    const children: DerNode[] = [];
    while (byteAt(buffer, cursor) !== 0 || byteAt(buffer, cursor + 1) !== 0) {
      const child = readElement(buffer, cursor, depth + 1);
      children.push(child.node);
      cursor = child.end;
    }
    const end = cursor + 2;
    const value = Buffer.concat(children.map((child) => child.bytes));
    return { node: { tag, constructed, bytes: buffer.subarray(offset, end), value, children }, end };
  }
  let length = first;
  if (first & 0x80) {
    const count = first & 0x7f;
    if (count > 4) throw new DerError('length too large');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + byteAt(buffer, cursor++);
  }
  const end = cursor + length;
  if (end > buffer.length) throw new DerError('element runs past the end of the data');
  const value = buffer.subarray(cursor, end);
  const children: DerNode[] = [];
  if (constructed) {
    for (let at = cursor; at < end; ) {
      const child = readElement(buffer, at, depth + 1);
      if (child.end > end) throw new DerError('child runs past its parent');
      children.push(child.node);
      at = child.end;
    }
  }
  return { node: { tag, constructed, bytes: buffer.subarray(offset, end), value, children }, end };
}

function byteAt(buffer: Buffer, offset: number): number {
  const byte = buffer[offset];
  if (byte === undefined) throw new DerError('unexpected end of data');
  return byte;
}

export const DER = {
  INTEGER: 0x02,
  BIT_STRING: 0x03,
  OCTET_STRING: 0x04,
  OCTET_STRING_CONSTRUCTED: 0x24,
  OID: 0x06,
  SEQUENCE: 0x30,
  SET: 0x31,
  context: (n: number) => 0xa0 + n,
} as const;

/** The child at `index`, which must have `tag`. */
export function child(node: DerNode, index: number, tag?: number): DerNode {
  const found = node.children[index];
  if (!found || (tag !== undefined && found.tag !== tag))
    throw new DerError(`expected tag ${tag} at position ${index}`);
  return found;
}

export function oidOf(node: DerNode): string {
  if (node.tag !== DER.OID) throw new DerError('expected an object identifier');
  return forge.asn1.derToOid(node.value.toString('binary'));
}

/** An OCTET STRING's content, joining the chunks of a BER constructed one. */
export function octets(node: DerNode): Buffer {
  if (node.tag === DER.OCTET_STRING) return node.value;
  if (node.tag === DER.OCTET_STRING_CONSTRUCTED) return Buffer.concat(node.children.map(octets));
  throw new DerError('expected an octet string');
}
