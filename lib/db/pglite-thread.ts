// The thread that owns the embedded database (started by pglite-thread-client.ts): it opens PGlite on the
// directory it is given, with the speed layer (prepared statements, drizzle's parsers set once), and runs
// the statements the main thread sends, so PGlite's WASM and JavaScript leave the event loop that serves
// requests. Each request is handled as it comes and PGlite's two mutexes order them as in one thread: one
// statement at a time, and nothing outside a transaction while one is open. A transaction is PGlite's own,
// its callback held open until the main thread sends its end, so a failure rolls it back as PGlite does.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { parseDrizzleTypesOnce } from '@/lib/db/pglite-parsers';
import { prepareQueries } from '@/lib/db/pglite-prepared';
import { carryError, type ThreadReady, type ThreadReply, type ThreadRequest } from '@/lib/db/pglite-thread-messages';

const port = parentPort!;
const { directory } = workerData as { directory: string };

/** Thrown into an open transaction's callback to have PGlite roll it back. */
const ROLLBACK = Symbol('rollback');

interface OpenTransaction {
  tx: Transaction;
  /** Ends the callback: resolves to commit, or throws ROLLBACK. */
  end: (commit: boolean) => void;
  /** PGlite's transaction, settled once it has committed or rolled back. */
  done: Promise<unknown>;
}

/** The opened database and its open transactions, by number (the begin request's id). */
class Owner {
  readonly #transactions = new Map<number, OpenTransaction>();

  constructor(private readonly db: PGlite) {}

  async handle(request: ThreadRequest): Promise<void> {
    switch (request.op) {
      case 'query': {
        const target = request.tx === undefined ? this.db : this.#transaction(request.tx);
        return reply(request.id, await target.query(request.text, request.params, request.options));
      }
      case 'exec': {
        const target = request.tx === undefined ? this.db : this.#transaction(request.tx);
        return reply(request.id, await target.exec(request.text));
      }
      case 'begin':
        return this.#begin(request.id);
      case 'end':
        return this.#end(request.id, request.tx, request.commit);
      case 'close':
        await this.db.close();
        reply(request.id, undefined);
        port.close();
        return;
    }
  }

  #transaction(id: number): Transaction {
    const open = this.#transactions.get(id);
    if (!open) throw new Error('Transaction is closed');
    return open.tx;
  }

  #begin(id: number): void {
    let opened = false;
    const done = this.db.transaction(
      (tx) =>
        new Promise<void>((resolve, reject) => {
          opened = true;
          this.#transactions.set(id, { tx, end: (commit) => (commit ? resolve() : reject(ROLLBACK)), done });
          reply(id, id);
        }),
    );
    // BEGIN itself failed: the caller's begin hears it (once open, the end's reply says how it ended).
    done.catch((error: unknown) => {
      if (!opened) fail(id, error);
    });
  }

  async #end(id: number, tx: number, commit: boolean): Promise<void> {
    const open = this.#transactions.get(tx);
    if (!open) throw new Error('Transaction is closed');
    this.#transactions.delete(tx);
    open.end(commit);
    try {
      await open.done;
    } catch (error) {
      if (error !== ROLLBACK) throw error;
    }
    reply(id, undefined);
  }
}

function reply(id: number, result: unknown): void {
  port.postMessage({ id, result } satisfies ThreadReply);
}

function fail(id: number, error: unknown): void {
  try {
    port.postMessage({ id, error: carryError(error) } satisfies ThreadReply);
  } catch {
    // A field structured clone cannot carry: the message alone.
    port.postMessage({ id, error: { ...carryError(error), fields: {} } } satisfies ThreadReply);
  }
}

async function open(): Promise<void> {
  let db: PGlite;
  try {
    db = parseDrizzleTypesOnce(prepareQueries(await PGlite.create(directory)));
  } catch (error) {
    port.postMessage({ ready: false, error: carryError(error) } satisfies ThreadReady);
    return;
  }
  const owner = new Owner(db);
  port.on('message', (request: ThreadRequest) => {
    owner.handle(request).catch((error: unknown) => fail(request.id, error));
  });
  port.postMessage({ ready: true } satisfies ThreadReady);
}

void open();
