// renderPdfOffLoop where the sources run as TypeScript (vitest, tsx): no worker thread can load them, so it
// renders inline, with the renderer's own answers: the PDF's bytes, or an InvoicePdfError the gov-ar.pdf step
// turns into a skip. (In the built app it renders on a worker thread: tests/server/invoice-issuing-processes.)
import { describe, expect, it } from 'vitest';
import { renderPdfOffLoop } from '@/lib/gov-ar/invoices/pdf-off-loop';
import { InvoicePdfError } from '@/lib/gov-ar/pdf/input';
import { pdfText, flat } from '@/tests/support/pdf-tools';
import { issueExample } from '@/tests/support/issued-invoices';

describe('renderPdfOffLoop, inline', () => {
  it("answers the issued invoice's PDF", async () => {
    const issued = issueExample('invoice-ar-arca-standard.json', { number: 7, cae: '75000000000007' });
    const pdf = await renderPdfOffLoop({ envelope: issued.envelope });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(flat(pdfText(pdf))).toContain('75000000000007');
  });

  it("rejects an invoice without its number with the renderer's InvoicePdfError", async () => {
    const { envelope } = issueExample('invoice-ar-arca-standard.json');
    const unissued = { ...envelope, head: {}, doc: { ...envelope.doc, code: undefined } };
    const refusal = await renderPdfOffLoop({ envelope: unissued }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(InvoicePdfError);
    expect((refusal as InvoicePdfError).problem).toBe('not_issued');
  });
});
