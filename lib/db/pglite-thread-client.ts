// The embedded database on a thread of its own (pglite-thread.ts), and on the main thread a client shaped
// as drizzle-orm/pglite uses PGlite: `query(text, params, options)`, `exec`, `transaction(fn)` whose
// transaction offers the same (and `rollback`, `closed`), and `close`. Each call is one message there and
// one back; PGlite's WASM and JavaScript (a third of the main thread's time when issuing) run on the other
// core. Drizzle's own type parsers (functions, which cannot cross) are left out: the thread sets the same
// once on its instance (pglite-parsers.ts). Any other function in the options is refused, not dropped.
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { isDrizzleParserSet } from '@/lib/db/pglite-parsers';
import {
  rebuildError,
  type ThreadQueryOptions,
  type ThreadReady,
  type ThreadReply,
  type ThreadRequest,
} from '@/lib/db/pglite-thread-messages';

type Pending = { resolve: (result: unknown) => void; reject: (error: Error) => void };
/** A request without its id, which the client gives it. */
type Sent = ThreadRequest extends infer R ? (R extends ThreadRequest ? Omit<R, 'id'> : never) : never;

/** What a transaction's callback is handed: PGlite's transaction, as drizzle and our code use it. */
export interface ThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** The thread did not start or load (as opposed to PGlite failing to open on it). */
export class ThreadStartError extends Error {
  override name = 'ThreadStartError';
}

export class PgliteThreadClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #next = 0;
  /** Why the thread can take no more requests, once it cannot. */
  #ended?: Error;
  #exited = false;

  /** Starts the thread on `directory` and waits until PGlite is open there. */
  static async open(directory: string, onEnded: (error: Error) => void = () => undefined): Promise<PgliteThreadClient> {
    let worker: Worker;
    try {
      worker = startThread(directory);
    } catch (error) {
      throw new ThreadStartError(`the database thread could not start: ${String(error)}`);
    }
    // Only our own listeners go: after removeAllListeners() the Worker delivered no further message.
    await new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        worker.off('error', failed);
        worker.off('exit', exited);
        worker.off('message', ready);
        if (error) reject(error);
        else resolve();
      };
      const exited = (code: number) =>
        settle(new ThreadStartError(`the database thread exited (code ${code}) before it opened`));
      const failed = (error: Error) =>
        settle(new ThreadStartError(`the database thread could not start: ${error.message}`));
      const ready = (answer: ThreadReady) => settle(answer.ready ? undefined : rebuildError(answer.error));
      worker.on('error', failed);
      worker.on('exit', exited);
      worker.on('message', ready);
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    return new PgliteThreadClient(worker, onEnded);
  }

  private constructor(worker: Worker, onEnded: (error: Error) => void) {
    this.#worker = worker;
    worker.unref(); // an idle database keeps nothing alive; a request in flight refs it (below)
    worker.on('message', (reply: ThreadReply) => this.#settle(reply));
    const ended = (error: Error) => {
      if (this.#ended) return;
      this.#ended = error;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
      onEnded(error);
    };
    worker.on('error', (error) => ended(new Error(`the database thread failed: ${error.message}`, { cause: error })));
    worker.on('exit', (code) => {
      this.#exited = true;
      ended(new Error(`the database thread ended (code ${code})`));
    });
  }

  /** Whether the thread still runs (until close, or until it ends by itself). */
  get threadRunning(): boolean {
    return !this.#exited;
  }

  async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#request({
      op: 'query',
      text,
      params: crossableParams(params),
      options: crossable(options),
    }) as Promise<Results<T>>;
  }

  exec(text: string): Promise<Results[]> {
    return this.#request({ op: 'exec', text }) as Promise<Results[]>;
  }

  /**
   * Runs `callback` in one transaction of PGlite's, on the thread: committed when the callback resolves,
   * rolled back when it throws (the error then is the callback's). Statements of the transaction go through
   * the `tx` it is handed; others wait until it ends, as in PGlite.
   */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = (await this.#request({ op: 'begin' })) as number;
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: ThreadTransaction = {
      query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        open();
        const sent = {
          op: 'query',
          text,
          params: crossableParams(params),
          options: crossable(options),
          tx: id,
        } as const;
        return (await this.#request(sent)) as Results<R>;
      },
      exec: async (text: string) => {
        open();
        return (await this.#request({ op: 'exec', text, tx: id })) as Results[];
      },
      rollback: async () => {
        open();
        closed = true;
        await this.#request({ op: 'end', tx: id, commit: false });
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.#request({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.#request({ op: 'end', tx: id, commit: true });
    }
    return result;
  }

  /** Closes PGlite and ends the thread. */
  async close(): Promise<void> {
    if (!this.#ended) await this.#request({ op: 'close' }).catch(() => undefined);
    this.#ended ??= new Error('the database is closed');
    await this.#worker.terminate();
  }

  #request(request: Sent): Promise<unknown> {
    if (this.#ended) return Promise.reject(this.#ended);
    const id = ++this.#next;
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id } as ThreadRequest);
    });
  }

  #settle(reply: ThreadReply): void {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if ('error' in reply) pending.reject(rebuildError(reply.error));
    else pending.resolve(reply.result);
  }
}

/**
 * Parameters as PGlite would read them here. Structured clone keeps an object's own fields but not its class,
 * so one whose class says what it is in text (a Decimal's `toString`) is sent as that text, as PGlite writes
 * a parameter it has no serializer for (text, numeric). Left as it was: a raw `jsonb` parameter given such an
 * object would be written from the text (0.1) rather than from `toJSON` ("0.1"); drizzle's json columns hand
 * PGlite their JSON already as text, so none of ours does.
 */
function crossableParams(params: unknown[] | undefined): unknown[] {
  if (!params) return [];
  return params.map((value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Date) return value;
    if (ArrayBuffer.isView(value)) return value;
    const prototype = Object.getPrototypeOf(value);
    if (prototype === Object.prototype || prototype === null) return value;
    return value.toString === Object.prototype.toString ? value : String(value);
  });
}

/** The options that cross: drizzle's parser set is left out (the thread has it), any other function refused. */
function crossable(options: QueryOptions | undefined): ThreadQueryOptions | undefined {
  if (!options) return undefined;
  const { rowMode, paramTypes, parsers, ...rest } = options;
  const others = Object.entries(rest).filter(([, value]) => value !== undefined);
  if ((parsers && !isDrizzleParserSet(parsers)) || others.length > 0) {
    const names = [...(parsers && !isDrizzleParserSet(parsers) ? ['parsers'] : []), ...others.map(([name]) => name)];
    throw new Error(`The embedded database's thread takes no query options ${names.join(', ')}`);
  }
  return { rowMode, paramTypes };
}

/**
 * The thread: the bundled one in the built app; under vitest and tsx (TypeScript sources, which a worker cannot
 * load by itself) the same module through tsx, as the PDF pool starts its threads.
 */
function startThread(directory: string): Worker {
  const workerData = { directory };
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./pglite-thread.ts', import.meta.url), { workerData });
  const source = new URL('./pglite-thread.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`,
    { eval: true, execArgv: ['--conditions=react-server'], workerData },
  );
}
