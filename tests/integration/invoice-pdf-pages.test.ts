// Issue 18's long invoice through the real flow: a 60-line invoice stored through the silo handler, issued
// by an `ar-invoice` job at the emulated authority, its PDF made on first request and read back
// from `GET /silo/v1/entries/{id}/pdf` with pdftotext: it runs over pages, each with the voucher's header,
// the lines' header and its page number; the totals, the CAE and the QR close the last page only.
import { describe, expect, it } from 'vitest';
import * as pdfRoute from '@/app/silo/v1/entries/[id]/pdf/route';
import { formatMoney } from '@/lib/gov-ar/pdf/format';
import { registeredSupplier } from '@/tests/support/invoices';
import { createInvoiceWorkflow, issue, readEntry, runUntilEnded, stampOf, storeInvoice } from '@/tests/support/issuing';
import { pdfPageCount, pdfText, readQrCodes } from '@/tests/support/pdf-tools';
import { useEmulator } from '@/tests/support/registration';

const emulator = useEmulator();

const LINES = 60;
const longLines = Array.from({ length: LINES }, (_, at) => ({
  quantity: String((at % 5) + 1),
  item: {
    name: `Artículo de ferretería n.º ${at + 1}: bulones, tuercas y arandelas`,
    price: `${100 + at}.25`,
    key: 'goods',
  },
  taxes: [{ cat: 'VAT', rate: at % 4 === 0 ? 'reduced' : 'general' }],
}));

async function downloadPdf(apiKey: string, id: string) {
  const response = await pdfRoute.GET(
    new Request(`http://localhost/silo/v1/entries/${id}/pdf`, {
      headers: { authorization: `Bearer ${apiKey}` },
    }),
    { params: Promise.resolve({ id }) },
  );
  return { response, pdf: Buffer.from(await response.arrayBuffer()) };
}

describe('a 60-line invoice issued at the authority', () => {
  it('prints over pages with the header and page numbers on each, the totals and CAE on the last', {
    timeout: 120_000,
  }, async () => {
    const supplier = await registeredSupplier(emulator());
    const workflow = await createInvoiceWorkflow(supplier.apiKey);
    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, { lines: longLines });
    const [job] = await runUntilEnded(
      supplier.apiKey,
      [(await issue(supplier.apiKey, workflow.id, invoice.id)).id],
      60_000,
    );
    expect(job.status, JSON.stringify(job.steps)).toBe('completed');
    const entry = await readEntry(supplier.apiKey, invoice.id);
    expect(entry.status).toBe('Sent');
    expect(entry.data.doc.lines).toHaveLength(LINES);

    const { response, pdf } = await downloadPdf(supplier.apiKey, invoice.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="FACTURA-B-00001-00000001.pdf"');

    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(2);
    const cae = stampOf(entry, 'arca-cae')!;
    const texts = Array.from({ length: pages }, (_, at) => pdfText(pdf, { page: at + 1 }));
    texts.forEach((text, at) => {
      const where = `page ${at + 1} of ${pages}`;
      expect(text, where).toContain('ORIGINAL');
      expect(text, where).toContain('FACTURA');
      expect(text, where).toContain('COD. 06');
      expect(text, where).toContain('Nro. 00001-00000001');
      expect(text, where).toContain('Producto / Servicio');
      expect(text, where).toContain(`Página ${at + 1} de ${pages}`);
      const last = at === pages - 1;
      expect(text.includes('Importe total'), where).toBe(last);
      expect(text.includes(cae), where).toBe(last);
    });

    // Every line printed once, in order, and the total as the store calculated it.
    const all = texts.join('\n');
    const positions = longLines.map((_, at) => all.indexOf(`n.º ${at + 1}:`));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(texts.at(-1)).toContain(formatMoney(entry.data.doc.totals.payable));
    expect(readQrCodes(pdf, pages)).toEqual([stampOf(entry, 'arca-qr')]);
    expect(readQrCodes(pdf, 1)).toEqual([]);
  });
});
