// What the printed E and T vouchers say, before anything is drawn: the export's labels all come from its
// language's table (complete in each language, every WSFEX unit named), its figures are the WSFEX voucher's
// decimal strings in that language's digits; the tourism voucher's totals are its WSCT voucher's.
import { describe, expect, it } from 'vitest';
import { toWsctComprobante } from '@/lib/ar/arca/wsct-comprobante';
import { UNITS } from '@/lib/ar/arca/wsfex-tables';
import { EXPORT_LABELS, EXPORT_UNIT_NAMES, type ExportLabels } from '@/lib/gov-ar/pdf/export-labels';
import { InvoicePdfError } from '@/lib/gov-ar/pdf/input';
import { voucherView } from '@/lib/gov-ar/pdf/voucher-view';
import type { CalculableInvoice } from '@/lib/gobl/invoice';
import { exportInvoiceDoc } from '@/tests/support/export-invoices';
import { issueExample, issueInvoice } from '@/tests/support/issued-invoices';

/** Every string of a labels table by its path (`operation.incoterm`), the page count as it prints page 2 of 3. */
function leaves(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') return [[path, String((value as (a: number, b: number) => string)(2, 3))]];
  if (typeof value === 'boolean') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) =>
    leaves(item, path ? `${path}.${key}` : key),
  );
}

describe("an export voucher's words", () => {
  const spanish = new Map(leaves(EXPORT_LABELS[1]));

  it.each(['2', '3'] as const)('language %s has every label Spanish has, none empty', (language) => {
    const labels = new Map(leaves(EXPORT_LABELS[language]));
    expect([...labels.keys()].sort()).toEqual([...spanish.keys()].sort());
    for (const [path, text] of labels) expect(text.trim(), path).not.toBe('');
  });

  it('English says in English what Spanish says (the proper names and shared words aside)', () => {
    const english = new Map(leaves(EXPORT_LABELS[2]));
    const shared = ['layout.original', 'layout.columns.subtotal', 'operation.incoterm', 'layout.lang'];
    const same = [...spanish].filter(([path, text]) => english.get(path) === text && !shared.includes(path));
    expect(same).toEqual([]);
  });

  it('names every unit of WSFEX in each language', () => {
    expect(Object.keys(EXPORT_UNIT_NAMES).sort()).toEqual(Object.keys(UNITS).sort());
  });

  it.each([
    ['1', 'FACTURA DE EXPORTACIÓN', 'Importe total', 'US$ 6.740,54', '1.050,50'],
    ['2', 'EXPORT INVOICE', 'Total amount', 'US$ 6,740.54', '1,050.50'],
    ['3', 'FATURA DE EXPORTAÇÃO', 'Valor total', 'US$ 6.740,54', '1.050,50'],
  ] as const)('language %s: %s, %s %s, rate %s', (language, title, totalLabel, total, rate) => {
    const labels: ExportLabels = EXPORT_LABELS[language];
    const view = voucherView({ envelope: issueInvoice(exportInvoiceDoc({ 'ar-fex-language': language })).envelope });
    expect(view.kind).toMatchObject({ letter: 'E', title, code: 'COD. 019' });
    expect(view.words).toBe(labels.layout);
    expect(view.totals).toEqual([{ label: totalLabel, value: total }]);
    expect(view.operation).toContainEqual({ label: labels.operation.exchangeRate, value: rate });
    expect(view.operation).toContainEqual({ label: labels.operation.incoterm, value: 'FOB - Free On Board' });
    expect(view.discriminatesVat).toBe(false);
    expect(view.currencyLine).toBeUndefined();
    // Every label printed is one of the table's.
    const known = new Set(leaves(labels).map(([, text]) => text));
    for (const item of [...view.customer, ...view.operation!, ...view.supplier.details])
      expect(known.has(item.label.replace(/ \(\w\w\)$/, '')), item.label).toBe(true);
  });

  it('prints an invoice in pesos at its rate of 1, and a total-only discount without quantity nor price', () => {
    const doc = exportInvoiceDoc(
      {},
      { currency: 'ARS', exchange_rates: undefined, discounts: [{ reason: 'Pronto pago', amount: '100.00' }] },
    );
    const view = voucherView({ envelope: issueInvoice(doc).envelope });
    expect(view.operation).toContainEqual({ label: 'Moneda', value: 'ARS (PES)' });
    expect(view.operation).toContainEqual({ label: 'Tipo de cambio', value: '1,00' });
    expect(view.lines.at(-1)).toEqual({
      description: 'Pronto pago',
      quantity: '',
      unit: 'bonif.',
      price: '',
      discount: '',
      vat: '',
      total: '-$ 100,00',
    });
  });

  it("names a customer without a tax id by its country's CUIT", () => {
    const doc = exportInvoiceDoc({ 'ar-fex-language': '2' });
    doc.customer = {
      ...doc.customer,
      tax_id: undefined,
      identities: [{ code: 'P1234567', ext: { 'ar-arca-identity-type': '94' } }],
      ext: { 'ar-fex-country-cuit': '50000002124' },
    };
    const view = voucherView({ envelope: issueInvoice(doc).envelope });
    expect(view.customer).toContainEqual({ label: 'Country CUIT', value: '50-00000212-4' });
    expect(view.customer.map((item) => item.label)).not.toContain('Tax ID');
  });

  it('refuses an export the WSFEX voucher cannot be made of, as not calculated', () => {
    const issued = issueInvoice(exportInvoiceDoc());
    const doc = { ...issued.envelope.doc, tax: { ext: { 'ar-arca-doc-type': '19', 'ar-fex-language': '9' } } };
    expect(() => voucherView({ envelope: { ...issued.envelope, doc } })).toThrow(
      expect.objectContaining({ problem: 'not_calculated' }),
    );
    expect(() => voucherView({ envelope: { ...issued.envelope, doc } })).toThrow(InvoicePdfError);
  });
});

describe("a tourism voucher's figures", () => {
  it('are the WSCT voucher it was issued as: net, VAT, refund and total', () => {
    const issued = issueExample('invoice-ar-arca-tourism.json');
    const comprobante = toWsctComprobante(issued.envelope.doc as CalculableInvoice, 42);
    const view = voucherView({ envelope: issued.envelope });
    expect(view.kind).toMatchObject({ letter: 'T', code: 'COD. 195', title: 'FACTURA' });
    expect(view.totals).toEqual([
      { label: 'Importe neto gravado', value: '$ 95.000,00' },
      { label: 'IVA 21 %', value: '$ 19.950,00' },
      { label: 'Reintegro de IVA', value: '-$ 19.950,00' },
      { label: 'Importe total', value: '$ 95.000,00' },
    ]);
    expect(comprobante).toMatchObject({
      importeGravado: '95000.00',
      importeReintegro: '-19950.00',
      importeTotal: '95000.00',
    });
    expect(view.customer).toContainEqual({ label: 'Pasaporte', value: 'PAB123456' });
    expect(view.customer).toContainEqual({ label: 'País', value: 'ESPAÑA' });
    expect(view.operation).toContainEqual({
      label: 'Relación emisor-receptor',
      value: '1 - Alojamiento directo a turista no residente',
    });
    expect(view.lines).toHaveLength(2);
    expect(view.lines[0]!.description).toContain('turismo: 1 - Servicio de hotelería - alojamiento sin desayuno');
  });
});
