// The database handle: PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Opened lazily, once per process (a process singleton: Next bundles instrumentation and routes
// separately), and migrated before first use.
import 'server-only';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import * as schema from '@/lib/db/schema';
import { dataDir, dbSpeedLayer, pgliteOnThread } from '@/lib/config';
import type { Db, DbHandle, Tx } from '@/lib/db/handle';
import { applyMigrations } from '@/lib/db/migrate';
import { processSingleton } from '@/lib/process-singleton';
import { queryLogger } from '@/lib/db/query-log';

export type { Db, DbHandle, Tx } from '@/lib/db/handle';

interface Slot {
  handle?: Promise<DbHandle>;
  /** Set while an embedded database is open with the speed layer on: which opening it is. */
  soleWriter?: number;
  openings: number;
}
const slot = processSingleton('db', (): Slot => ({ openings: 0 }));

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/**
 * Runs `work` in one transaction. Statements that take part get its `tx` as their first parameter
 * (lib/db/README.md: where statements live, and how a transaction is passed).
 */
export async function inTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  return (await getDb()).transaction(work);
}

export function getDbHandle(): Promise<DbHandle> {
  slot.handle ??= openDatabase().catch((error: unknown) => {
    slot.handle = undefined;
    throw error;
  });
  return slot.handle;
}

/**
 * While an embedded database is open, this process is its one writer (the directory is locked to it), so
 * what it read stays true until it writes: a number that names this opening. Undefined with PostgreSQL,
 * where other instances write too, and with DB_SPEED_LAYER=off. In-process caches of rows key on it.
 */
export function soleWriterSession(): number | undefined {
  return slot.soleWriter;
}

/** Closes the handle (tests, shutdown); the next getDb() opens a new one. */
export async function closeDb(): Promise<void> {
  const pending = slot.handle;
  slot.handle = undefined;
  if (pending) await (await pending).close();
}

async function openDatabase(): Promise<DbHandle> {
  const handle = process.env.DATABASE_URL
    ? await openPostgres(process.env.DATABASE_URL)
    : await openPglite(path.join(dataDir(), 'pglite'));
  try {
    await applyMigrations(handle);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

async function openPostgres(connectionString: string): Promise<DbHandle> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new Pool({ connectionString, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  pool.on('error', (error) => console.error('[db] idle client error:', error.message));
  // The pool listens to its idle clients only: a connection the server ends while a client is checked out
  // between statements (a restart, a dropped database) is that work's failure, not the process's.
  pool.on('connect', (client) => client.on('error', (error) => console.error('[db] connection lost:', error.message)));
  const db = drizzle({ client: pool, schema, logger: queryLogger }) as unknown as Db;
  return { kind: 'postgres', db, close: () => pool.end() };
}

async function openPglite(directory: string): Promise<DbHandle> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { acquireDirectoryLock } = await import('@/lib/db/directory-lock');
  const release = await acquireDirectoryLock(directory);
  try {
    const client = pgliteOnThread() ? await openOnThread(directory) : await openInProcess(directory);
    // The thread's client is no PGlite, but answers every call drizzle-orm/pglite makes as PGlite does.
    const db = drizzle({ client: client as PGlite, schema, logger: queryLogger }) as unknown as Db;
    if (dbSpeedLayer()) slot.soleWriter = ++slot.openings;
    return {
      kind: 'pglite',
      db,
      close: async () => {
        slot.soleWriter = undefined;
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** PGlite on the main thread: with the speed layer, or plainly with DB_SPEED_LAYER=off. */
async function openInProcess(directory: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { parseDrizzleTypesOnce } = await import('@/lib/db/pglite-parsers');
  const { prepareQueries } = await import('@/lib/db/pglite-prepared');
  const plain = await PGlite.create(directory);
  return dbSpeedLayer() ? parseDrizzleTypesOnce(prepareQueries(plain)) : plain;
}

/**
 * PGlite on a thread of its own (lib/db/pglite-thread.ts). Should that thread end under us, the handle is
 * forgotten, so the next getDb() opens the database again rather than failing for the process's life. A
 * bundle that cannot start the thread at all runs PGlite on the main thread, and says so.
 */
async function openOnThread(directory: string) {
  const { PgliteThreadClient, ThreadStartError } = await import('@/lib/db/pglite-thread-client');
  const opening = slot.handle;
  try {
    const client = await PgliteThreadClient.open(directory, (error) => {
      console.error(`[db] ${error.message}`);
      if (slot.handle === opening) {
        slot.handle = undefined;
        slot.soleWriter = undefined;
      }
    });
    return client;
  } catch (error) {
    if (!(error instanceof ThreadStartError)) throw error;
    console.error(`[db] ${error.message}; the embedded database runs on the main thread`);
    return openInProcess(directory);
  }
}
