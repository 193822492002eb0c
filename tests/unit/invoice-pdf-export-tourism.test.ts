// The printed export (E) and tourism (T) vouchers, read back with a person's tools (pdftotext, zbarimg): an
// export invoice in the language it names, every label in it and none of another's, its amounts as the envelope
// has them to the cent; a tourism invoice with its tourist, the relation, the VAT and its refund; both with
// the CAE, its due date and a QR that reads back as the `arca-qr` stamp.
import { describe, expect, it } from 'vitest';
import { readArcaQrUrl } from '@/lib/ar/arca/qr';
import { formatMoney } from '@/lib/gov-ar/pdf/format';
import { renderInvoicePdf } from '@/lib/gov-ar/pdf/render-invoice';
import { EXPORT_CUSTOMER, EXPORT_PERMIT, EXPORT_SUPPLIER, exportInvoiceDoc } from '@/tests/support/export-invoices';
import { TOURISM_EXAMPLES, exampleOutput, type Json } from '@/tests/support/gobl-examples';
import { issueExample, issueInvoice } from '@/tests/support/issued-invoices';
import { flat, pdfText, readQrCodes } from '@/tests/support/pdf-tools';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `label: value` on one line of `pdftotext -layout`, however many spaces the layout put between them. */
const labelled = (label: string, value: string) => new RegExp(`${escapeRegExp(label)}:\\s+${escapeRegExp(value)}`);
/** An Argentine figure (`US$ 6.740,54`) as English writes it (`US$ 6,740.54`). */
const english = (text: string) => text.replace(/[.,]/g, (mark) => (mark === '.' ? ',' : '.'));

describe('an export invoice (E) in English', () => {
  const issued = issueInvoice(exportInvoiceDoc({ 'ar-fex-language': '2' }));
  const doc = issued.envelope.doc as Json;
  const rendered = renderInvoicePdf({ envelope: issued.envelope });

  it('prints the voucher, the foreign customer and the operation with English labels', async () => {
    const text = pdfText(await rendered);
    const drawn = flat(pdfText(await rendered, { raw: true }));
    expect(text).toMatch(/^\s+E\s*$/m);
    expect(text).toContain('COD. 019');
    expect(text).toContain('EXPORT INVOICE');
    expect(text).toContain('No. 00002-00000042');
    expect(text).toMatch(labelled('Issue date', '24/11/2026'));
    expect(text).toMatch(labelled('CUIT', '30-71234567-1'));
    expect(drawn).toContain(EXPORT_SUPPLIER);
    expect(drawn).toContain(`Customer: ${EXPORT_CUSTOMER}`);
    expect(drawn).toContain('Address: Market Street 123, San Francisco, CA, 94105, US');
    expect(text).toMatch(labelled('Country', 'ESTADOS UNIDOS (US)'));
    expect(text).toMatch(labelled('Tax ID (US)', '123456789'));
    expect(text).toMatch(labelled('Destination country', 'ESTADOS UNIDOS (212)'));
    expect(text).toMatch(labelled('Export type', '1 - Definitive export of goods'));
    expect(text).toMatch(labelled('Incoterms', 'FOB - Free On Board'));
    expect(text).toMatch(labelled('Shipping permit', EXPORT_PERMIT));
    expect(text).toMatch(labelled('Payment terms', 'Wire transfer, 30 days'));
    expect(text).toMatch(labelled('Currency', 'USD (DOL)'));
    expect(text).toMatch(labelled('Exchange rate', '1,050.50'));
    for (const title of ['Product / Service', 'Quantity', 'Unit', 'Unit price', 'Discount', 'Subtotal'])
      expect(text).toContain(title);
    expect(text).toContain('Authorised voucher');
    expect(text).toMatch(labelled('CAE No.', issued.cae));
    expect(text).toMatch(labelled('CAE due date', '04/12/2026'));
    expect(text).toContain('Page 1 of 1');
    // None of the Spanish layout's words.
    for (const spanish of ['Fecha de emisión', 'Cliente', 'Importe total', 'Página', 'Comprobante Autorizado', 'Nro.'])
      expect(text).not.toContain(spanish);
  });

  it("prints each item with its unit and the total in dollars, to the cent of the envelope's", async () => {
    const text = pdfText(await rendered);
    expect(text).toMatch(/MAL-750 - Malbec 750 ml\s+1,200\s+units\s+4\.75\s+US\$ 5,700\.00/);
    const yerba = doc.lines[1];
    expect(text).toMatch(
      new RegExp(
        `Yerba mate\\s+350\\.5\\s+kg\\s+3\\.125\\s+${escapeRegExp(english(formatMoney(yerba.discounts[0].amount, 'USD')))}\\s+${escapeRegExp(english(formatMoney(yerba.total, 'USD')))}`,
      ),
    );
    expect(text).toMatch(labelled('Total amount', english(formatMoney(doc.totals.payable, 'USD'))));
    expect(text).toMatch(labelled('Total amount', 'US$ 6,740.54'));
  });

  it('carries the QR of the arca-qr stamp: the voucher, its total and rate, no receiver document', async () => {
    expect(readQrCodes(await rendered, 1)).toEqual([issued.qrUrl]);
    const qr = readArcaQrUrl(issued.qrUrl);
    expect(qr).toMatchObject({ tipoCmp: 19, ptoVta: 2, nroCmp: 42, importe: 6740.54, moneda: 'DOL', ctz: 1050.5 });
    expect(qr).not.toHaveProperty('tipoDocRec');
  });
});

describe('an export invoice (E) in the other languages', () => {
  it('is in Spanish when it names no language', async () => {
    const issued = issueInvoice(exportInvoiceDoc());
    const text = pdfText(await renderInvoicePdf({ envelope: issued.envelope }));
    expect(text).toContain('FACTURA DE EXPORTACIÓN');
    expect(text).toContain('COD. 019');
    expect(text).toContain('Nro. 00002-00000042');
    expect(text).toMatch(labelled('Fecha de emisión', '24/11/2026'));
    expect(text).toMatch(labelled('Cliente', EXPORT_CUSTOMER));
    expect(text).toMatch(labelled('País de destino', 'ESTADOS UNIDOS (212)'));
    expect(text).toMatch(labelled('Tipo de exportación', '1 - Exportación definitiva de bienes'));
    expect(text).toMatch(labelled('Permiso de embarque', EXPORT_PERMIT));
    expect(text).toMatch(labelled('Forma de pago', 'Wire transfer, 30 days'));
    expect(text).toMatch(labelled('Tipo de cambio', '1.050,50'));
    expect(text).toMatch(/Malbec 750 ml\s+1\.200\s+unidades\s+4,75\s+US\$ 5\.700,00/);
    expect(text).toMatch(labelled('Importe total', 'US$ 6.740,54'));
    expect(text).toMatch(labelled('Fecha de vto. de CAE', '04/12/2026'));
    expect(text).toContain('Página 1 de 1');
    for (const english of ['Issue date', 'Customer', 'Total amount', 'Page 1']) expect(text).not.toContain(english);
    expect(readQrCodes(await renderInvoicePdf({ envelope: issued.envelope }), 1)).toEqual([issued.qrUrl]);
  });

  it('is in Portuguese when it names Portuguese', async () => {
    const issued = issueInvoice(exportInvoiceDoc({ 'ar-fex-language': '3' }));
    const text = pdfText(await renderInvoicePdf({ envelope: issued.envelope }));
    expect(text).toContain('FATURA DE EXPORTAÇÃO');
    expect(text).toMatch(labelled('Data de emissão', '24/11/2026'));
    expect(text).toMatch(labelled('País de destino', 'ESTADOS UNIDOS (212)'));
    expect(text).toMatch(labelled('Valor total', 'US$ 6.740,54'));
    expect(text).toMatch(/Yerba mate\s+350,5\s+kg\s+3,125/);
  });

  it('names the export invoice an export credit note corrects, in its language', async () => {
    const note = exportInvoiceDoc(
      { 'ar-fex-language': '2' },
      {
        type: 'credit-note',
        preceding: [{ series: '2', code: '00000041', issue_date: '2026-11-20', ext: { 'ar-arca-doc-type': '19' } }],
        lines: [exportInvoiceDoc().lines[0]],
      },
    );
    delete note.tax.ext['ar-fex-permit'];
    const issued = issueInvoice(note);
    const pdf = await renderInvoicePdf({ envelope: issued.envelope });
    const text = pdfText(pdf);
    expect(flat(pdfText(pdf, { raw: true }))).toContain('CREDIT NOTE (FOREIGN TRADE)');
    expect(text).toContain('COD. 021');
    expect(text).toMatch(labelled('Related voucher', 'EXPORT INVOICE E 00002-00000041 of 20/11/2026'));
    expect(text).toMatch(labelled('Total amount', 'US$ 5,700.00'));
  });
});

describe('a tourism invoice (T)', () => {
  it.each(TOURISM_EXAMPLES)(
    '%s shows its tourist, the relation, the VAT and its refund, as GOBL calculated',
    async (name) => {
      const issued = issueExample(name);
      const gobl = exampleOutput(name).doc;
      const pdf = await renderInvoicePdf({ envelope: issued.envelope });
      const text = pdfText(pdf);
      const drawn = flat(pdfText(pdf, { raw: true }));

      expect(text).toMatch(/^\s+T\s*$/m);
      expect(text).toContain(`COD. ${gobl.tax.ext['ar-arca-doc-type']}`);
      expect(text).toContain('FACTURA');
      expect(text).toContain(`Nro. ${gobl.series.padStart(5, '0')}-00000042`);
      expect(drawn).toContain(gobl.supplier.name);
      expect(text).toMatch(labelled('Condición frente al IVA', 'IVA Responsable Inscripto'));
      expect(drawn).toContain(`Apellido y nombre / Razón social: ${gobl.customer.name}`);
      const passport = gobl.customer.identities[0];
      expect(text).toMatch(labelled('Pasaporte', passport.code));
      expect(text).toMatch(labelled('País', 'ESPAÑA'));
      expect(drawn).toContain('Relación emisor-receptor: 1 - Alojamiento directo a turista no residente');
      expect(text).toContain('Servicio de hotelería');

      const vat = gobl.totals.taxes.categories.find((category: Json) => category.code === 'VAT');
      const refund = gobl.charges.find((charge: Json) => charge.key === 'vat-refund');
      expect(text).toMatch(labelled('IVA 21 %', formatMoney(vat.amount)));
      expect(text).toMatch(labelled('Reintegro de IVA', formatMoney(refund.amount)));
      expect(text).toMatch(labelled('Importe total', formatMoney(gobl.totals.payable)));
      expect(text).not.toContain('Recargo');
      expect(text).toMatch(labelled('CAE N°', issued.cae));
      expect(text).toContain('Comprobante Autorizado');

      expect(readQrCodes(pdf, 1)).toEqual([issued.qrUrl]);
      expect(readArcaQrUrl(issued.qrUrl)).toMatchObject({
        tipoCmp: Number(gobl.tax.ext['ar-arca-doc-type']),
        importe: Number(gobl.totals.payable),
        tipoDocRec: 94,
      });
    },
  );

  it('prints the stay and each night with its VAT included', async () => {
    const text = pdfText(await renderInvoicePdf({ envelope: issueExample('invoice-ar-arca-tourism.json').envelope }));
    expect(text).toMatch(labelled('Período', '10/08/2026 al 15/08/2026'));
    expect(text).toContain('Precio unit. c/IVA');
    expect(text).toMatch(/noche 1[^\n]*\s+1\s+60\.500,00\s+21 %\s+\$ 60\.500,00/);
    expect(text).toMatch(labelled('Importe neto gravado', '$ 95.000,00'));
    expect(text).toMatch(labelled('IVA 21 %', '$ 19.950,00'));
    expect(text).toMatch(labelled('Reintegro de IVA', '-$ 19.950,00'));
    expect(text).toMatch(labelled('Importe total', '$ 95.000,00'));
  });
});
