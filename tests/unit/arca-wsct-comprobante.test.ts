// A calculated type T invoice as WSCT's autorizarComprobante request: GOBL's tourism examples mapped field by
// field, and a table of invoices WSCT cannot carry → the field the store names in its 422.
import { describe, expect, it } from 'vitest';
import { Amount } from '@/lib/gobl/num';
import { prepareArcaInvoice } from '@/lib/ar/arca/prepare';
import { toWsctComprobante } from '@/lib/ar/arca/wsct-comprobante';
import { WsctMappingError } from '@/lib/ar/arca/wsct-mapping-error';
import { exampleInput, exampleOutput, TOURISM_EXAMPLES, type Json } from '@/tests/support/gobl-examples';

const prepared = (doc: Json) => {
  const result = prepareArcaInvoice(doc, { path: '' });
  if (!result.ok) throw new Error(JSON.stringify(result.fields));
  return result.doc;
};

describe("GOBL's tourism examples as WSCT requests", () => {
  it('maps the hotel invoice to a tourist: receiver, relation, items, VAT, refund and total', () => {
    expect(toWsctComprobante(prepared(exampleInput('invoice-ar-arca-tourism.json')), 101)).toEqual({
      codigoTipoComprobante: 195,
      numeroPuntoVenta: 3,
      numeroComprobante: 101,
      fechaEmision: '2026-08-15',
      codigoTipoAutorizacion: 'E',
      codigoTipoDocumento: 94,
      numeroDocumento: 'PAB123456',
      idImpositivo: '5',
      codigoPais: 410,
      domicilioReceptor: 'Calle Mayor 10, Madrid, 28013',
      codigoRelacionEmisorReceptor: 1,
      importeGravado: '95000.00',
      importeReintegro: '-19950.00',
      importeTotal: '95000.00',
      codigoMoneda: 'PES',
      cotizacionMoneda: '1',
      arrayItems: {
        item: [
          {
            tipo: 0,
            codigoTurismo: 1,
            descripcion: 'Habitación doble estándar - noche 1',
            codigoAlicuotaIVA: 5,
            importeIVA: '10500.00',
            importeItem: '60500.00',
          },
          {
            tipo: 0,
            codigoTurismo: 1,
            descripcion: 'Habitación doble estándar - noche 2',
            codigoAlicuotaIVA: 5,
            importeIVA: '9450.00',
            importeItem: '54450.00',
          },
        ],
      },
      arraySubtotalesIVA: { subtotalIVA: [{ codigo: 5, importe: '19950.00' }] },
    });
  });

  it.each(TOURISM_EXAMPLES)("%s: the refund is GOBL's vat-refund charge and the total its payable", (name) => {
    const gobl = exampleOutput(name).doc;
    const request = toWsctComprobante(prepared(exampleInput(name)), 1);
    expect(request.importeTotal).toBe(gobl.totals.payable);
    expect(request.importeReintegro).toBe(gobl.charges[0].amount);
    expect(request.arraySubtotalesIVA.subtotalIVA[0]!.importe).toBe(gobl.totals.tax);
    const parts = [
      request.importeGravado,
      request.importeReintegro,
      request.arraySubtotalesIVA.subtotalIVA[0]!.importe,
    ];
    expect(parts.reduce((sum, part) => sum.add(Amount.parse(part)), Amount.zero(2)).toString()).toBe(
      request.importeTotal,
    );
  });

  it('names the document a credit note corrects, and takes prices without VAT', () => {
    const doc = exampleInput('invoice-ar-arca-tourism.json');
    doc.type = 'credit-note';
    doc.tax = { ext: { 'ar-arca-doc-type': '197', 'ar-arca-tourism-type': '1' } };
    doc.preceding = [{ series: '3', code: '101', issue_date: '2026-08-15', ext: { 'ar-arca-doc-type': '195' } }];
    doc.lines = [doc.lines[0]];
    doc.lines[0].item.price = '50000.00';
    const request = toWsctComprobante(prepared(doc), 7);
    expect(request).toMatchObject({
      codigoTipoComprobante: 197,
      importeGravado: '50000.00',
      importeReintegro: '-10500.00',
      importeTotal: '50000.00',
      arrayItems: { item: [{ importeIVA: '10500.00', importeItem: '60500.00' }] },
      arrayComprobantesAsociados: {
        comprobanteAsociado: [{ codigoTipoComprobante: 195, numeroPuntoVenta: 3, numeroComprobante: 101 }],
      },
    });
  });

  it('is no mapping for other types', () => {
    const doc = prepared(exampleInput('invoice-ar-arca-standard.json'));
    expect(() => toWsctComprobante(doc, 1)).toThrow(WsctMappingError);
  });
});

type Doc = Record<string, any>;
const REFUSALS: [string, (doc: Doc) => void, string][] = [
  [
    'a country without an authority code',
    (doc) => (doc.customer.addresses[0].country = 'KE'),
    'customer.addresses.0.country',
  ],
  [
    'a tourist relation with a receiver in Argentina (355)',
    (doc) => (doc.customer.addresses[0].country = 'AR'),
    'customer.addresses.0.country',
  ],
  [
    'a resident agency relation with a receiver abroad (355)',
    (doc) => (doc.tax.ext['ar-arca-tourism-type'] = '2'),
    'customer.tax_id',
  ],
  [
    'an identity WSCT does not take (353)',
    (doc) => (doc.customer.identities[0].ext['ar-arca-identity-type'] = '89'),
    'customer.identities',
  ],
  ['a point of sale past 9999', (doc) => (doc.series = '12000'), 'series'],
  ['a currency without its exchange rate (24)', (doc) => (doc.currency = 'USD'), 'exchange_rates'],
  [
    'a currency without an authority code',
    (doc) => Object.assign(doc, { currency: 'CHF', exchange_rates: [{ from: 'CHF', to: 'ARS', amount: '1300' }] }),
    'currency',
  ],
  [
    'a charge that is not a tax',
    (doc) => (doc.charges = [{ key: 'delivery', reason: 'Traslado', amount: '100.00' }]),
    'charges.0',
  ],
  ['no tourism type (25)', (doc) => delete doc.tax.ext['ar-arca-tourism-type'], 'tax.ext.ar-arca-tourism-type'],
];

describe('a type T invoice WSCT cannot carry → 422 naming the field', () => {
  it.each(REFUSALS)('%s', (_name, breakIt, field) => {
    const doc = exampleInput('invoice-ar-arca-tourism.json');
    breakIt(doc);
    const result = prepareArcaInvoice(doc);
    if (result.ok) throw new Error('the invoice was taken');
    expect(Object.keys(result.fields)).toContain(`data.doc.${field}`);
  });

  it('takes a foreign currency with its exchange rate, at six places', () => {
    const doc = exampleInput('invoice-ar-arca-tourism.json');
    Object.assign(doc, { currency: 'USD', exchange_rates: [{ from: 'USD', to: 'ARS', amount: '1050.5' }] });
    expect(toWsctComprobante(prepared(doc), 1)).toMatchObject({ codigoMoneda: 'DOL', cotizacionMoneda: '1050.500000' });
  });
});
