// Every example of GOBL's `examples/ar` (tests/fixtures/gobl, README there for the commits) run through our
// normalisation and calculation as GOBL runs it (the addon's normalisation, lib/gobl's calculation, the addon's
// rules): the document must equal GOBL's calculated twin in `out/` — every total, line sum and total, charge
// amount, tax category and rate (key, ext, base, percent, amount), due date, extension and normalised field —
// apart from the differences listed below, each with its reason. Then the store: it gives a document that
// names no rounding rule "currency" (STORE_ROUNDING), which GOBL's `out/` was not calculated with.
import { describe, expect, it } from 'vitest';
import { normaliseArcaCombo, normaliseArcaInvoice } from '@/lib/ar/arca/normalise';
import { prepareArcaInvoice, STORE_ROUNDING } from '@/lib/ar/arca/prepare';
import { checkArcaRules } from '@/lib/ar/arca/rules';
import { calculateInvoice } from '@/lib/gobl/bill';
import { CalculableInvoiceSchema } from '@/lib/gobl/invoice';
import {
  ARCA_EXAMPLES,
  EXAMPLES,
  exampleInput,
  exampleOutput,
  hasOutput,
  type Json,
} from '@/tests/support/gobl-examples';

/**
 * Not compared: what GOBL adds to the envelope that we do not make (its `head` with the document's digest
 * and an envelope uuid; `sigs`), and our own `ar-arca-doc-letter`, which GOBL does not know. Pre-release
 * spellings in the stored pairs are read as today's (LEGACY_SPELLINGS in tests/support/gobl-examples.ts).
 */
const IGNORED_ENVELOPE = ['head', 'sigs'];
const OURS_ONLY = ['tax.ext.ar-arca-doc-letter'];

/**
 * Per example, where our stored form and GOBL's stored output differ: the value ours has there, and why.
 * (GOBL also generates a document `uuid` when none is given; we keep the one sent and make none, so every
 * example, which brings its own, compares equal there.)
 */
const DIFFERENCES: Record<string, { path: string; ours: unknown; why: string }[]> = {
  'invoice-ar-arca-export.json': [
    {
      path: 'tax.ext.ar-arca-doc-type',
      ours: '6',
      why:
        'the stored output is from a pre-release addon that defaulted every customer with a tax ID to type A; ' +
        'the current addon gives a foreign customer (VAT status 9) type B, and its rule 13 refuses A for status 9',
    },
  ],
  'invoice-ar-arca-monotributo.json': [
    {
      path: 'charges.0.description',
      ours: 'Tributo Nacional',
      why: 'GOBL drops fields its schema does not define; the store keeps every field it was sent',
    },
  ],
  'invoice-ar-arca-services.json': [
    {
      path: '$tags',
      ours: ['vat-registered'],
      why: 'the stored input still carries a pre-release scenario tag that the output was not calculated with',
    },
  ],
  'invoice-ar-arca-foreign-customer.json': [
    {
      path: '$tags',
      ours: ['simplified'],
      why: 'the stored input carries a tag that the output was not calculated with',
    },
  ],
};

const getPath = (doc: Json, dotted: string) => dotted.split('.').reduce<any>((at, part) => at?.[part], doc);
function dropPath(doc: Json, dotted: string) {
  const parts = dotted.split('.');
  const parent = getPath(doc, parts.slice(0, -1).join('.')) ?? (parts.length === 1 ? doc : undefined);
  if (parent) delete parent[parts.at(-1)!];
}

/** GOBL's own pipeline: the addon's normalisation when the example names the addon, the calculation, the rules. */
function goblCalculation(input: Json): Json {
  const doc = CalculableInvoiceSchema.parse(input);
  const withAddon = doc.$addons?.includes('ar-arca-v4');
  if (withAddon) expect(normaliseArcaInvoice(doc)).toEqual({});
  const calculated = calculateInvoice(doc, withAddon ? { combo: normaliseArcaCombo } : {});
  expect(calculated.fields).toEqual({});
  if (withAddon) expect(checkArcaRules(calculated.doc)).toEqual({});
  return calculated.doc as Json;
}

/** GOBL's output with what we do not make or compare taken out of both sides. */
function comparable(name: string, ours: Json) {
  const envelope = exampleOutput(name);
  for (const key of IGNORED_ENVELOPE) delete envelope[key];
  for (const dotted of OURS_ONLY) dropPath(ours, dotted);
  for (const difference of DIFFERENCES[name] ?? []) {
    expect(getPath(ours, difference.path), difference.why).toEqual(difference.ours);
    dropPath(ours, difference.path);
    dropPath(envelope.doc, difference.path);
  }
  return { ours, gobl: envelope.doc as Json };
}

describe('GOBL examples/ar: our calculation equals GOBL examples/ar/out', () => {
  it('has every example and its calculated twin', () => {
    expect(EXAMPLES).toHaveLength(19);
    for (const name of EXAMPLES) expect(hasOutput(name)).toBe(true);
  });

  it.each(EXAMPLES)('%s', (name) => {
    const { ours, gobl } = comparable(name, goblCalculation(exampleInput(name)));
    expect(ours).toEqual(gobl);
  });
});

/**
 * The store calculates an invoice that names no rounding rule under "currency" (round-then-sum), and keeps
 * `tax.rounding: "currency"` in the document. GOBL's `out/` holds only its default "precise" calculation of
 * these examples (no "currency" twin, and no Go toolchain at hand to make one), so this is no comparison with
 * GOBL's "currency" calculator: it pins that for every example the store's "currency" figures are GOBL's own
 * "precise" ones (none of them rounds differently under the two rules), the stored form being `out/` with
 * `tax.rounding: "currency"` added and nothing else; and that one asking for "precise" is stored as GOBL did.
 * Where the rules part (quantities of many decimals, several rates), tests/unit/arca-voucher-totals.test.ts.
 */
describe('GOBL examples/ar as the store keeps them: tax.rounding "currency", the same figures', () => {
  it.each(ARCA_EXAMPLES)('%s', (name) => {
    const prepared = prepareArcaInvoice(exampleInput(name), { path: '' });
    if (!prepared.ok) throw new Error(`${name} was refused: ${JSON.stringify(prepared.fields)}`);
    const { ours, gobl } = comparable(name, prepared.doc as Json);
    expect(ours.tax.rounding).toBe(STORE_ROUNDING);
    expect(ours).toEqual({ ...gobl, tax: { ...gobl.tax, rounding: STORE_ROUNDING } });
  });

  it.each(ARCA_EXAMPLES)('%s asking for "precise" is stored as GOBL calculated it', (name) => {
    const input = exampleInput(name);
    const prepared = prepareArcaInvoice({ ...input, tax: { ...input.tax, rounding: 'precise' } }, { path: '' });
    if (!prepared.ok) throw new Error(`${name} was refused: ${JSON.stringify(prepared.fields)}`);
    const { ours, gobl } = comparable(name, prepared.doc as Json);
    expect(ours).toEqual({ ...gobl, tax: { ...gobl.tax, rounding: 'precise' } });
  });
});
