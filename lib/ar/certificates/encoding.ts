// Turns an upload (PEM text, DER bytes or bare base64; with a BOM, CRLF or stray whitespace) into DER
// blocks, so the certificate and key parsers never see encoding noise, plus the small ASN.1 helpers they share.
import forge from 'node-forge';

export interface PemBlock {
  label: string;
  /** RFC 1421 headers, e.g. Proc-Type and DEK-Info of a legacy encrypted key. */
  headers: Record<string, string>;
  der: Buffer;
}

export type DecodedUpload = { kind: 'pem'; blocks: PemBlock[] } | { kind: 'der'; der: Buffer };

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const UTF16LE_BOM = Buffer.from([0xff, 0xfe]);
const PEM_MARKER = /-----(BEGIN|END) ([A-Z0-9 ]+)-----/g;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The upload's bytes without a byte-order mark, or undefined when there is nothing but whitespace. */
export function readUpload(input: Buffer | string | undefined): Buffer | undefined {
  if (input === undefined) return undefined;
  let bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  // Windows editors save "Unicode" text as UTF-16LE; PEM inside it is still ASCII.
  if (bytes.subarray(0, 2).equals(UTF16LE_BOM)) bytes = Buffer.from(bytes.subarray(2).toString('utf16le'), 'utf8');
  if (bytes.subarray(0, 3).equals(UTF8_BOM)) bytes = bytes.subarray(3);
  return /^\s*$/.test(bytes.toString('latin1')) ? undefined : bytes;
}

export function decodeUpload(bytes: Buffer): DecodedUpload {
  const text = bytes.toString('latin1');
  if (text.includes('-----BEGIN ')) {
    return { kind: 'pem', blocks: pemBlocks(text) };
  }
  const compact = text.replace(/\s+/g, '');
  // DER always starts with a SEQUENCE tag; anything else that is pure base64 was pasted without its armour.
  if (bytes[0] !== 0x30 && BASE64.test(compact)) return { kind: 'der', der: Buffer.from(compact, 'base64') };
  return { kind: 'der', der: bytes };
}

/**
 * Each BEGIN with the nearest END of its label after it; a BEGIN with none is skipped. One pass over the
 * markers: a lazy regular expression from BEGIN to END rescanned the rest of the file for every BEGIN,
 * and 64 KiB of BEGIN lines held the server for a tenth of a second.
 */
function pemBlocks(text: string): PemBlock[] {
  const markers = [...text.matchAll(PEM_MARKER)].map((match) => ({
    begin: match[1] === 'BEGIN',
    label: match[2]!,
    start: match.index,
    end: match.index + match[0].length,
  }));
  /** Per label, the positions (in `markers`) of its ENDs, and how many of them lie behind us. */
  const ends = new Map<string, { at: number[]; passed: number }>();
  markers.forEach((marker, at) => {
    if (marker.begin) return;
    const list = ends.get(marker.label) ?? { at: [], passed: 0 };
    list.at.push(at);
    ends.set(marker.label, list);
  });
  const blocks: PemBlock[] = [];
  for (let at = 0; at < markers.length; at++) {
    const marker = markers[at]!;
    const list = ends.get(marker.label);
    if (!marker.begin || !list) continue;
    while (list.passed < list.at.length && list.at[list.passed]! < at) list.passed++;
    const close = list.at[list.passed];
    if (close === undefined) continue;
    blocks.push(readBlock(marker.label, text.slice(marker.end, markers[close]!.start)));
    at = close;
  }
  return blocks;
}

function readBlock(label: string, body: string): PemBlock {
  const headers: Record<string, string> = {};
  let base64 = body;
  const split = body.match(/^\s*((?:[\w-]+:[^\r\n]*\r?\n)+)\s*\r?\n([\s\S]*)$/);
  if (split) {
    for (const line of split[1]!.split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
    }
    base64 = split[2]!;
  }
  const compact = base64.replace(/\s+/g, '');
  // A corrupt body becomes empty DER, which every parser rejects: no half-decoded bytes slip through.
  return { label, headers, der: BASE64.test(compact) ? Buffer.from(compact, 'base64') : Buffer.alloc(0) };
}

export function toPem(label: string, der: Buffer, headers: Record<string, string> = {}): string {
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\n`)
    .join('');
  const body =
    der
      .toString('base64')
      .match(/.{1,64}/g)
      ?.join('\n') ?? '';
  return `-----BEGIN ${label}-----\n${head}${head ? '\n' : ''}${body}\n-----END ${label}-----\n`;
}

/** Strict DER → forge ASN.1, or undefined. */
export function derToAsn1(der: Buffer): forge.asn1.Asn1 | undefined {
  if (der.length === 0) return undefined;
  try {
    return forge.asn1.fromDer(der.toString('binary'), true); // strict, and no bytes may trail
  } catch {
    return undefined;
  }
}

export const children = (node: forge.asn1.Asn1 | undefined): forge.asn1.Asn1[] =>
  node && Array.isArray(node.value) ? node.value : [];

export const isUniversal = (node: forge.asn1.Asn1 | undefined, type: number) =>
  node !== undefined && node.tagClass === forge.asn1.Class.UNIVERSAL && node.type === type;

/** Object identifier of an AlgorithmIdentifier-like node's first child. */
export function oidOf(node: forge.asn1.Asn1 | undefined): string | undefined {
  return isUniversal(node, forge.asn1.Type.OID) && typeof node!.value === 'string'
    ? forge.asn1.derToOid(node!.value)
    : undefined;
}

/** A non-negative INTEGER's value; Infinity beyond what a safe JS number holds. */
export function integerOf(node: forge.asn1.Asn1 | undefined): number | undefined {
  if (!isUniversal(node, forge.asn1.Type.INTEGER) || typeof node!.value !== 'string') return undefined;
  const bytes = Buffer.from(node!.value, 'binary');
  if (bytes.length > 6) return Infinity;
  return bytes.length === 0 ? 0 : bytes.readUIntBE(0, bytes.length);
}
