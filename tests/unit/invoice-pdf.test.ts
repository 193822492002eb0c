// The printed invoice, read back with a person's tools: each of GOBL's Argentine examples that WSFEv1
// issues (classes A, B, C) prepared as the store does, stamped as an accepted invoice, rendered, and read
// with pdftotext (what RG 1415 / RG 4291 ask a printed voucher to show, every total as GOBL calculated it,
// in Argentine format) and zbarimg (the QR is exactly the `arca-qr` stamp); a 60-line invoice runs over
// pages with its header on each.
import { describe, expect, it } from 'vitest';
import { formatCuit } from '@/lib/ar/cuit-digits';
import { readArcaQrUrl } from '@/lib/ar/arca/qr';
import { Amount } from '@/lib/gobl/num';
import { TEXT_LIMITS } from '@/lib/gobl/org';
import { formatMoney, formatPercent } from '@/lib/gov-ar/pdf/format';
import { InvoicePdfError, type InvoicePdfProblem } from '@/lib/gov-ar/pdf/input';
import { invoicePdfFileName, renderInvoicePdf } from '@/lib/gov-ar/pdf/render-invoice';
import { WSFEV1_EXAMPLES, exampleInput, exampleOutput, type Json } from '@/tests/support/gobl-examples';
import { invoiceWithLines, issueExample, issueInvoice } from '@/tests/support/issued-invoices';
import { flat, pdfPageCount, pdfText, readQrCodes } from '@/tests/support/pdf-tools';

/** Used goods (49) has no letter and its own rules; the emulator refuses it, so it is never issued yet. */
const NOT_WSFEV1 = ['invoice-ar-arca-used-goods.json'];
const ISSUED_EXAMPLES = WSFEV1_EXAMPLES.filter((name) => !NOT_WSFEV1.includes(name));

const CODES: Record<string, string> = { 1: 'COD. 01', 2: 'COD. 02', 3: 'COD. 03', 6: 'COD. 06', 11: 'COD. 11' };
const TITLES: Record<string, string> = {
  standard: 'FACTURA',
  'credit-note': 'NOTA DE CRÉDITO',
  'debit-note': 'NOTA DE DÉBITO',
};
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `label: value` on one line of `pdftotext -layout`, however many spaces the layout put between them. */
const labelled = (label: string, value: string) => new RegExp(`${escapeRegExp(label)}:\\s+${escapeRegExp(value)}`);

/** The receiver's document as the printed voucher must show it, worked out from the example as written. */
function customerDocument(doc: Json): string | undefined {
  const customer = doc.customer;
  if (customer?.tax_id?.country === 'AR') return `CUIT: ${formatCuit(customer.tax_id.code)}`;
  if (customer?.tax_id?.code) return customer.tax_id.code;
  const dni = customer?.identities?.find((identity: Json) => identity.ext?.['ar-arca-identity-type'] === '96');
  if (dni) return `DNI: ${Number(dni.code).toLocaleString('es-AR')}`;
  return undefined;
}

describe('GOBL examples/ar issued in sandbox, printed', () => {
  it('covers every example WSFEv1 issues', () => {
    expect(ISSUED_EXAMPLES).toHaveLength(11);
  });

  it.each(ISSUED_EXAMPLES)('%s shows what the authority requires, every total as GOBL calculated it', async (name) => {
    const issued = issueExample(name);
    const doc = issued.envelope.doc as Json;
    const gobl = exampleOutput(name).doc;
    const pdf = await renderInvoicePdf({ envelope: issued.envelope });
    const text = pdfText(pdf);
    const drawn = flat(pdfText(pdf, { raw: true }));

    const letter = doc.tax.ext['ar-arca-doc-letter'];
    expect(text).toContain('ORIGINAL');
    expect(text).toMatch(new RegExp(`^\\s+${letter}\\s*$`, 'm'));
    expect(text).toContain(CODES[doc.tax.ext['ar-arca-doc-type']]);
    expect(text).toContain(TITLES[doc.type]);
    expect(text).toContain(`Nro. ${doc.series.padStart(5, '0')}-00000042`);
    expect(text).toMatch(labelled('Fecha de emisión', doc.issue_date.split('-').reverse().join('/')));
    expect(text).toMatch(labelled('CUIT', formatCuit(doc.supplier.tax_id.code)));
    expect(drawn).toContain(doc.supplier.name);
    expect(text).toMatch(labelled('CAE N°', issued.cae));
    expect(text).toMatch(labelled('Fecha de vto. de CAE', issued.caeExpiry.split('-').reverse().join('/')));
    expect(text).toContain('Comprobante Autorizado');
    expect(text).toContain('Página 1 de 1');

    const document = customerDocument(exampleInput(name));
    if (document) expect(text).toContain(document);
    else expect(text).toContain('Consumidor final');
    if (doc.customer?.name) expect(drawn).toContain(doc.customer.name);

    // Totals as GOBL's own calculated output has them, printed the Argentine way.
    expect(text).toMatch(labelled('Importe total', formatMoney(gobl.totals.payable)));
    const vat = gobl.totals.taxes?.categories?.find((category: Json) => category.code === 'VAT');
    if (letter === 'A') {
      for (const rate of vat.rates)
        expect(text).toMatch(labelled(`IVA ${formatPercent(rate.percent)}`, formatMoney(rate.amount)));
      expect(text).not.toContain('Transparencia Fiscal');
    }
    const finalConsumer = doc.customer?.ext?.['ar-arca-vat-status'] === '5' || !doc.customer;
    if (letter === 'B' && finalConsumer) {
      expect(text).toContain('Régimen de Transparencia Fiscal al Consumidor (Ley 27.743)');
      expect(text).toMatch(labelled('IVA contenido', formatMoney(vat.amount)));
    }
    if (letter === 'C') expect(text).not.toMatch(/IVA \d/);
    const tributes = (gobl.charges ?? []).filter((charge: Json) => charge.ext?.['ar-arca-tax-type']);
    for (const tribute of tributes) expect(text).toContain(formatMoney(tribute.amount));
    const tributesTotal = tributes.reduce(
      (sum: Amount, tribute: Json) => sum.add(Amount.parse(tribute.amount)),
      Amount.zero(2),
    );
    expect(text).toMatch(labelled('Importe otros tributos', formatMoney(tributesTotal.toString())));
  });

  it.each(ISSUED_EXAMPLES)('%s carries a QR that reads back exactly as the arca-qr stamp', async (name) => {
    const issued = issueExample(name);
    const pdf = await renderInvoicePdf({ envelope: issued.envelope });
    expect(readQrCodes(pdf, 1)).toEqual([issued.qrUrl]);

    // And the stamp names this voucher, its total as GOBL calculated it.
    const doc = issued.envelope.doc as Json;
    expect(readArcaQrUrl(issued.qrUrl)).toMatchObject({
      ver: 1,
      fecha: doc.issue_date,
      cuit: Number(doc.supplier.tax_id.code),
      ptoVta: Number(doc.series),
      tipoCmp: Number(doc.tax.ext['ar-arca-doc-type']),
      nroCmp: 42,
      importe: Number(exampleOutput(name).doc.totals.payable),
      moneda: 'PES',
      ctz: 1,
      tipoCodAut: 'E',
      codAut: Number(issued.cae),
    });
  });
});

describe('the printed voucher', () => {
  it("runs a 60-line invoice over pages, with the header and the lines' header on each and the totals on the last", async () => {
    const issued = issueInvoice(invoiceWithLines(60));
    const pdf = await renderInvoicePdf({ envelope: issued.envelope });
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(2);

    const texts = Array.from({ length: pages }, (_, at) => pdfText(pdf, { page: at + 1 }));
    texts.forEach((text, at) => {
      expect(text).toContain('ORIGINAL');
      expect(text).toContain('Proveedor Ejemplo S.A.');
      expect(text).toContain('FACTURA');
      expect(text).toContain('COD. 01');
      expect(text).toContain('Nro. 00001-00000042');
      expect(text).toMatch(labelled('Fecha de emisión', '15/01/2025'));
      expect(text).toContain('Producto / Servicio');
      expect(text).toContain(`Página ${at + 1} de ${pages}`);
      const last = at === pages - 1;
      expect(text.includes('Importe total'), `page ${at + 1}`).toBe(last);
      expect(text.includes(issued.cae), `page ${at + 1}`).toBe(last);
    });
    const all = texts.join('\n');
    for (let line = 1; line <= 60; line++) expect(all).toContain(`n.º ${line}:`);
    expect(readQrCodes(pdf, pages)).toEqual([issued.qrUrl]);
    expect(readQrCodes(pdf, 1)).toEqual([]);
  });

  it('keeps texts as long as the store takes within its pages, each with its header', async () => {
    const doc = invoiceWithLines(3);
    doc.lines[1].item.name = 'Tornillo autoperforante con arandela de neopreno '.repeat(150).slice(0, TEXT_LIMITS.name);
    doc.customer.name = 'Cooperativa de Trabajo '.repeat(60).slice(0, TEXT_LIMITS.name);
    const issued = issueInvoice(doc);
    const pdf = await renderInvoicePdf({
      envelope: issued.envelope,
      supplier: { legalName: 'Ferretería '.repeat(40), commercialAddress: 'Calle Larga 123, '.repeat(30) },
    });
    const pages = pdfPageCount(pdf);
    expect(pages).toBeLessThanOrEqual(2);
    for (let page = 1; page <= pages; page++) {
      const text = pdfText(pdf, { page });
      expect(text).toContain('Nro. 00001-00000042');
      expect(text).toContain(`Página ${page} de ${pages}`);
    }
    expect(pdfText(pdf, { page: pages })).toContain('Importe total');
  });

  it('shows the supplier as registered, in Spanish characters the font covers', async () => {
    const issued = issueExample('invoice-ar-arca-standard.json');
    const supplier = {
      legalName: 'Ñandú & Cía. — Ferretería «El Tornillo» S.R.L. ¿Sí? ¡Sí! 1º 2ª Üñíóúá',
      commercialAddress: 'Av. de Mayo 1234, piso 3º, C1085 Ciudad Autónoma de Buenos Aires',
      vatCondition: 'responsable_inscripto' as const,
      grossIncome: 'Convenio Multilateral 901-712345-6',
      activityStart: '2015-03-01',
    };
    const text = flat(pdfText(await renderInvoicePdf({ envelope: issued.envelope, supplier }), { raw: true }));
    expect(text).toContain(`Razón social: ${supplier.legalName}`);
    expect(text).toContain(`Domicilio comercial: ${supplier.commercialAddress}`);
    expect(text).toContain('Condición frente al IVA: IVA Responsable Inscripto');
    expect(text).toContain(`Ingresos Brutos: ${supplier.grossIncome}`);
    expect(text).toContain('Fecha de inicio de actividades: 01/03/2015');
  });

  it("prints RG 1415's issuer block whole from the company step, the razón social once", async () => {
    const issued = issueExample('invoice-ar-arca-standard.json');
    const doc = issued.envelope.doc as Json;
    const supplier = {
      // The register's spelling of the name the invoice is issued under: the same name, printed once.
      legalName: doc.supplier.name.toUpperCase(),
      commercialAddress: 'Av. Corrientes 1234, San Nicolás (C1043AAZ), CIUDAD AUTONOMA BUENOS AIRES',
      vatCondition: 'responsable_inscripto' as const,
      grossIncome: '901-712345-6',
      activityStart: '2015-03-02',
    };
    const pdf = await renderInvoicePdf({ envelope: issued.envelope, supplier });
    const text = pdfText(pdf);
    const drawn = flat(pdfText(pdf, { raw: true }));
    expect(text).toMatch(labelled('Domicilio comercial', 'Av. Corrientes 1234'));
    expect(text).toMatch(labelled('Condición frente al IVA', 'IVA Responsable Inscripto'));
    expect(text).toMatch(labelled('Ingresos Brutos', '901-712345-6'));
    expect(text).toMatch(labelled('Fecha de inicio de actividades', '02/03/2015'));
    // The customer's block says "Apellido y nombre / Razón social"; the issuer's has no second name line.
    expect(text).not.toMatch(/(?<!\/ )Razón social:/);
    const name = escapeRegExp(doc.supplier.name);
    expect(drawn.match(new RegExp(name, 'gi'))).toHaveLength(1);
  });

  it('leaves out what the supplier did not register, and defaults the rest from the envelope', async () => {
    const text = pdfText(
      await renderInvoicePdf({ envelope: issueExample('invoice-ar-arca-monotributo.json').envelope }),
    );
    expect(text).not.toContain('Ingresos Brutos');
    expect(text).not.toContain('inicio de actividades');
    expect(text).toMatch(labelled('Condición frente al IVA', 'Responsable Monotributo'));
    expect(text).toMatch(labelled('Domicilio comercial', 'Calle Florida 500'));
  });

  it('names the voucher a note corrects, and the service period and due date', async () => {
    const credit = pdfText(
      await renderInvoicePdf({ envelope: issueExample('invoice-ar-arca-credit-note.json').envelope }),
    );
    expect(credit).toMatch(labelled('Comprobante asociado', 'FACTURA A 00001-00000123 del 15/01/2025'));
    const services = pdfText(
      await renderInvoicePdf({ envelope: issueExample('invoice-ar-arca-services.json').envelope }),
    );
    expect(services).toMatch(labelled('Período facturado desde', '01/01/2025'));
    expect(services).toMatch(labelled('Hasta', '31/01/2025'));
    expect(services).toMatch(labelled('Fecha de vto. para el pago', '15/03/2025'));
  });

  it('prints a voucher in dollars with its currency and rate, and the QR says so', async () => {
    const doc = exampleInput('invoice-ar-arca-standard.json');
    doc.currency = 'USD';
    doc.exchange_rates = [{ from: 'USD', to: 'ARS', amount: '1050.50' }];
    const issued = issueInvoice(doc);
    const text = pdfText(await renderInvoicePdf({ envelope: issued.envelope }));
    expect(text).toContain('Moneda: USD (DOL) · Tipo de cambio: $ 1.050,50');
    expect(text).toMatch(labelled('Importe total', 'US$ 5.445.000,00'));
    expect(readArcaQrUrl(issued.qrUrl)).toMatchObject({ importe: 5445000, moneda: 'DOL', ctz: 1050.5 });
  });

  it('prints class M with its legend', async () => {
    const doc = exampleInput('invoice-ar-arca-standard.json');
    doc.tax = { ext: { 'ar-arca-doc-letter': 'M' } };
    const text = pdfText(await renderInvoicePdf({ envelope: issueInvoice(doc).envelope }));
    expect(text).toContain('COD. 51');
    expect(text).toContain('OPERACIÓN SUJETA A RETENCIÓN');
    expect(text).toMatch(labelled('IVA 21 %', '$ 945.000,00'));
  });

  it('prints class B prices with IVA included, which add up to the total', async () => {
    const text = pdfText(
      await renderInvoicePdf({ envelope: issueExample('invoice-ar-arca-simplified.json').envelope }),
    );
    expect(text).toContain('Precio unit. c/IVA');
    expect(text).toMatch(/Heladera Samsung 400L\s+1\s+1\.028\.500,00\s+\$ 1\.028\.500,00/);
    expect(text).toMatch(labelled('Subtotal', '$ 1.028.500,00'));
    expect(text).not.toContain('Alíc. IVA');
  });
});

describe('refusals', () => {
  const issued = () => issueExample('invoice-ar-arca-standard.json').envelope;
  const cases: [string, () => Parameters<typeof renderInvoicePdf>[0]['envelope'], InvoicePdfProblem][] = [
    [
      'no CAE stamp',
      () => ({ ...issued(), head: { stamps: issued().head!.stamps!.filter((stamp) => stamp.prv !== 'arca-cae') } }),
      'not_issued',
    ],
    [
      'no QR stamp',
      () => ({ ...issued(), head: { stamps: issued().head!.stamps!.filter((stamp) => stamp.prv !== 'arca-qr') } }),
      'not_issued',
    ],
    ['no head', () => ({ doc: issued().doc }), 'not_issued'],
    ['no number', () => ({ ...issued(), doc: { ...issued().doc, code: undefined } }), 'not_issued'],
    ['not an invoice', () => ({ ...issued(), doc: { lines: 'none' } }), 'not_calculated'],
    ['not calculated', () => ({ ...issued(), doc: { ...issued().doc, totals: undefined } }), 'not_calculated'],
    [
      'a receipt (4)',
      () => ({ ...issued(), doc: { ...issued().doc, tax: { ext: { 'ar-arca-doc-type': '4' } } } }),
      'not_printable',
    ],
    [
      'a MiPyME credit invoice (201)',
      () => ({ ...issued(), doc: { ...issued().doc, tax: { ext: { 'ar-arca-doc-type': '201' } } } }),
      'not_printable',
    ],
    [
      'used goods (49)',
      () => ({ ...issued(), doc: { ...issued().doc, tax: { ext: { 'ar-arca-doc-type': '49' } } } }),
      'not_printable',
    ],
  ];
  it.each(cases)('%s → %s', async (_, envelope, problem) => {
    const rendering = renderInvoicePdf({ envelope: envelope() });
    await expect(rendering).rejects.toBeInstanceOf(InvoicePdfError);
    await expect(rendering).rejects.toMatchObject({ problem });
  });
});

describe('invoicePdfFileName', () => {
  const cases: [string, string, string, string][] = [
    ['6', '1', '00000042', 'FACTURA-B-00001-00000042.pdf'],
    ['1', '3', '00000789', 'FACTURA-A-00003-00000789.pdf'],
    ['3', '1', '00000007', 'NOTA-DE-CREDITO-A-00001-00000007.pdf'],
    ['8', '12', '00000001', 'NOTA-DE-CREDITO-B-00012-00000001.pdf'],
    ['12', '99998', '12345678', 'NOTA-DE-DEBITO-C-99998-12345678.pdf'],
    ['11', '0002', '42', 'FACTURA-C-00002-00000042.pdf'],
    ['51', '1', '00000001', 'FACTURA-M-00001-00000001.pdf'],
    ['19', '2', '00000005', 'FACTURA-DE-EXPORTACION-E-00002-00000005.pdf'],
    ['21', '2', '00000006', 'NOTA-DE-CREDITO-EXTERIOR-E-00002-00000006.pdf'],
    ['195', '3', '00000101', 'FACTURA-T-00003-00000101.pdf'],
    ['197', '3', '00000102', 'NOTA-DE-CREDITO-T-00003-00000102.pdf'],
  ];
  it.each(cases)('type %s, series %s, code %s → %s', (docType, series, code, expected) => {
    expect(invoicePdfFileName({ series, code, tax: { ext: { 'ar-arca-doc-type': docType } } })).toBe(expected);
  });

  it.each([
    [{ series: '1', code: '1', tax: { ext: { 'ar-arca-doc-type': '49' } } }, 'not_printable'],
    [{ series: '1', tax: { ext: { 'ar-arca-doc-type': '6' } } }, 'not_issued'],
    [{ series: '1', code: 'A-1', tax: { ext: { 'ar-arca-doc-type': '6' } } }, 'not_issued'],
  ])('%j → %s', (doc, problem) => {
    expect(() => invoicePdfFileName(doc)).toThrow(expect.objectContaining({ problem }));
  });
});
