// GOBL's `examples/ar` as the tests read them (tests/fixtures/gobl, README there): each example and its
// calculated twin, with the addon's pre-release spellings read as today's through one explicit table.
import fs from 'node:fs';
import path from 'node:path';

const FIXTURES = path.join(__dirname, '../fixtures/gobl/ar');

export const EXAMPLES = fs
  .readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.json'))
  .sort();
export const ARCA_EXAMPLES = EXAMPLES.filter((name) => name.startsWith('invoice-ar-arca-'));
/** Type T (tourism): issued through WSCT, not WSFEv1. */
export const TOURISM_EXAMPLES = ARCA_EXAMPLES.filter((name) => name.startsWith('invoice-ar-arca-tourism'));
export const WSFEV1_EXAMPLES = ARCA_EXAMPLES.filter((name) => !TOURISM_EXAMPLES.includes(name));

export type Json = Record<string, any>;

/**
 * Where a stored pair predates the addon's current names, both sides are read through this table:
 * zero-padded document types (`"003"` is 3), renamed extensions and tags, and tributes, once charges named
 * after the tax, now `key: "tax"` with the type's code.
 */
export const LEGACY_SPELLINGS = {
  extensions: { 'ar-arca-transaction-type': 'ar-arca-concept', 'ar-arca-tribute-type': 'ar-arca-tax-type' } as Record<
    string,
    string
  >,
  tags: { 'simplified-scheme': 'monotax', 'simplified-regime': 'monotax' } as Record<string, string>,
  chargeKeys: { 'gross-income-tax': '5', 'municipal-taxes': '3' } as Record<string, string>,
};

function respell(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) {
    if (key === '$tags') return value.map((tag: string) => LEGACY_SPELLINGS.tags[tag] ?? tag);
    if (key === 'charges') return value.map((charge) => respellCharge(respell(charge) as Json));
    return value.map((item) => respell(item));
  }
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [name, inner] of Object.entries(value)) {
    if (key === 'ext') {
      const renamed = LEGACY_SPELLINGS.extensions[name] ?? name;
      out[renamed] = renamed === 'ar-arca-doc-type' ? String(Number(inner)) : inner;
    } else {
      out[name] = respell(inner, name);
    }
  }
  return out;
}

function respellCharge(charge: Json): Json {
  const code = LEGACY_SPELLINGS.chargeKeys[charge.key];
  if (!code) return charge;
  return { ...charge, key: 'tax', ext: { ...charge.ext, 'ar-arca-tax-type': code } };
}

const read = (file: string): Json => JSON.parse(fs.readFileSync(path.join(FIXTURES, file), 'utf8'));

/** The example as written, in today's spelling. */
export const exampleInput = (name: string) => respell(read(name)) as Json;

/** GOBL's calculated envelope for the example, in today's spelling. */
export const exampleOutput = (name: string) => respell(read(`out/${name}`)) as Json;

export const hasOutput = (name: string) => fs.existsSync(path.join(FIXTURES, 'out', name));
