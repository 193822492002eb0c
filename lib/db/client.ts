// The database handle: PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Opened lazily, once per process (a process singleton: Next bundles instrumentation and routes
// separately), and migrated before first use.
import path from 'node:path';
import * as schema from '@/lib/db/schema';
import { dataDir } from '@/lib/config';
import type { Db, DbHandle } from '@/lib/db/handle';
import { applyMigrations } from '@/lib/db/migrate';
import { processSingleton } from '@/lib/process-singleton';
import { queryLogger } from '@/lib/db/query-log';

export type { Db, DbHandle, Tx } from '@/lib/db/handle';

const slot = processSingleton('db', (): { handle?: Promise<DbHandle> } => ({}));

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

export function getDbHandle(): Promise<DbHandle> {
  slot.handle ??= openDatabase().catch((error: unknown) => {
    slot.handle = undefined;
    throw error;
  });
  return slot.handle;
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
  const db = drizzle({ client: pool, schema, logger: queryLogger }) as unknown as Db;
  return { kind: 'postgres', db, close: () => pool.end() };
}

async function openPglite(directory: string): Promise<DbHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { acquireDirectoryLock } = await import('@/lib/db/directory-lock');
  const { parseDrizzleTypesOnce } = await import('@/lib/db/pglite-parsers');
  const { prepareQueries } = await import('@/lib/db/pglite-prepared');
  const { countEntryWrites, stopCountingEntryWrites } = await import('@/lib/db/entry-writes');
  const release = await acquireDirectoryLock(directory);
  try {
    const client = countEntryWrites(parseDrizzleTypesOnce(prepareQueries(await PGlite.create(directory))));
    const db = drizzle({ client, schema, logger: queryLogger }) as unknown as Db;
    return {
      kind: 'pglite',
      db,
      close: async () => {
        stopCountingEntryWrites();
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
