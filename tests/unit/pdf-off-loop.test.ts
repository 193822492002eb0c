// The PDF render pool as the app runs it, on real worker threads (under vitest the worker module loads
// through tsx): the renderer's own answers come back; a render past its time or memory limit fails that PDF
// alone (`over_limits`) and the next render gets a fresh thread; and one workspace's heavy PDFs never queue
// another workspace's light one.
import { describe, expect, it } from 'vitest';
import { PdfRenderPool, renderPdfOffLoop } from '@/lib/gov-ar/invoices/pdf-off-loop';
import { InvoicePdfError } from '@/lib/gov-ar/pdf/input';
import { invoiceDoc } from '@/tests/support/invoice-docs';
import { issueExample, issueInvoice } from '@/tests/support/issued-invoices';
import { flat, pdfText } from '@/tests/support/pdf-tools';

/** An issued invoice of `lines` lines with long names: 2 000 lines (the store's most) is ~40 pages. */
function invoiceOf(lines: number) {
  const doc = invoiceDoc('30712345671') as { lines: { item: Record<string, unknown> }[] };
  const [line] = doc.lines;
  doc.lines = Array.from({ length: lines }, (_, at) => ({
    ...line!,
    item: { ...line!.item, name: `Artículo ${at + 1} ${'palabra '.repeat(100)}` },
  }));
  return { envelope: issueInvoice(doc, { number: 7, cae: '75000000000007' }).envelope };
}
const light = invoiceOf(1);
const heavy = invoiceOf(2_000);

const problemOf = (error: unknown) => (error instanceof InvoicePdfError ? error.problem : String(error));

describe('renderPdfOffLoop', () => {
  it("answers the issued invoice's PDF, or the renderer's InvoicePdfError", { timeout: 120_000 }, async () => {
    const issued = issueExample('invoice-ar-arca-standard.json', { number: 7, cae: '75000000000007' });
    const pdf = await renderPdfOffLoop({ envelope: issued.envelope }, 'workspace-a');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(flat(pdfText(pdf))).toContain('75000000000007');

    const unissued = { ...issued.envelope, head: {}, doc: { ...issued.envelope.doc, code: undefined } };
    const refusal = await renderPdfOffLoop({ envelope: unissued }, 'workspace-a').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(InvoicePdfError);
    expect((refusal as InvoicePdfError).problem).toBe('not_issued');
  });
});

describe('the render pool', () => {
  it.each([
    // The heaviest invoice takes 1.7-4 s to render (the machine's day); the light one on a fresh thread 0.2-0.6 s
    // (the thread's start is not timed). 2 s was within the heavy one's range, and one fast day it passed in time.
    ['time', { timeMs: 1_000, memoryMb: 192 }, 'its PDF took more than 1 s to render'],
    ['memory', { timeMs: 120_000, memoryMb: 48 }, 'its PDF needed more than 48 MiB to render'],
  ])(
    'fails a render past its %s limit alone, and renders the next on a fresh thread',
    {
      timeout: 180_000,
    },
    async (_limit, limits, message) => {
      const pool = new PdfRenderPool(limits, 1);
      const failed = await pool.render(heavy, 'heavy').catch((error: unknown) => error);
      expect(problemOf(failed)).toBe('over_limits');
      expect((failed as Error).message).toBe(message);
      expect((await pool.render(light, 'heavy')).subarray(0, 5).toString()).toBe('%PDF-');
    },
  );

  it("never queues a workspace's light PDF behind another workspace's heavy ones", { timeout: 180_000 }, async () => {
    const pool = new PdfRenderPool({ timeMs: 120_000, memoryMb: 192 }, 2);
    const finished: string[] = [];
    const track = (name: string, rendering: Promise<Buffer>) => rendering.then(() => finished.push(name));
    const renders = [
      track('heavy 1', pool.render(heavy, 'workspace-a')),
      track('heavy 2', pool.render(heavy, 'workspace-a')),
      track('light', pool.render(light, 'workspace-b')),
    ];
    await Promise.all(renders);
    // Workspace A holds one thread at a time; B's render takes the other at once.
    expect(finished).toEqual(['light', 'heavy 1', 'heavy 2']);
  });
});
