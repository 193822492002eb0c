// The `ar-arca-v4` addon's rules and normalisation as the store applies them: a table of invoices each
// breaking one rule → the field paths refused (in the stored form, `data.doc.…`), and a table of what
// normalisation fills in.
import { describe, expect, it } from 'vitest';
import { prepareArcaInvoice } from '@/lib/ar/arca/prepare';

type Doc = Record<string, any>;

/** A type A invoice of goods, valid as it stands. */
const validInvoice = (): Doc => ({
  $schema: 'https://gobl.org/draft-0/bill/invoice',
  $addons: ['ar-arca-v4'],
  series: '3',
  issue_date: '2026-03-02',
  supplier: { name: 'Ferretería El Tornillo S.R.L.', tax_id: { country: 'AR', code: '30712345671' } },
  customer: { name: 'Cliente Comercial S.R.L.', tax_id: { country: 'AR', code: '30987654321' } },
  lines: [
    {
      quantity: '2',
      item: { name: 'Tornillos', price: '100.00', key: 'goods' },
      taxes: [{ cat: 'VAT', rate: 'general' }],
    },
  ],
});

const services = (doc: Doc) => {
  doc.lines[0].item.key = 'services';
  doc.ordering = { period: { start: '2026-02-01', end: '2026-02-28' } };
  doc.payment = { terms: { due_dates: [{ date: '2026-03-20', percent: '100%' }] } };
};
const creditNote = (doc: Doc) => {
  doc.type = 'credit-note';
  doc.preceding = [{ series: '3', code: '00000041', issue_date: '2026-03-01', ext: { 'ar-arca-doc-type': '1' } }];
};

const REFUSALS: [string, (doc: Doc) => void, string[]][] = [
  [
    'no series (01)',
    (doc) => {
      delete doc.series;
    },
    ['data.doc.series'],
  ],
  [
    'series 0 (02)',
    (doc) => {
      doc.series = '0';
    },
    ['data.doc.series'],
  ],
  [
    'series 99999 (02)',
    (doc) => {
      doc.series = '99999';
    },
    ['data.doc.series'],
  ],
  [
    'series not a number (02)',
    (doc) => {
      doc.series = 'A1';
    },
    ['data.doc.series'],
  ],
  [
    'type "other" and no doc type (04)',
    (doc) => {
      doc.type = 'other';
    },
    ['data.doc.tax.ext.ar-arca-doc-type'],
  ],
  [
    'credit-note with an invoice doc type (05)',
    (doc) => {
      creditNote(doc);
      doc.tax = { ext: { 'ar-arca-doc-type': '1' } };
    },
    ['data.doc.type'],
  ],
  [
    'debit-note with an invoice doc type (06)',
    (doc) => {
      creditNote(doc);
      doc.type = 'debit-note';
      doc.tax = { ext: { 'ar-arca-doc-type': '6' } };
    },
    ['data.doc.type', 'data.doc.customer.ext.ar-arca-vat-status'],
  ],
  [
    'a credit note doc type on a standard invoice (07)',
    (doc) => {
      doc.tax = { ext: { 'ar-arca-doc-type': '3' } };
    },
    ['data.doc.type'],
  ],
  [
    'a debit note doc type on a standard invoice (08)',
    (doc) => {
      doc.tax = { ext: { 'ar-arca-doc-type': '2' } };
    },
    ['data.doc.type'],
  ],
  [
    'type A with no customer (09)',
    (doc) => {
      delete doc.customer;
      doc.tax = { ext: { 'ar-arca-doc-type': '1' } };
    },
    ['data.doc.customer'],
  ],
  [
    'a customer with neither tax ID nor typed identity (10)',
    (doc) => {
      delete doc.customer.tax_id;
    },
    ['data.doc.customer'],
  ],
  [
    'type 49 to a registered company (12)',
    (doc) => {
      doc.type = 'other';
      doc.tax = { ext: { 'ar-arca-doc-type': '49' } };
    },
    ['data.doc.customer.ext.ar-arca-vat-status'],
  ],
  [
    'type A to an exempt customer (13)',
    (doc) => {
      doc.customer.ext = { 'ar-arca-vat-status': '4' };
      doc.tax = { ext: { 'ar-arca-doc-type': '1' } };
    },
    ['data.doc.customer.ext.ar-arca-vat-status'],
  ],
  [
    'type B to a registered company (14)',
    (doc) => {
      doc.tax = { ext: { 'ar-arca-doc-type': '6' } };
    },
    ['data.doc.customer.ext.ar-arca-vat-status'],
  ],
  [
    'services with no ordering (15)',
    (doc) => {
      services(doc);
      delete doc.ordering;
    },
    ['data.doc.ordering'],
  ],
  [
    'services with no period (16)',
    (doc) => {
      services(doc);
      doc.ordering = {};
    },
    ['data.doc.ordering.period'],
  ],
  [
    'services with no payment (17)',
    (doc) => {
      services(doc);
      delete doc.payment;
    },
    ['data.doc.payment'],
  ],
  [
    'services with no payment terms (18)',
    (doc) => {
      services(doc);
      doc.payment = {};
    },
    ['data.doc.payment.terms'],
  ],
  [
    'services with no due date (19)',
    (doc) => {
      services(doc);
      doc.payment = { terms: {} };
    },
    ['data.doc.payment.terms.due_dates'],
  ],
  [
    'goods with a due date (20)',
    (doc) => {
      doc.payment = { terms: { due_dates: [{ date: '2026-03-20', percent: '100%' }] } };
    },
    ['data.doc.payment.terms.due_dates'],
  ],
  [
    'a credit note with no preceding (21)',
    (doc) => {
      doc.type = 'credit-note';
    },
    ['data.doc.preceding'],
  ],
  [
    'a preceding without its doc type (22)',
    (doc) => {
      creditNote(doc);
      delete doc.preceding[0].ext;
    },
    ['data.doc.preceding.0.ext.ar-arca-doc-type'],
  ],
  [
    'type C with line taxes (23)',
    (doc) => {
      doc.$tags = ['monotax'];
    },
    ['data.doc.lines.0.taxes'],
  ],
  [
    'dollars with no exchange rate (24)',
    (doc) => {
      doc.currency = 'USD';
    },
    ['data.doc.exchange_rates'],
  ],
  [
    'a tax charge with no tax type',
    (doc) => {
      doc.charges = [{ key: 'tax', percent: '3%' }];
    },
    ['data.doc.charges.0.ext.ar-arca-tax-type'],
  ],
  [
    'a tax type with an amount, not a percent',
    (doc) => {
      doc.charges = [{ key: 'tax', amount: '10.00', ext: { 'ar-arca-tax-type': '5' } }];
    },
    ['data.doc.charges.0.percent'],
  ],
  [
    'tax type 99 with no reason',
    (doc) => {
      doc.charges = [{ key: 'tax', percent: '1%', ext: { 'ar-arca-tax-type': '99' } }];
    },
    ['data.doc.charges.0.reason'],
  ],
  [
    'a VAT percent with no authority code',
    (doc) => {
      doc.lines[0].taxes = [{ cat: 'VAT', percent: '15%' }];
    },
    ['data.doc.lines.0.taxes.0.ext.ar-arca-vat-rate'],
  ],
  [
    'an unknown doc type code',
    (doc) => {
      doc.tax = { ext: { 'ar-arca-doc-type': '999' } };
    },
    ['data.doc.tax.ext.ar-arca-doc-type'],
  ],
  [
    'an unknown identity type',
    (doc) => {
      doc.customer = { name: 'Juan', identities: [{ code: '25123456', ext: { 'ar-arca-identity-type': '97' } }] };
    },
    ['data.doc.customer.identities.0.ext.ar-arca-identity-type'],
  ],
  [
    'a letter that contradicts the doc type',
    (doc) => {
      doc.tax = { ext: { 'ar-arca-doc-letter': 'B', 'ar-arca-doc-type': '1' } };
    },
    ['data.doc.tax.ext.ar-arca-doc-letter'],
  ],
  [
    'a letter that is none',
    (doc) => {
      doc.tax = { ext: { 'ar-arca-doc-letter': 'Z' } };
    },
    ['data.doc.tax.ext.ar-arca-doc-letter'],
  ],
  [
    'a tax category the regime does not have',
    (doc) => {
      doc.lines[0].taxes = [{ cat: 'IVA', rate: 'general' }];
    },
    ['data.doc.lines.0.taxes.0.cat'],
  ],
  [
    'a rate the regime does not have',
    (doc) => {
      doc.lines[0].taxes = [{ cat: 'VAT', rate: 'super-reduced' }];
    },
    ['data.doc.lines.0.taxes.0.rate'],
  ],
  [
    'a rate before it existed',
    (doc) => {
      doc.issue_date = '1990-01-01';
    },
    ['data.doc.lines.0.taxes.0.rate'],
  ],
  [
    'a quantity that is not a number',
    (doc) => {
      doc.lines[0].quantity = '2,5';
    },
    ['data.doc.lines.0.quantity'],
  ],
  [
    'a price as a JSON number',
    (doc) => {
      doc.lines[0].item.price = 100;
    },
    ['data.doc.lines.0.item.price'],
  ],
  [
    'an issue date that is not a date',
    (doc) => {
      doc.issue_date = '02/03/2026';
    },
    ['data.doc.issue_date'],
  ],
];

describe('ar-arca-v4 rules: invoice → 422 fields', () => {
  it('takes the valid invoice', () => {
    expect(prepareArcaInvoice(validInvoice())).toMatchObject({ ok: true });
  });

  it.each(REFUSALS)('%s', (_name, breakIt, paths) => {
    const doc = validInvoice();
    breakIt(doc);
    const result = prepareArcaInvoice(doc);
    expect(result.ok).toBe(false);
    expect(Object.keys(result.ok ? {} : result.fields).sort()).toEqual([...paths].sort());
  });

  it('names paths under the prefix it is given', () => {
    const doc = validInvoice();
    delete doc.series;
    expect(prepareArcaInvoice(doc, { path: 'doc' })).toEqual({
      ok: false,
      fields: { 'doc.series': expect.any(String) },
    });
  });

  it('refuses more rows than any invoice needs before working on them', () => {
    const doc = validInvoice();
    doc.lines = Array.from({ length: 2001 }, () => doc.lines[0]);
    expect(prepareArcaInvoice(doc)).toEqual({ ok: false, fields: { 'data.doc.lines': expect.any(String) } });
  });
});

const prepared = (change: (doc: Doc) => void): Doc => {
  const doc = validInvoice();
  change(doc);
  const result = prepareArcaInvoice(doc);
  if (!result.ok) throw new Error(JSON.stringify(result.fields));
  return result.doc as Doc;
};

describe('ar-arca-v4 normalisation', () => {
  it.each([
    ['a registered customer: A', () => {}, '1', 'A'],
    ['a credit note to a registered customer: A', creditNote, '3', 'A'],
    [
      'a final consumer (no customer): B',
      (doc: Doc) => {
        delete doc.customer;
      },
      '6',
      'B',
    ],
    [
      'a foreign customer: B',
      (doc: Doc) => {
        doc.customer.tax_id = { country: 'BR', code: '11222333000181' };
      },
      '6',
      'B',
    ],
    [
      'a monotributista supplier: C',
      (doc: Doc) => {
        doc.$tags = ['monotax'];
        delete doc.lines[0].taxes;
      },
      '11',
      'C',
    ],
    [
      'letter B on a credit note: 8',
      (doc: Doc) => {
        creditNote(doc);
        doc.customer.ext = { 'ar-arca-vat-status': '4' };
        doc.tax = { ext: { 'ar-arca-doc-letter': 'B' } };
      },
      '8',
      'B',
    ],
    [
      'letter M: 51',
      (doc: Doc) => {
        doc.tax = { ext: { 'ar-arca-doc-letter': 'M' } };
      },
      '51',
      'M',
    ],
    [
      'letter E: 19, an export as WSFEX takes it',
      (doc: Doc) => {
        doc.tax = { ext: { 'ar-arca-doc-letter': 'E', 'ar-fex-incoterm': 'FOB' } };
        doc.customer = {
          name: 'Global Tech Inc.',
          tax_id: { country: 'US', code: '123456789' },
          addresses: [{ street: '123 Market Street', locality: 'San Francisco', country: 'US' }],
        };
        for (const line of doc.lines) line.taxes = [{ cat: 'VAT', key: 'zero' }];
        doc.payment = { terms: { detail: 'Transferencia' } };
      },
      '19',
      'E',
    ],
    [
      'letter T: 195 (with the tourism fields its rules ask for, tests/unit/arca-tourism-rules.test.ts)',
      (doc: Doc) => {
        doc.tax = { ext: { 'ar-arca-doc-letter': 'T', 'ar-arca-tourism-type': '2' } };
        doc.customer.addresses = [{ street: 'Florida 100', locality: 'CABA', country: 'AR' }];
        doc.lines[0].taxes[0].ext = { 'ar-arca-tourism-item': '1' };
      },
      '195',
      'T',
    ],
  ])('doc type for %s', (_name, change, docType, letter) => {
    expect(prepared(change).tax.ext).toMatchObject({ 'ar-arca-doc-type': docType, 'ar-arca-doc-letter': letter });
  });

  it.each([
    [
      'no tax ID: final consumer',
      (doc: Doc) => {
        doc.customer = { name: 'Juan', identities: [{ code: '25123456', ext: { 'ar-arca-identity-type': '96' } }] };
      },
      '5',
    ],
    [
      'a foreign tax ID: foreign customer',
      (doc: Doc) => {
        doc.customer.tax_id = { country: 'BR', code: '1' };
      },
      '9',
    ],
    ['an Argentine tax ID: registered', () => {}, '1'],
    [
      'a monotributista kept',
      (doc: Doc) => {
        doc.customer.ext = { 'ar-arca-vat-status': '6' };
      },
      '6',
    ],
    [
      'a status that is no code: the default, as GOBL does',
      (doc: Doc) => {
        doc.customer.ext = { 'ar-arca-vat-status': '2' };
      },
      '1',
    ],
  ])('customer VAT status with %s', (_name, change, status) => {
    expect(prepared(change).customer.ext['ar-arca-vat-status']).toBe(status);
  });

  // GOBL would silently make a final consumer (5) with a CUIT a Responsable Inscripto (1), so an invoice meant
  // as a B went out as an A: the store refuses it instead, naming the field and the statuses that fit.
  it.each([
    [
      '5 with a CUIT',
      { tax_id: { country: 'AR', code: '30500010912' } },
      '5',
      /1, 6, 13, 16, 4, 7, 10, 15; a final consumer is named by an identity/,
    ],
    [
      '1 without a tax ID',
      { identities: [{ code: '25123456', ext: { 'ar-arca-identity-type': '96' } }] },
      '1',
      /5, 4, 7, 10, 15; a customer of a type A document is named by its tax_id \(CUIT\)$/,
    ],
    ['9 (foreign) with a CUIT', { tax_id: { country: 'AR', code: '30500010912' } }, '9', /1, 6, 13, 16, 4, 7, 10, 15$/],
  ])('refuses a customer VAT status its tax ID contradicts: %s', (_name, party, status, reason) => {
    const doc = validInvoice();
    doc.customer = { name: 'Cliente', ...party, ext: { 'ar-arca-vat-status': status } };
    const result = prepareArcaInvoice(doc);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fields['data.doc.customer.ext.ar-arca-vat-status']).toMatch(reason);
    expect(result.fields['data.doc.customer.ext.ar-arca-vat-status']).toContain(`VAT status ${status} does not fit`);
  });

  it.each([
    [{ cat: 'VAT', rate: 'general' }, '5', '21.0%'],
    [{ cat: 'VAT', rate: 'standard' }, '5', '21.0%'],
    [{ cat: 'VAT', rate: 'reduced' }, '4', '10.5%'],
    [{ cat: 'VAT', rate: 'increased' }, '6', '27.0%'],
    [{ cat: 'VAT', key: 'zero' }, '3', '0%'],
    [{ cat: 'VAT', rate: 'zero' }, '3', '0%'],
    [{ cat: 'VAT', percent: '10.5%' }, '4', '10.5%'],
    [{ cat: 'VAT', percent: '2.5%' }, '9', '2.5%'],
    [{ cat: 'VAT', percent: '5%', ext: { 'ar-arca-vat-rate': '8' } }, '8', '5%'],
  ])('VAT combo %j: code %s at %s', (combo, code, percent) => {
    const doc = prepared((invoice) => {
      invoice.lines[0].taxes = [combo];
    });
    expect(doc.lines[0].taxes[0]).toMatchObject({ cat: 'VAT', percent, ext: { 'ar-arca-vat-rate': code } });
  });

  it('concept from the item keys: 1 goods, 2 services, 3 both', () => {
    expect(prepared(() => {}).tax.ext['ar-arca-concept']).toBe('1');
    expect(prepared(services).tax.ext['ar-arca-concept']).toBe('2');
    expect(
      prepared((doc) => {
        services(doc);
        doc.lines.push({
          quantity: '1',
          item: { name: 'Caja', price: '5.00', key: 'goods' },
          taxes: [{ cat: 'VAT', rate: 'general' }],
        });
      }).tax.ext['ar-arca-concept'],
    ).toBe('3');
  });

  it('exempt lines need no rate code and carry no percent', () => {
    const doc = prepared((invoice) => {
      invoice.lines[0].taxes = [{ cat: 'VAT', key: 'exempt' }];
    });
    expect(doc.lines[0].taxes[0]).toEqual({ cat: 'VAT', key: 'exempt' });
    expect(doc.totals.taxes.categories[0].rates[0]).toEqual({ key: 'exempt', base: '200.00', amount: '0.00' });
  });

  it('keeps fields it does not calculate and fills what GOBL fills', () => {
    const doc = prepared((invoice) => {
      invoice.notes = [{ text: 'Gracias' }];
      delete invoice.$addons;
    });
    expect(doc).toMatchObject({
      $regime: 'AR',
      $addons: ['ar-arca-v4'],
      type: 'standard',
      currency: 'ARS',
      notes: [{ text: 'Gracias' }],
      lines: [{ i: 1, sum: '200.00', total: '200.00' }],
      totals: { sum: '200.00', total: '200.00', tax: '42.00', total_with_tax: '242.00', payable: '242.00' },
    });
    expect(doc).not.toHaveProperty('uuid');
  });
});
