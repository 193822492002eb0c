// A thread of the pool that renders invoice PDFs for pdf-off-loop.ts, so ~20 ms of layout per invoice leaves the event
// loop that serves requests and runs the other steps: a message in ({ id, input }), one out ({ id, pdf } or
// { id, error }). It says { ready: true } once loaded, so the caller knows the bundle could start it.
import { parentPort } from 'node:worker_threads';
import { InvoicePdfError, type InvoicePdfInput } from '@/lib/gov-ar/pdf/input';
import { renderInvoicePdf } from '@/lib/gov-ar/pdf/render-invoice';
import { invoiceFonts } from '@/lib/gov-ar/pdf/fonts';

const port = parentPort!;
port.on('message', async ({ id, input }: { id: number; input: InvoicePdfInput }) => {
  try {
    const pdf = await renderInvoicePdf(input);
    const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice();
    port.postMessage({ id, pdf: bytes }, [bytes.buffer]);
  } catch (error) {
    port.postMessage({
      id,
      error:
        error instanceof InvoicePdfError
          ? { problem: error.problem, message: error.message }
          : { message: error instanceof Error ? (error.stack ?? error.message) : String(error) },
    });
  }
});
// The fonts are parsed before the thread says it is ready, so a render's time limit counts only its own work.
invoiceFonts();
port.postMessage({ ready: true });
