// Type T (tourism) invoices as the store takes them: the `ar-arca-v4` addon's rules 25-31 (each refusal
// keyed by its field), its `vat-refund` charge, and the codes of the two tourism extensions.
import { describe, expect, it } from 'vitest';
import { prepareArcaInvoice } from '@/lib/ar/arca/prepare';

type Doc = Record<string, any>;

/** A hotel's type T invoice to a foreign tourist, prices including VAT, valid as it stands. */
const tourismInvoice = (): Doc => ({
  $schema: 'https://gobl.org/draft-0/bill/invoice',
  $addons: ['ar-arca-v4'],
  series: '3',
  issue_date: '2026-08-15',
  tax: { prices_include: 'VAT', ext: { 'ar-arca-doc-type': '195', 'ar-arca-tourism-type': '1' } },
  supplier: { name: 'Hotel Patagonia S.A.', tax_id: { country: 'AR', code: '30712345671' } },
  customer: {
    name: 'Lucía Fernández',
    identities: [{ key: 'passport', code: 'PAB123456', ext: { 'ar-arca-identity-type': '94' } }],
    addresses: [{ street: 'Calle Mayor 10', locality: 'Madrid', code: '28013', country: 'ES' }],
  },
  lines: [
    {
      quantity: '2',
      item: { name: 'Habitación doble - noche', price: '60500.00' },
      taxes: [{ cat: 'VAT', rate: 'general', ext: { 'ar-arca-tourism-item': '2' } }],
    },
  ],
});

const REFUSALS: [string, (doc: Doc) => void, string[]][] = [
  [
    'no tourism type (25)',
    (doc) => delete doc.tax.ext['ar-arca-tourism-type'],
    ['data.doc.tax.ext.ar-arca-tourism-type'],
  ],
  [
    'a tourism type the authority has not (ext codes)',
    (doc) => (doc.tax.ext['ar-arca-tourism-type'] = '7'),
    ['data.doc.tax.ext.ar-arca-tourism-type'],
  ],
  [
    'a line without its tourism item (26)',
    (doc) => delete doc.lines[0].taxes[0].ext,
    ['data.doc.lines.0.taxes.0.ext.ar-arca-tourism-item'],
  ],
  [
    'a tourism item the authority has not (ext codes)',
    (doc) => (doc.lines[0].taxes[0].ext['ar-arca-tourism-item'] = '3'),
    ['data.doc.lines.0.taxes.0.ext.ar-arca-tourism-item'],
  ],
  ['no customer address (27)', (doc) => delete doc.customer.addresses, ['data.doc.customer.addresses']],
  [
    'a reduced VAT rate (28)',
    (doc) => (doc.lines[0].taxes[0].rate = 'reduced'),
    ['data.doc.lines.0.taxes.0.ext.ar-arca-vat-rate'],
  ],
  ['a line without taxes (29)', (doc) => delete doc.lines[0].taxes, ['data.doc.lines.0.taxes']],
  [
    'a discount without its tourism item (30)',
    (doc) => (doc.discounts = [{ reason: 'Promo', amount: '100.00', taxes: [{ cat: 'VAT', rate: 'general' }] }]),
    ['data.doc.discounts.0.ext.ar-arca-tourism-item'],
  ],
  [
    'an advance without its tourism item (31)',
    (doc) => (doc.payment = { advances: [{ description: 'Seña', amount: '1000.00' }] }),
    ['data.doc.payment.advances.0.ext.ar-arca-tourism-item'],
  ],
  ['a credit note T (197) typed standard (07)', (doc) => (doc.tax.ext['ar-arca-doc-type'] = '197'), ['data.doc.type']],
  ['a debit note T (196) typed standard (08)', (doc) => (doc.tax.ext['ar-arca-doc-type'] = '196'), ['data.doc.type']],
  ['no customer (09)', (doc) => delete doc.customer, ['data.doc.customer']],
];

describe('ar-arca-v4 tourism rules: a type T invoice → 422 fields', () => {
  it('takes the valid invoice, with no ordering or payment though its lines are services', () => {
    const prepared = prepareArcaInvoice(tourismInvoice());
    expect(prepared.ok).toBe(true);
  });

  it.each(REFUSALS)('%s', (_name, breakIt, paths) => {
    const doc = tourismInvoice();
    breakIt(doc);
    const prepared = prepareArcaInvoice(doc);
    if (prepared.ok) throw new Error('the invoice was taken');
    for (const path of paths) expect(prepared.fields).toHaveProperty([path]);
  });
});

describe('ar-arca-v4 tourism normalisation: the vat-refund charge', () => {
  it('adds minus the VAT of the lodging lines, replacing one sent, and the payable is without that VAT', () => {
    const doc = tourismInvoice();
    doc.charges = [{ key: 'vat-refund', reason: 'mine', amount: '-1.00' }];
    const prepared = prepareArcaInvoice(doc);
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.fields));
    expect(prepared.doc.charges).toEqual([
      { i: 1, key: 'vat-refund', reason: 'Reintegro de IVA', amount: '-21000.00' },
    ]);
    expect(prepared.doc.totals).toMatchObject({ sum: '121000.00', tax: '21000.00', payable: '100000.00' });
  });

  it('refunds nothing on excess items (5), and nothing on other document types', () => {
    const excess = tourismInvoice();
    excess.lines[0].taxes[0].ext['ar-arca-tourism-item'] = '5';
    const prepared = prepareArcaInvoice(excess);
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.fields));
    expect(prepared.doc.charges).toBeUndefined();
    expect(prepared.doc.totals).toMatchObject({ payable: '121000.00' });

    const typeB = tourismInvoice();
    typeB.tax.ext = {};
    typeB.lines[0].item.key = 'goods';
    delete typeB.lines[0].taxes[0].ext;
    const b = prepareArcaInvoice(typeB);
    if (!b.ok) throw new Error(JSON.stringify(b.fields));
    expect(b.doc.tax?.ext?.['ar-arca-doc-type']).toBe('6');
    expect(b.doc.charges).toBeUndefined();
  });
});
