// Renders an invoice's PDF on a worker thread (pdf-render-worker.ts) when the running bundle can start one
// (the built app), inline otherwise (vitest and tsx run the TypeScript sources, which a worker cannot load).
// One worker per process, started on first use: the render is ~20 ms of CPU, and on the event loop it held
// up every request and step of the app while it ran.
import { Worker } from 'node:worker_threads';
import { InvoicePdfError, type InvoicePdfInput, type InvoicePdfProblem } from '@/lib/gov-ar/pdf/input';
import { renderInvoicePdf } from '@/lib/gov-ar/pdf/render-invoice';
import { processSingleton } from '@/lib/process-singleton';

type Answer = { id: number; pdf?: Uint8Array; error?: { problem?: InvoicePdfProblem; message: string } };
interface Pending {
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}
interface PdfThread {
  worker: Worker;
  pending: Map<number, Pending>;
  next: number;
}

/** The process's worker: a promise of it, or of undefined when it cannot start here (then PDFs render inline). */
const thread = processSingleton('invoice-pdf-thread', () => ({
  starting: undefined as Promise<PdfThread | undefined> | undefined,
}));

export async function renderPdfOffLoop(input: InvoicePdfInput): Promise<Buffer> {
  thread.starting ??= startThread();
  const running = await thread.starting;
  if (!running) return renderInvoicePdf(input);
  const id = running.next++;
  return new Promise<Buffer>((resolve, reject) => {
    running.pending.set(id, { resolve, reject });
    running.worker.postMessage({ id, input });
  });
}

function startThread(): Promise<PdfThread | undefined> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./pdf-render-worker.ts', import.meta.url));
  } catch {
    return Promise.resolve(undefined);
  }
  const pending = new Map<number, Pending>();
  return new Promise((resolve) => {
    let ready = false;
    worker.on('message', (answer: Answer | { ready: true }) => {
      if ('ready' in answer) {
        ready = true;
        worker.unref(); // an idle renderer does not keep the process alive
        console.info('[pdf] invoice PDFs render on a worker thread');
        resolve({ worker, pending, next: 1 });
        return;
      }
      const waiting = pending.get(answer.id);
      pending.delete(answer.id);
      if (!waiting) return;
      if (answer.pdf) waiting.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
      else if (answer.error?.problem) waiting.reject(new InvoicePdfError(answer.error.problem, answer.error.message));
      else waiting.reject(new Error(`PDF worker: ${answer.error?.message ?? 'no answer'}`));
    });
    const fail = (error: unknown) => {
      if (!ready) {
        resolve(undefined); // could not load here: render inline
        return;
      }
      // The thread ended (the process is stopping, or it died): what it had fails (the step retries), and
      // the next render starts a new one.
      if (pending.size > 0) console.error('[pdf] render thread ended with renders in progress:', error);
      for (const waiting of pending.values()) waiting.reject(new Error('the PDF render thread ended'));
      pending.clear();
      thread.starting = undefined;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
  });
}
