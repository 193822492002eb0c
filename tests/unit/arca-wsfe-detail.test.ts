// A calculated invoice as WSFEv1's FECAESolicitar detail: every ARCA example of GOBL checked against GOBL's
// own calculated twin, a few details in full, the letters another web service issues, and properties that
// must hold for any invoice the store keeps (ImpTotal is its payable and the sum of its parts; the alícuotas add
// up to ImpIVA and ImpNeto).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepareArcaInvoice } from '@/lib/ar/arca/prepare';
import { toFECAEDetRequest, withNumber, type WsfeVoucher } from '@/lib/ar/arca/wsfe-detail';
import { WsfeMappingError } from '@/lib/ar/arca/wsfe-mapping-error';
import { Amount } from '@/lib/gobl/num';
import { WSFEV1_EXAMPLES, exampleInput, exampleOutput, type Json } from '@/tests/support/gobl-examples';
import { invoiceDoc } from '@/tests/support/invoice-docs';

const prepared = (doc: Json) => {
  const result = prepareArcaInvoice(doc);
  if (!result.ok) throw new Error(JSON.stringify(result.fields));
  return result.doc;
};
const voucherOf = (doc: Json) => toFECAEDetRequest(prepared(doc));
const add = (amounts: string[]) =>
  amounts.reduce((sum, amount) => sum.add(Amount.parse(amount)), Amount.zero(2)).toString();
const partsOf = ({ detail }: WsfeVoucher) =>
  add([detail.ImpTotConc, detail.ImpNeto, detail.ImpOpEx, detail.ImpTrib, detail.ImpIVA]);

describe("every ARCA example of GOBL, against GOBL's calculated twin", () => {
  it.each(WSFEV1_EXAMPLES)('%s', (name) => {
    const gobl = exampleOutput(name).doc;
    const voucher = voucherOf(exampleInput(name));
    const taxCharges = (gobl.charges ?? []).filter((charge: Json) => charge.ext?.['ar-arca-tax-type']);
    expect(voucher.PtoVta).toBe(Number(gobl.series));
    if (name !== 'invoice-ar-arca-export.json') expect(voucher.CbteTipo).toBe(Number(gobl.tax.ext['ar-arca-doc-type']));
    expect(voucher.detail.ImpTotal).toBe(gobl.totals.total_with_tax);
    expect(voucher.detail.ImpTotal).toBe(partsOf(voucher));
    expect(voucher.detail.ImpIVA).toBe(gobl.totals.tax);
    expect(voucher.detail.ImpTrib).toBe(add(taxCharges.map((charge: Json) => charge.amount)));
    expect(voucher.detail.Concepto).toBe(Number(gobl.tax.ext['ar-arca-concept']));
    expect(voucher.detail.CbteFch).toBe(gobl.issue_date.replaceAll('-', ''));
    expect(voucher.detail.CondicionIVAReceptorId).toBe(Number(gobl.customer?.ext['ar-arca-vat-status'] ?? 5));
    for (const rate of gobl.totals.taxes?.categories[0].rates.filter((vat: Json) => vat.percent) ?? []) {
      expect(voucher.detail.Iva?.AlicIva).toContainEqual({
        Id: Number(rate.ext['ar-arca-vat-rate']),
        BaseImp: rate.base,
        Importe: rate.amount,
      });
    }
  });

  it('a type A invoice of goods, in full', () => {
    expect(voucherOf(exampleInput('invoice-ar-arca-standard.json'))).toEqual({
      CbteTipo: 1,
      PtoVta: 1,
      detail: {
        Concepto: 1,
        DocTipo: 80,
        DocNro: 30987654321,
        CbteFch: '20250115',
        ImpTotal: '5445000.00',
        ImpTotConc: '0.00',
        ImpNeto: '4500000.00',
        ImpOpEx: '0.00',
        ImpTrib: '0.00',
        ImpIVA: '945000.00',
        MonId: 'PES',
        MonCotiz: '1',
        CondicionIVAReceptorId: 1,
        Iva: { AlicIva: [{ Id: 5, BaseImp: '4500000.00', Importe: '945000.00' }] },
      },
    });
  });

  it('tributes from tax charges, beside a 10.5% alícuota', () => {
    const { detail } = voucherOf(exampleInput('invoice-ar-arca-with-charges.json'));
    expect(detail).toMatchObject({
      ImpNeto: '500000.00',
      ImpIVA: '52500.00',
      ImpTrib: '22500.00',
      ImpTotConc: '0.00',
      ImpTotal: '575000.00',
      Tributos: {
        Tributo: [
          { Id: 5, Desc: 'IIBB', BaseImp: '500000.00', Alic: '3.5', Importe: '17500.00' },
          { Id: 3, Desc: 'Impuestos municipales', BaseImp: '500000.00', Alic: '1', Importe: '5000.00' },
        ],
      },
      Iva: { AlicIva: [{ Id: 4, BaseImp: '500000.00', Importe: '52500.00' }] },
    });
  });

  it('type C: no IVA, the subtotal is ImpNeto, services carry their dates', () => {
    const voucher = voucherOf(exampleInput('invoice-ar-arca-monotributo.json'));
    expect(voucher.CbteTipo).toBe(11);
    expect(voucher.detail).toMatchObject({
      Concepto: 2,
      ImpNeto: '150000.00',
      ImpIVA: '0.00',
      ImpTrib: '15000.00',
      ImpTotal: '165000.00',
      FchServDesde: '20250101',
      FchServHasta: '20250115',
      FchVtoPago: '20250125',
    });
    expect(voucher.detail).not.toHaveProperty('Iva');
  });

  it('a final consumer by DNI, and one unidentified', () => {
    expect(voucherOf(exampleInput('invoice-ar-arca-simplified.json')).detail).toMatchObject({
      DocTipo: 96,
      DocNro: 25123456,
      CondicionIVAReceptorId: 5,
    });
    expect(voucherOf(exampleInput('invoice-ar-arca-simplified-no-customer.json')).detail).toMatchObject({
      DocTipo: 99,
      DocNro: 0,
      CondicionIVAReceptorId: 5,
    });
  });

  it('a credit note names the invoice it corrects', () => {
    const voucher = voucherOf(exampleInput('invoice-ar-arca-credit-note.json'));
    expect(voucher.CbteTipo).toBe(3);
    expect(voucher.detail.CbtesAsoc).toEqual({
      CbteAsoc: [{ Tipo: 1, PtoVta: 1, Nro: 123, Cuit: '30712345671', CbteFch: '20250115' }],
    });
  });

  it('the caller gives the number', () => {
    const { detail } = voucherOf(exampleInput('invoice-ar-arca-standard.json'));
    expect(withNumber(detail, 42)).toMatchObject({ CbteDesde: 42, CbteHasta: 42, ImpTotal: '5445000.00' });
  });
});

describe('what WSFEv1 does not issue', () => {
  it.each([
    ['E', 'wsfex'],
    ['T', 'wsct'],
  ])('letter %s is stored, and refused here naming %s', (letter, service) => {
    // An export the store keeps is one WSFEX could take (lib/ar/arca/wsfex-check.ts); a tourism invoice one WSCT could.
    const doc =
      letter === 'E'
        ? structuredClone(invoiceDoc('30712345671', { tax: { ext: { 'ar-arca-doc-letter': 'E' } } }))
        : exampleInput('invoice-ar-arca-tourism.json');
    const invoice = prepared(doc);
    expect(() => toFECAEDetRequest(invoice)).toThrow(WsfeMappingError);
    expect(() => toFECAEDetRequest(invoice)).toThrow(service);
    try {
      toFECAEDetRequest(invoice);
    } catch (error) {
      expect((error as WsfeMappingError).service).toBe(service);
    }
  });

  it('a currency without an authority code is refused by name', () => {
    const doc = exampleInput('invoice-ar-arca-standard.json');
    Object.assign(doc, { currency: 'CHF', exchange_rates: [{ from: 'CHF', to: 'ARS', amount: '1300.50' }] });
    expect(() => voucherOf(doc)).toThrow('CHF');
  });

  it('dollars carry the exchange rate', () => {
    const doc = exampleInput('invoice-ar-arca-standard.json');
    Object.assign(doc, { currency: 'USD', exchange_rates: [{ from: 'USD', to: 'ARS', amount: '1150.25' }] });
    expect(voucherOf(doc).detail).toMatchObject({ MonId: 'DOL', MonCotiz: '1150.25', CanMisMonExt: 'N' });
  });
});

const cents = (value: number) => `${Math.trunc(value / 100)}.${String(value % 100).padStart(2, '0')}`;
const quantity = fc
  .tuple(fc.integer({ min: 1, max: 5000 }), fc.constantFrom(0, 1, 2, 3))
  .map(([units, places]) => (places === 0 ? String(units) : (units / 10 ** places).toFixed(places)));
const vat = fc.constantFrom<Json | undefined>(
  { cat: 'VAT', rate: 'general' },
  { cat: 'VAT', rate: 'reduced' },
  { cat: 'VAT', rate: 'increased' },
  { cat: 'VAT', key: 'zero' },
  { cat: 'VAT', key: 'exempt' },
  { cat: 'VAT', percent: '5%' },
  { cat: 'VAT', percent: '2.5%' },
  undefined,
);
const line = fc.record({
  price: fc.integer({ min: 1, max: 10_000_000_00 }).map(cents),
  quantity,
  vat,
  discount: fc.option(
    fc.integer({ min: 1, max: 900 }).map((tenths) => `${tenths / 10}%`),
    { nil: undefined },
  ),
});
const invoice = fc
  .record({
    lines: fc.array(line, { minLength: 1, maxLength: 8 }),
    tributes: fc.array(fc.tuple(fc.constantFrom('1', '2', '3', '5', '7'), fc.integer({ min: 1, max: 500 })), {
      maxLength: 3,
    }),
    rounding: fc.constantFrom(undefined, 'currency'),
  })
  .map(
    ({ lines, tributes, rounding }): Json => ({
      $addons: ['ar-arca-v4'],
      series: '7',
      issue_date: '2026-03-02',
      supplier: { name: 'Proveedor S.A.', tax_id: { country: 'AR', code: '30712345671' } },
      customer: { name: 'Cliente S.R.L.', tax_id: { country: 'AR', code: '30987654321' } },
      lines: lines.map((entry) => ({
        quantity: entry.quantity,
        item: { name: 'Artículo', price: entry.price, key: 'goods' },
        ...(entry.vat ? { taxes: [entry.vat] } : {}),
        ...(entry.discount ? { discounts: [{ percent: entry.discount }] } : {}),
      })),
      ...(rounding ? { tax: { rounding } } : {}),
      charges: tributes.map(([type, hundredths]) => ({
        key: 'tax',
        percent: `${hundredths / 100}%`,
        ext: { 'ar-arca-tax-type': type },
      })),
    }),
  );

/** What the store keeps of a generated invoice: its calculated document, or undefined for a refusal. */
const stored = (doc: Json) => {
  const result = prepareArcaInvoice(doc);
  if (result.ok) return result.doc as Json;
  // The only refusal these invoices meet: the voucher's parts would not add up to GOBL's "precise" totals.
  expect(doc.tax?.rounding).toBeUndefined();
  expect(Object.keys(result.fields).every((field) => /^data\.doc\.totals\.(payable|tax)$/.test(field))).toBe(true);
  return undefined;
};

describe('properties of every detail', () => {
  it('ImpTotal is always ImpTotConc + ImpNeto + ImpOpEx + ImpTrib + ImpIVA, and the alícuotas add up', () => {
    fc.assert(
      fc.property(invoice, (doc) => {
        const calculated = stored(doc);
        if (!calculated) return;
        const voucher = toFECAEDetRequest(calculated as never);
        const alicuotas = voucher.detail.Iva?.AlicIva ?? [];
        expect(voucher.detail.ImpTotal).toBe(partsOf(voucher));
        expect(add(alicuotas.map((alicuota) => alicuota.Importe))).toBe(voucher.detail.ImpIVA);
        expect(add(alicuotas.map((alicuota) => alicuota.BaseImp))).toBe(voucher.detail.ImpNeto);
        expect(new Set(alicuotas.map((alicuota) => alicuota.Id)).size).toBe(alicuotas.length);
        for (const amount of [voucher.detail.ImpTotal, voucher.detail.ImpNeto, voucher.detail.ImpIVA])
          expect(amount).toMatch(/^\d+\.\d\d$/);
      }),
      { numRuns: 300 },
    );
  });

  it('ImpTotal is the stored payable and ImpIVA the stored tax, to the cent; "currency" rounding is never refused', () => {
    fc.assert(
      fc.property(invoice, (doc) => {
        const calculated = stored(doc);
        if (!calculated) return;
        const { detail } = toFECAEDetRequest(calculated as never);
        expect(detail.ImpTotal).toBe(calculated.totals.payable);
        expect(detail.ImpIVA).toBe(calculated.totals.tax);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a voucher with a negative part rather than send it: at store (422), and when sent', () => {
    const doc = exampleInput('invoice-ar-arca-standard.json');
    doc.lines[0].taxes = [{ cat: 'VAT', key: 'exempt' }];
    doc.discounts = [{ percent: '10%', taxes: [{ cat: 'VAT', rate: 'general' }] }];
    const refused = prepareArcaInvoice(doc);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    const [field, reason] = Object.entries(refused.fields)[0]!;
    expect(Object.keys(refused.fields)).toHaveLength(1);
    expect(field).toMatch(/^data\.doc\.totals\.taxes\.categories\.0\.rates\.\d+\.base$/);
    expect(reason).toMatch(
      /^the base of VAT at 21.0% \(alícuota 5\) would be -\d+\.\d\d, a discount larger than what it discounts/,
    );

    // One stored before the store refused it is still never sent.
    const unchecked = structuredClone(doc);
    unchecked.discounts = undefined;
    const stored = prepared(unchecked) as Json;
    stored.totals.taxes.categories[0].rates.push({
      key: 'standard',
      ext: { 'ar-arca-vat-rate': '5' },
      base: '-1.00',
      percent: '21%',
      amount: '-0.21',
    });
    expect(() => toFECAEDetRequest(stored as never)).toThrow(WsfeMappingError);
    expect(() => toFECAEDetRequest(stored as never)).toThrow('would be -1.00, a discount larger than');
  });
});
