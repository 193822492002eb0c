// The stored invoice is what the authority authorised (CONTRACT.md, "Issuing exactly once"): `totals.payable`
// is the voucher's ImpTotal and each VAT rate's base and amount its AlicIva, to the cent. The case that broke
// it: a quantity of ten decimals, where GOBL's "precise" rounding sums before it rounds and the voucher's
// parts, each rounded to the cent, add up to a cent more. The store therefore calculates an invoice that names
// no rule under "currency" (round-then-sum), and refuses one asking for "precise" when a cent parts them.
import { describe, expect, it } from 'vitest';
import { prepareArcaInvoice } from '@/lib/ar/arca/prepare';
import { arcaQrDataFor, arcaQrJson } from '@/lib/ar/arca/qr';
import { toFECAEDetRequest, withNumber } from '@/lib/ar/arca/wsfe-detail';
import { WsfeMappingError } from '@/lib/ar/arca/wsfe-mapping-error';
import type { CalculableInvoice } from '@/lib/gobl/invoice';
import { amountsView } from '@/lib/gov-ar/pdf/amounts-view';
import { voucherKind } from '@/lib/gov-ar/pdf/labels';
import type { Json } from '@/tests/support/gobl-examples';

/** A B invoice to a final consumer (no customer): 1.1234567891 × 1000.00 at 21%. */
const tenDecimals = (tax?: Json): Json => ({
  $schema: 'https://gobl.org/draft-0/bill/invoice',
  series: '1',
  issue_date: '2026-11-20',
  supplier: { name: 'Proveedor S.A.', tax_id: { country: 'AR', code: '30712345671' } },
  lines: [
    {
      quantity: '1.1234567891',
      item: { name: 'Artículo', price: '1000.00', key: 'goods' },
      taxes: [{ cat: 'VAT', rate: 'general' }],
    },
  ],
  ...(tax ? { tax } : {}),
});

describe('the one-cent case: 1.1234567891 × 1000.00 at 21%, B to a final consumer', () => {
  it('is never stored with a payable other than the ImpTotal it would be authorised with', () => {
    const prepared = prepareArcaInvoice(tenDecimals());
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.fields));
    const totals = prepared.doc.totals as Json;
    const { detail } = toFECAEDetRequest(prepared.doc);
    expect(detail.ImpTotal).toBe(totals.payable);
    const rate = totals.taxes.categories[0].rates[0];
    expect(detail.Iva?.AlicIva).toEqual([{ Id: 5, BaseImp: rate.base, Importe: rate.amount }]);
  });

  it('is stored by default under "currency": payable 1359.39, the ImpTotal and the QR\'s importe', () => {
    const prepared = prepareArcaInvoice(tenDecimals());
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.fields));
    expect(prepared.doc.tax?.rounding).toBe('currency');
    const totals = prepared.doc.totals as Json;
    expect(totals).toMatchObject({ total: '1123.46', tax: '235.93', total_with_tax: '1359.39', payable: '1359.39' });
    const voucher = toFECAEDetRequest(prepared.doc);
    expect(voucher.detail).toMatchObject({ ImpTotal: '1359.39', ImpNeto: '1123.46', ImpIVA: '235.93' });
    const qr = JSON.parse(
      arcaQrJson(arcaQrDataFor(voucher, withNumber(voucher.detail, 1), '30712345671', '7'.repeat(14))),
    );
    expect(qr.importe).toBe(1359.39);
  });

  it('asking for GOBL\'s "precise" rounding (payable 1359.38, parts 1359.39) is refused, saying what to do', () => {
    const prepared = prepareArcaInvoice(tenDecimals({ rounding: 'precise' }));
    expect(prepared.ok).toBe(false);
    if (prepared.ok) return;
    expect(Object.keys(prepared.fields)).toEqual(['data.doc.totals.payable']);
    expect(prepared.fields['data.doc.totals.payable']).toContain('= 1359.39');
    expect(prepared.fields['data.doc.totals.payable']).toContain('payable is 1359.38');
    expect(prepared.fields['data.doc.totals.payable']).toContain('tax.rounding to "currency"');
  });

  it('asking for the legacy "sum-then-round" keeps it, and is refused the same', () => {
    const prepared = prepareArcaInvoice(tenDecimals({ rounding: 'sum-then-round' }));
    expect(prepared.ok || Object.keys(prepared.fields)).toEqual(['data.doc.totals.payable']);
  });

  it('under "currency" rounding is stored with payable 1359.39, the ImpTotal and the QR\'s importe', () => {
    const prepared = prepareArcaInvoice(tenDecimals({ rounding: 'currency' }));
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.fields));
    const totals = prepared.doc.totals as Json;
    expect(totals).toMatchObject({ total: '1123.46', tax: '235.93', total_with_tax: '1359.39', payable: '1359.39' });
    const { detail } = toFECAEDetRequest(prepared.doc);
    expect(detail).toMatchObject({ ImpTotal: '1359.39', ImpNeto: '1123.46', ImpIVA: '235.93' });
  });

  it('stored before the store refused it (payable 1359.38, authorised as 1359.39): not sent again, printed as authorised', () => {
    const prepared = prepareArcaInvoice(tenDecimals({ rounding: 'currency' }));
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.fields));
    // The document as the store kept it then: GOBL's "precise" totals.
    const legacy = structuredClone(prepared.doc) as Json;
    delete legacy.tax.rounding;
    Object.assign(legacy.totals, { total_with_tax: '1359.38', payable: '1359.38' });
    const invoice = legacy as CalculableInvoice;

    expect(() => toFECAEDetRequest(invoice)).toThrow(WsfeMappingError);
    expect(() => toFECAEDetRequest(invoice)).toThrow('payable is 1359.38');
    const authorised = toFECAEDetRequest(invoice, { authorised: true });
    expect(authorised.detail).toMatchObject({ ImpTotal: '1359.39', ImpNeto: '1123.46', ImpIVA: '235.93' });
    const view = amountsView(invoice, voucherKind('6')!, authorised);
    expect(view.totals.at(-1)?.value).toContain('1.359,39');
  });
});

describe('two VAT rates of whole-cent prices: 0.50 at 21% and 1.00 at 10.5%, an A invoice', () => {
  const twoRates = (tax?: Json): Json => ({
    ...tenDecimals(tax),
    customer: { name: 'Cliente S.R.L.', tax_id: { country: 'AR', code: '30987654321' } },
    lines: [
      { quantity: '1', item: { name: 'a', price: '0.50', key: 'goods' }, taxes: [{ cat: 'VAT', rate: 'general' }] },
      { quantity: '1', item: { name: 'b', price: '1.00', key: 'goods' }, taxes: [{ cat: 'VAT', rate: 'reduced' }] },
    ],
  });

  it("is stored by default (201), its voucher's ImpTotal its stored payable, 1.72", () => {
    const prepared = prepareArcaInvoice(twoRates());
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.fields));
    expect(prepared.doc.tax?.rounding).toBe('currency');
    expect(prepared.doc.totals).toMatchObject({ tax: '0.22', payable: '1.72' });
    const { detail } = toFECAEDetRequest(prepared.doc);
    expect(detail).toMatchObject({ ImpTotal: '1.72', ImpIVA: '0.22' });
    expect(detail.ImpTotal).toBe((prepared.doc.totals as Json).payable);
  });

  it('parts by a cent under "precise" (0.105 + 0.105 is 0.21, rounded each 0.22): asked for, refused on payable and tax', () => {
    const prepared = prepareArcaInvoice(twoRates({ rounding: 'precise' }));
    expect(prepared.ok).toBe(false);
    if (prepared.ok) return;
    expect(Object.keys(prepared.fields).sort()).toEqual(['data.doc.totals.payable', 'data.doc.totals.tax']);
  });

  it('is kept under "currency", payable 1.72 as its voucher', () => {
    const prepared = prepareArcaInvoice(twoRates({ rounding: 'currency' }));
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.fields));
    expect(prepared.doc.totals).toMatchObject({ tax: '0.22', payable: '1.72' });
    expect(toFECAEDetRequest(prepared.doc).detail).toMatchObject({ ImpTotal: '1.72', ImpIVA: '0.22' });
  });
});

describe('a voucher that cannot be made at all', () => {
  it('is no reason to throw at store: an invoice without lines has no totals to weigh (found by the API fuzz)', () => {
    const { lines: _lines, ...lineless } = tenDecimals();
    expect(() => prepareArcaInvoice(lineless)).not.toThrow();
  });
});
