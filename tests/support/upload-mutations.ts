// What editors, mail clients, copy-paste and curious suppliers do to a certificate or key file, as
// fast-check arbitraries. Mutations are plain data, so a counterexample prints readably and shrinks.
import fc from 'fast-check';

/** A file part over this size is refused with 413 (the contract's 64 KiB). */
export const UPLOAD_PART_LIMIT = 64 * 1024;

export type Mutation =
  | { kind: 'flip'; at: number; mask: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'insert'; at: number; bytes: number[] }
  | { kind: 'delete'; at: number; length: number }
  /** Another label on the BEGIN line, the END line or both (a key pasted under a certificate's header). */
  | { kind: 'label'; label: string; where: 'begin' | 'end' | 'both' }
  /** Characters written over the file, mostly base64's own alphabet, so the damage hides inside the body. */
  | { kind: 'garbage'; at: number; text: string }
  | { kind: 'unicode'; at: number; text: string }
  | { kind: 'der' }
  | { kind: 'bare-base64' }
  | { kind: 'crlf' }
  | { kind: 'bom' }
  | { kind: 'utf16' }
  | { kind: 'huge'; size: number }
  | { kind: 'blank'; text: string };

const LABELS = [
  'CERTIFICATE',
  'X509 CERTIFICATE',
  'TRUSTED CERTIFICATE',
  'CERTIFICATE REQUEST',
  'NEW CERTIFICATE REQUEST',
  'PRIVATE KEY',
  'RSA PRIVATE KEY',
  'ENCRYPTED PRIVATE KEY',
  'EC PRIVATE KEY',
  'PUBLIC KEY',
  'PKCS7',
  'CMS',
  'X',
  '',
];
const BASE64_NOISE = [
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
  '=',
  '\n',
  ' ',
  '-',
  '!',
  '\0',
  'ñ',
];

const at = fc.nat({ max: 1 << 16 });

export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('flip' as const), at, mask: fc.integer({ min: 1, max: 255 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('truncate' as const), at }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('insert' as const),
      at,
      bytes: fc.array(fc.nat({ max: 255 }), { minLength: 1, maxLength: 12 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('delete' as const), at, length: fc.integer({ min: 1, max: 200 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('label' as const),
      label: fc.constantFrom(...LABELS),
      where: fc.constantFrom('begin' as const, 'end' as const, 'both' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('garbage' as const),
      at,
      text: fc.string({ unit: fc.constantFrom(...BASE64_NOISE), minLength: 1, maxLength: 48 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('unicode' as const),
      at,
      text: fc.string({ unit: 'binary', minLength: 1, maxLength: 16 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'der' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'bare-base64' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'crlf' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'bom' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'utf16' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('huge' as const),
      size: fc.integer({ min: UPLOAD_PART_LIMIT + 1, max: 150_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('blank' as const),
      text: fc.string({ unit: fc.constantFrom(' ', '\n', '\r', '\t'), maxLength: 8 }),
    }),
  },
);

/** None (the file as made) to three mutations in a row. */
export const mutationsArbitrary = fc.array(mutationArbitrary, { maxLength: 3 });

const PEM_LINE = /-----(BEGIN|END) ([^-]*)-----/;

function relabel(text: string, label: string, where: 'begin' | 'end' | 'both'): string {
  let out = text;
  for (const side of where === 'both' ? ['BEGIN', 'END'] : [where.toUpperCase()]) {
    const match = new RegExp(`-----${side} ([^-]*)-----`).exec(out);
    if (match)
      out = `${out.slice(0, match.index)}-----${side} ${label}-----${out.slice(match.index + match[0].length)}`;
  }
  return out;
}

/** The base64 inside the first PEM block (or the whole text when it has none). */
function pemBody(text: string): string {
  const block = /-----BEGIN [^-]*-----([\s\S]*?)-----END/.exec(text);
  return (block ? block[1]! : text).replace(/^[\w-]+:.*$/gm, '').replace(/\s+/g, '');
}

export function applyMutation(file: Buffer, mutation: Mutation): Buffer {
  const position = (n: number) => (file.length === 0 ? 0 : n % (file.length + 1));
  const splice = (index: number, remove: number, insert: Buffer) =>
    Buffer.concat([file.subarray(0, index), insert, file.subarray(index + remove)]);
  switch (mutation.kind) {
    case 'flip': {
      if (file.length === 0) return file;
      const copy = Buffer.from(file);
      copy[mutation.at % copy.length]! ^= mutation.mask;
      return copy;
    }
    case 'truncate':
      return file.subarray(0, position(mutation.at));
    case 'insert':
      return splice(position(mutation.at), 0, Buffer.from(mutation.bytes));
    case 'delete':
      return splice(position(mutation.at), mutation.length, Buffer.alloc(0));
    case 'label':
      return Buffer.from(relabel(file.toString('latin1'), mutation.label, mutation.where), 'latin1');
    case 'garbage': {
      const text = Buffer.from(mutation.text, 'utf8');
      return splice(position(mutation.at), text.length, text);
    }
    case 'unicode':
      return splice(position(mutation.at), 0, Buffer.from(mutation.text, 'utf8'));
    case 'der':
      return PEM_LINE.test(file.toString('latin1')) ? Buffer.from(pemBody(file.toString('latin1')), 'base64') : file;
    case 'bare-base64':
      return Buffer.from(
        PEM_LINE.test(file.toString('latin1')) ? pemBody(file.toString('latin1')) : file.toString('base64'),
      );
    case 'crlf':
      return Buffer.from(file.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1');
    case 'bom':
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), file]);
    case 'utf16':
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(file.toString('latin1'), 'utf16le')]);
    case 'huge': {
      const unit = file.length > 0 ? file : Buffer.from('A');
      return Buffer.concat(Array.from({ length: Math.ceil(mutation.size / unit.length) }, () => unit)).subarray(
        0,
        mutation.size,
      );
    }
    case 'blank':
      return Buffer.from(mutation.text);
  }
}

export const mutate = (file: Buffer, mutations: readonly Mutation[]) => mutations.reduce(applyMutation, file);
