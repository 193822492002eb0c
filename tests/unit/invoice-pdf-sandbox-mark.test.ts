// A sandbox invoice's PDF cannot pass for a real one (issue 31): every page of a voucher authorised in
// homologación says, in Spanish, that it has no fiscal value; a live one says nothing of the kind.
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '@/lib/gov-ar/pdf/render-invoice';
import { SANDBOX_MARK } from '@/lib/gov-ar/pdf/sandbox-mark';
import { invoiceWithLines, issueExample, issueInvoice } from '@/tests/support/issued-invoices';
import { flat, pdfPageCount, pdfText } from '@/tests/support/pdf-tools';

const EXAMPLE = 'invoice-ar-arca-standard.json';

describe('the sandbox mark on the PDF', () => {
  it('marks every page of a sandbox voucher, and only a sandbox one', async () => {
    const { envelope } = issueExample(EXAMPLE);
    const sandbox = flat(pdfText(await renderInvoicePdf({ envelope, environment: 'sandbox' })));
    expect(sandbox).toContain(SANDBOX_MARK);
    expect(sandbox).toContain('HOMOLOGACIÓN — SIN VALIDEZ FISCAL');
    expect(sandbox).toContain('no es una factura válida');

    for (const environment of ['live', undefined] as const) {
      const text = flat(pdfText(await renderInvoicePdf({ envelope, environment })));
      expect(text).not.toContain('HOMOLOGACIÓN');
      expect(text).not.toContain('SIN VALIDEZ FISCAL');
    }
  }, 60_000);

  it('is on each page of a voucher that runs over several', async () => {
    const pdf = await renderInvoicePdf({
      envelope: issueInvoice(invoiceWithLines(60)).envelope,
      environment: 'sandbox',
    });
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(1);
    const marks = flat(pdfText(pdf, { raw: true })).split('SIN VALIDEZ FISCAL').length - 1;
    // The band at the top and the one across the middle, on every page.
    expect(marks).toBe(2 * pages);
  }, 60_000);
});
