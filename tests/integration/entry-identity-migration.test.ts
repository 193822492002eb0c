// Migrations 0013 and 0014 on a database that already holds invoices: each workspace's first store of a
// document uuid takes it as its identity (letters' case aside), a later copy keeps none, so the unique index
// is built; from then on the database refuses a second entry with that identity. On a database of its own
// (PGlite in memory, or a scratch database on the PostgreSQL server), since it starts before 0013.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, DbHandle } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/errors';
import { runMigrations } from '@/lib/db/migrate';
import * as schema from '@/lib/db/schema';
import { createScratchDatabase, dropScratchDatabase } from '@/tests/support/scratch-database';

const serverUrl = process.env.DATABASE_URL;
const migrations = readMigrationFiles({ migrationsFolder: path.join(process.cwd(), 'lib', 'db', 'migrations') });
const before = migrations.slice(0, 13);

let handle: DbHandle;
let scratchUrl: string | undefined;

async function openOwnDatabase(): Promise<DbHandle> {
  if (serverUrl) {
    scratchUrl = await createScratchDatabase(serverUrl, 'identity');
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new Pool({ connectionString: scratchUrl, max: 2 });
    return { kind: 'postgres', db: drizzle({ client: pool, schema }) as unknown as Db, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = await PGlite.create();
  return { kind: 'pglite', db: drizzle({ client, schema }) as unknown as Db, close: () => client.close() };
}

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

const OWNER = '0190a3f0-0000-7000-8000-00000000a001';
const OTHER = '0190a3f0-0000-7000-8000-00000000a002';
const UUID = '8f2d209b-ae13-9020-e502-3d3735ad3a7f';

async function insertEntry(id: string, owner: string, folder: string, data: unknown, createdAt: string) {
  await handle.db.execute(sql`
    insert into entries (id, owner_id, folder, status, data, created_at, updated_at)
    values (${id}, ${owner}, ${folder}, 'Empty', ${JSON.stringify(data)}::jsonb, ${createdAt}, ${createdAt})`);
}

beforeAll(async () => {
  expect(before.at(-1)?.sql.join('')).toContain('autovacuum'); // 0012, the last before identities
  handle = await openOwnDatabase();
  await runMigrations(handle, before);
  for (const owner of [OWNER, OTHER])
    await handle.db.execute(sql`insert into workspaces (id, name, sandbox) values (${owner}, 'W', true)`);
  const invoice = (uuid?: string) => ({ $schema: 'https://gobl.org/draft-0/envelope', doc: { uuid } });
  await insertEntry(
    '0190a3f0-0000-7000-8000-00000000b002',
    OWNER,
    'invoices',
    invoice(UUID.toUpperCase()),
    '2026-01-02T00:00:00Z',
  );
  await insertEntry('0190a3f0-0000-7000-8000-00000000b001', OWNER, 'invoices', invoice(UUID), '2026-01-01T00:00:00Z');
  await insertEntry('0190a3f0-0000-7000-8000-00000000b003', OTHER, 'invoices', invoice(UUID), '2026-01-03T00:00:00Z');
  await insertEntry('0190a3f0-0000-7000-8000-00000000b004', OWNER, 'invoices', invoice(), '2026-01-04T00:00:00Z');
  await insertEntry(
    '0190a3f0-0000-7000-8000-00000000b005',
    OWNER,
    'suppliers',
    { doc: { uuid: UUID } },
    '2026-01-05T00:00:00Z',
  );
  await runMigrations(handle, migrations);
}, 60_000);

afterAll(async () => {
  await handle?.close();
  if (serverUrl && scratchUrl) await dropScratchDatabase(serverUrl, scratchUrl);
});

describe('identities of the invoices stored before 0013', () => {
  it("are each workspace's first store of a document uuid, in lower case", async () => {
    expect(await rows(sql`select id, identity from entries order by id`)).toEqual([
      { id: '0190a3f0-0000-7000-8000-00000000b001', identity: UUID },
      { id: '0190a3f0-0000-7000-8000-00000000b002', identity: null },
      { id: '0190a3f0-0000-7000-8000-00000000b003', identity: UUID },
      { id: '0190a3f0-0000-7000-8000-00000000b004', identity: null },
      { id: '0190a3f0-0000-7000-8000-00000000b005', identity: null },
    ]);
  });

  it('are unique per workspace and folder from then on', async () => {
    const duplicate = handle.db.execute(sql`
      insert into entries (id, owner_id, folder, status, data, identity)
      values ('0190a3f0-0000-7000-8000-00000000b006', ${OWNER}, 'invoices', 'Empty', '{}'::jsonb, ${UUID})`);
    const error = await duplicate.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(isUniqueViolation(error, 'entries_owner_folder_identity')).toBe(true);
  });
});
