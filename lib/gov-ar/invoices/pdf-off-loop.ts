// Renders invoice PDFs on a small pool of worker threads (pdf-render-worker.ts), off the event loop, each
// render within a time and a memory limit, and fairly between workspaces: each workspace has its own queue,
// the pool takes them in turn, and a workspace has at most one render running, so one workspace's heavy PDF
// holds one thread at most and never queues another workspace's. A render past its limits fails that PDF
// alone (`InvoicePdfError` `over_limits`): its thread is ended and a new one takes the next render.
import { Worker } from 'node:worker_threads';
import { InvoicePdfError, type InvoicePdfInput, type InvoicePdfProblem } from '@/lib/gov-ar/pdf/input';
import { renderInvoicePdf } from '@/lib/gov-ar/pdf/render-invoice';
import { processSingleton } from '@/lib/process-singleton';

export interface PdfRenderLimits {
  /** How long one render may run on its thread. A 60-line invoice takes ~50 ms. */
  timeMs: number;
  /** The thread's heap (V8's old generation), in MiB. A render needs a few tens. */
  memoryMb: number;
}

const PDF_RENDER_LIMITS: PdfRenderLimits = { timeMs: 10_000, memoryMb: 192 };

/** The limits of this process's pool: PDF_RENDER_TIME_LIMIT_MS and PDF_RENDER_MEMORY_MB, or the defaults. */
function pdfRenderLimits(): PdfRenderLimits {
  const read = (name: string, fallback: number, floor: number) => {
    const value = Number(process.env[name]);
    return Number.isInteger(value) && value >= floor ? value : fallback;
  };
  return {
    timeMs: read('PDF_RENDER_TIME_LIMIT_MS', PDF_RENDER_LIMITS.timeMs, 100),
    memoryMb: read('PDF_RENDER_MEMORY_MB', PDF_RENDER_LIMITS.memoryMb, 32),
  };
}

/** Threads: two, so that a heavy render always leaves one for the other workspaces (the machine has few cores). */
const PDF_RENDER_THREADS = 2;

type Answer = { id: number; pdf?: Uint8Array; error?: { problem?: InvoicePdfProblem; message: string } };

interface Render {
  id: number;
  workspace: string;
  input: InvoicePdfInput;
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  /** The render it runs, if any. */
  current?: Render;
  timer?: NodeJS.Timeout;
}

export class PdfRenderPool {
  private readonly queues = new Map<string, Render[]>();
  private readonly running = new Set<string>();
  private readonly threads: Thread[] = [];
  private starting = 0;
  /** Whether the log said once that PDFs render off the event loop. */
  private announced = false;
  private next = 1;
  /** Set when no thread can start here (a bundle without the worker): renders run inline. */
  private inline = false;

  constructor(
    private readonly limits: PdfRenderLimits = PDF_RENDER_LIMITS,
    private readonly size = PDF_RENDER_THREADS,
  ) {}

  render(input: InvoicePdfInput, workspace: string): Promise<Buffer> {
    if (this.inline) return renderInvoicePdf(input);
    return new Promise<Buffer>((resolve, reject) => {
      const queue = this.queues.get(workspace) ?? [];
      queue.push({ id: this.next++, workspace, input, resolve, reject });
      this.queues.set(workspace, queue);
      this.dispatch();
    });
  }

  /** Gives each idle thread the first render of the next workspace in turn that has none running. */
  private dispatch(): void {
    for (;;) {
      const thread = this.threads.find((candidate) => !candidate.current);
      if (!thread) {
        if (this.threads.length + this.starting < this.size && this.waiting() > 0) this.startThread();
        return;
      }
      const render = this.takeNext();
      if (!render) return;
      this.run(thread, render);
    }
  }

  private waiting(): number {
    let count = 0;
    for (const [workspace, queue] of this.queues) if (!this.running.has(workspace)) count += queue.length;
    return count;
  }

  /** The oldest render of the first workspace (in turn) with nothing running; that workspace goes to the back. */
  private takeNext(): Render | undefined {
    for (const [workspace, queue] of this.queues) {
      if (this.running.has(workspace)) continue;
      const render = queue.shift()!;
      this.queues.delete(workspace);
      if (queue.length > 0) this.queues.set(workspace, queue);
      return render;
    }
    return undefined;
  }

  private run(thread: Thread, render: Render): void {
    thread.current = render;
    this.running.add(render.workspace);
    thread.timer = setTimeout(() => {
      this.retire(
        thread,
        new InvoicePdfError('over_limits', `its PDF took more than ${this.limits.timeMs / 1000} s to render`),
      );
    }, this.limits.timeMs);
    thread.worker.postMessage({ id: render.id, input: render.input });
  }

  private settle(thread: Thread, answer: Answer): void {
    const render = thread.current;
    if (!render || render.id !== answer.id) return;
    clearTimeout(thread.timer);
    thread.current = undefined;
    this.running.delete(render.workspace);
    if (answer.pdf) render.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
    else if (answer.error?.problem) render.reject(new InvoicePdfError(answer.error.problem, answer.error.message));
    else render.reject(new Error(`PDF worker: ${answer.error?.message ?? 'no answer'}`));
    this.dispatch();
  }

  /** Ends a thread (past its limits, or dead): its render fails with `error`, the next render gets a new thread. */
  private retire(thread: Thread, error: Error): void {
    const at = this.threads.indexOf(thread);
    if (at < 0) return;
    this.threads.splice(at, 1);
    clearTimeout(thread.timer);
    thread.worker.removeAllListeners();
    thread.worker.on('error', () => undefined);
    void thread.worker.terminate();
    const render = thread.current;
    if (render) {
      this.running.delete(render.workspace);
      render.reject(error);
    }
    this.dispatch();
  }

  private startThread(): void {
    this.starting++;
    let worker: Worker;
    try {
      worker = renderWorker(this.limits);
    } catch {
      this.starting--;
      this.fallBackInline();
      return;
    }
    let ready = false;
    const thread: Thread = { worker };
    worker.on('message', (answer: Answer | { ready: true }) => {
      if ('ready' in answer) {
        ready = true;
        this.starting--;
        if (!this.announced) {
          this.announced = true;
          console.info(`[pdf] invoice PDFs render on a worker thread (a pool of ${PDF_RENDER_THREADS})`);
        }
        worker.unref(); // an idle renderer does not keep the process alive
        this.threads.push(thread);
        this.dispatch();
        return;
      }
      this.settle(thread, answer);
    });
    const ended = (error: unknown) => {
      if (!ready) {
        this.starting--;
        console.error('[pdf] the render thread could not start; PDFs render on the event loop:', error);
        this.fallBackInline();
        return;
      }
      const outOfMemory = (error as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.retire(
        thread,
        outOfMemory
          ? new InvoicePdfError('over_limits', `its PDF needed more than ${this.limits.memoryMb} MiB to render`)
          : new Error(`the PDF render thread ended: ${String(error)}`),
      );
    };
    worker.on('error', ended);
    worker.on('exit', (code) => ended(new Error(`exit code ${code}`)));
  }

  /** No thread can start here: what waits, and what comes, renders on the event loop, unlimited. */
  private fallBackInline(): void {
    if (this.threads.length > 0 || this.starting > 0) return;
    this.inline = true;
    for (const queue of this.queues.values())
      for (const render of queue) renderInvoicePdf(render.input).then(render.resolve, render.reject);
    this.queues.clear();
  }
}

/**
 * The worker: the bundled one in the built app; under vitest and tsx (TypeScript sources, which a worker cannot
 * load by itself) the same module through tsx, so the pool and its limits are the ones tested.
 */
function renderWorker(limits: PdfRenderLimits): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 32 };
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./pdf-render-worker.ts', import.meta.url), { resourceLimits });
  const source = new URL('./pdf-render-worker.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`,
    { eval: true, execArgv: ['--conditions=react-server'], resourceLimits },
  );
}

const pool = processSingleton('invoice-pdf-pool', () => ({ shared: undefined as PdfRenderPool | undefined }));

/** The invoice's PDF, rendered on the process's pool in `workspace`'s turn. */
export function renderPdfOffLoop(input: InvoicePdfInput, workspace: string): Promise<Buffer> {
  pool.shared ??= new PdfRenderPool(pdfRenderLimits());
  return pool.shared.render(input, workspace);
}
