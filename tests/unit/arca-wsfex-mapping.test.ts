// A calculated export invoice (E) as WSFEX's FEXAuthorize `Cmp`: a dollar invoice in full, what GOBL's fields
// and our `ar-fex-*` extensions become, and every refusal as a table of input → the field it names, which the
// store answers as 422 before a number is taken.
import { describe, expect, it } from 'vitest';
import { prepareArcaInvoice } from '@/lib/ar/arca/prepare';
import { toFexRequest, withExportNumber } from '@/lib/ar/arca/wsfex-mapping';
import { WsfexMappingError } from '@/lib/ar/arca/wsfex-mapping-error';
import { invoiceDoc } from '@/tests/support/invoice-docs';

const SUPPLIER = '30712345671';
type Doc = Record<string, any>;
const exportDoc = (change: (doc: Doc) => void = () => {}) => {
  const doc: Doc = structuredClone(
    invoiceDoc(SUPPLIER, {
      series: '3',
      issue_date: '2026-11-20',
      currency: 'USD',
      exchange_rates: [{ from: 'USD', to: 'ARS', amount: '1045.5' }],
      tax: { ext: { 'ar-arca-doc-letter': 'E', 'ar-fex-language': '2' } },
    }),
  );
  change(doc);
  return doc;
};
const prepared = (doc: Doc) => {
  const result = prepareArcaInvoice(doc, { path: '' });
  if (!result.ok) throw new Error(JSON.stringify(result.fields));
  return result.doc;
};

describe('an export invoice in dollars', () => {
  it('is the whole Cmp, numbered and given its request id by the caller', () => {
    const voucher = toFexRequest(
      prepared(
        exportDoc((doc) => {
          doc.lines[0].item.ref = 'TOR-1';
          doc.lines[0].item.unit = 'kg';
          doc.lines[0].discounts = [{ percent: '10%', reason: 'Volumen' }];
          doc.tax.ext['ar-fex-permit'] = '26001EC01000123X';
          doc.notes = [{ text: 'Mercadería embarcada en Buenos Aires' }];
        }),
      ),
    );
    expect(withExportNumber(voucher, 41, 7)).toEqual({
      Id: 41,
      Fecha_cbte: '20261120',
      Cbte_Tipo: 19,
      Punto_vta: 3,
      Cbte_nro: 7,
      Tipo_expo: 1,
      Permiso_existente: 'S',
      Permisos: { Permiso: [{ Id_permiso: '26001EC01000123X', Dst_merc: 212 }] },
      Dst_cmp: 212,
      Cliente: 'Importadora del Norte LLC',
      Domicilio_cliente: '123 Market Street, San Francisco, CA, 94105, US',
      Id_impositivo: '123456789',
      Moneda_Id: 'DOL',
      Moneda_ctz: '1045.500000',
      Imp_total: '180.00',
      Obs: 'Mercadería embarcada en Buenos Aires',
      Forma_pago: 'Transferencia a 30 días',
      Incoterms: 'FOB',
      Incoterms_Ds: 'Free On Board',
      Idioma_cbte: 2,
      Items: {
        Item: [
          {
            Pro_codigo: 'TOR-1',
            Pro_ds: 'Tornillos',
            Pro_qty: '2',
            Pro_umed: 1,
            Pro_precio_uni: '100.00',
            Pro_bonificacion: '20.000000',
            Pro_total_item: '180.00',
          },
        ],
      },
    });
  });

  it('in pesos, Spanish, without a permit: PES at 1, language 1, Permiso_existente N', () => {
    const voucher = toFexRequest(
      prepared(
        exportDoc((doc) => {
          doc.currency = 'ARS';
          delete doc.exchange_rates;
          delete doc.tax.ext['ar-fex-language'];
        }),
      ),
    );
    expect(voucher).toMatchObject({ Moneda_Id: 'PES', Moneda_ctz: '1', Idioma_cbte: 1, Permiso_existente: 'N' });
    expect(voucher.Permisos).toBeUndefined();
  });

  it('a rate given the other way (ARS → USD) is inverted to six places', () => {
    const voucher = toFexRequest(
      prepared(exportDoc((doc) => (doc.exchange_rates = [{ from: 'ARS', to: 'USD', amount: '0.0008' }]))),
    );
    expect(voucher.Moneda_ctz).toBe('1250.000000');
  });

  it('services (concept 2): export type 2, no incoterm needed, Permiso_existente empty, the due date as Fecha_pago', () => {
    const voucher = toFexRequest(
      prepared(
        exportDoc((doc) => {
          doc.tax.ext['ar-arca-concept'] = '2';
          delete doc.tax.ext['ar-fex-incoterm'];
          doc.lines[0].item = { name: 'Consultoría', price: '100.00', unit: 'h' };
          doc.ordering = { period: { start: '2026-11-01', end: '2026-11-19' } };
          doc.payment.terms.due_dates = [{ date: '2026-12-20', percent: '100%' }];
        }),
      ),
    );
    expect(voucher).toMatchObject({ Tipo_expo: 2, Permiso_existente: '', Fecha_pago: '20261220' });
    expect(voucher.Incoterms).toBeUndefined();
    expect(voucher.Items.Item[0]!.Pro_umed).toBe(98);
  });

  it('a document discount is an item of unit 99 with a negative total, and Imp_total is the items’ sum', () => {
    const voucher = toFexRequest(
      prepared(exportDoc((doc) => (doc.discounts = [{ amount: '15.00', reason: 'Pronto pago' }]))),
    );
    expect(voucher.Items.Item.at(-1)).toEqual({
      Pro_ds: 'Pronto pago',
      Pro_qty: '0',
      Pro_umed: 99,
      Pro_precio_uni: '0',
      Pro_bonificacion: '0',
      Pro_total_item: '-15.00',
    });
    expect(voucher.Imp_total).toBe('185.00');
  });

  it('a credit note names the export invoice it corrects, with the supplier’s CUIT; no Forma_pago', () => {
    const voucher = toFexRequest(
      prepared(
        exportDoc((doc) => {
          doc.type = 'credit-note';
          doc.preceding = [{ series: '3', code: '7', issue_date: '2026-11-19', ext: { 'ar-arca-doc-type': '19' } }];
          delete doc.tax.ext['ar-fex-incoterm'];
        }),
      ),
    );
    expect(voucher).toMatchObject({
      Cbte_Tipo: 21,
      Permiso_existente: '',
      Cmps_asoc: { Cmp_asoc: [{ Cbte_tipo: 19, Cbte_punto_vta: 3, Cbte_nro: 7, Cbte_cuit: SUPPLIER }] },
    });
    expect(voucher.Forma_pago).toBeUndefined();
  });

  it('the country CUIT on the customer becomes Cuit_pais_cliente', () => {
    const voucher = toFexRequest(
      prepared(exportDoc((doc) => (doc.customer.ext['ar-fex-country-cuit'] = '50000002124'))),
    );
    expect(voucher.Cuit_pais_cliente).toBe('50000002124');
  });

  it('ar-fex-country names a destination ISO codes do not (a free-trade zone)', () => {
    expect(toFexRequest(prepared(exportDoc((doc) => (doc.tax.ext['ar-fex-country'] = '280')))).Dst_cmp).toBe(280);
  });
});

describe('what the store refuses, by field', () => {
  it.each([
    [
      'no destination country',
      (doc: Doc) => {
        delete doc.customer.addresses[0].country;
        delete doc.customer.tax_id;
        doc.customer.identities = [{ code: 'P1234567', ext: { 'ar-arca-identity-type': '94' } }];
        doc.customer.ext['ar-fex-country-cuit'] = '50000002124';
      },
      'customer.addresses.0.country',
    ],
    [
      'a country no code is mapped for',
      (doc: Doc) => (doc.customer.addresses[0].country = 'KP'),
      'tax.ext.ar-fex-country',
    ],
    [
      'a destination code that is not 3 digits',
      (doc: Doc) => (doc.tax.ext['ar-fex-country'] = 'US'),
      'tax.ext.ar-fex-country',
    ],
    ['an unknown incoterm', (doc: Doc) => (doc.tax.ext['ar-fex-incoterm'] = 'XYZ'), 'tax.ext.ar-fex-incoterm'],
    ['goods without an incoterm', (doc: Doc) => delete doc.tax.ext['ar-fex-incoterm'], 'tax.ext.ar-fex-incoterm'],
    ['a currency without its exchange rate', (doc: Doc) => delete doc.exchange_rates, 'exchange_rates'],
    [
      'a currency with no authority code',
      (doc: Doc) => {
        doc.currency = 'JPY';
        doc.exchange_rates = [{ from: 'JPY', to: 'ARS', amount: '7' }];
      },
      'currency',
    ],
    ['VAT on an export', (doc: Doc) => (doc.lines[0].taxes = [{ cat: 'VAT', rate: 'general' }]), 'lines.0.taxes'],
    ['no customer address', (doc: Doc) => delete doc.customer.addresses, 'customer.addresses'],
    ['neither tax id nor country CUIT', (doc: Doc) => delete doc.customer.tax_id.code, 'customer.tax_id'],
    [
      'a country CUIT of 5 digits',
      (doc: Doc) => (doc.customer.ext['ar-fex-country-cuit'] = '12345'),
      'customer.ext.ar-fex-country-cuit',
    ],
    ['an invoice without its payment form', (doc: Doc) => delete doc.payment, 'payment.terms.detail'],
    ['an export type of 3', (doc: Doc) => (doc.tax.ext['ar-fex-export-type'] = '3'), 'tax.ext.ar-fex-export-type'],
    ['a language of 4', (doc: Doc) => (doc.tax.ext['ar-fex-language'] = '4'), 'tax.ext.ar-fex-language'],
    ['a malformed permit', (doc: Doc) => (doc.tax.ext['ar-fex-permit'] = 'P-1'), 'tax.ext.ar-fex-permit'],
    ['a line charge', (doc: Doc) => (doc.lines[0].charges = [{ amount: '5.00', reason: 'Flete' }]), 'lines.0.charges'],
    [
      'services without a payment date',
      (doc: Doc) => {
        doc.tax.ext['ar-fex-export-type'] = '2';
        delete doc.tax.ext['ar-fex-incoterm'];
      },
      'payment.terms.due_dates',
    ],
  ])('%s → %s', (_name, change, field) => {
    const result = prepareArcaInvoice(exportDoc(change as (doc: Doc) => void), { path: '' });
    expect(result.ok).toBe(false);
    expect(Object.keys((result as { fields: Record<string, string> }).fields)).toContain(field);
  });

  it('a type A invoice is not a WSFEX voucher', () => {
    const doc = prepared(invoiceDoc(SUPPLIER, { tax: { ext: { 'ar-arca-doc-letter': 'A' } } }));
    expect(() => toFexRequest(doc)).toThrow(WsfexMappingError);
  });
});
