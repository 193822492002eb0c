// The embedded database on a thread of its own (lib/db/pglite-thread.ts, pglite-thread-client.ts) must answer
// what PGlite on the main thread answers, through drizzle, for every type we store; keep PGlite's transaction
// semantics (one at a time, nothing else interleaved, a failure rolls it back, a savepoint rolls back alone);
// carry Postgres's error fields; and end its thread on close, with what was written kept on disk.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { boolean, customType, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '@/lib/db/errors';
import { parseDrizzleTypesOnce } from '@/lib/db/pglite-parsers';
import { prepareQueries } from '@/lib/db/pglite-prepared';
import { PgliteThreadClient } from '@/lib/db/pglite-thread-client';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const things = pgTable('things', {
  id: text('id').primaryKey(),
  count: integer('count'),
  done: boolean('done'),
  amount: numeric('amount'),
  at: timestamp('at', { withTimezone: true, precision: 3, mode: 'date' }),
  tags: text('tags').array(),
  data: jsonb('data'),
  blob: bytea('blob'),
});
const CREATE = `create table things (id text primary key, count int, done boolean, amount numeric, at timestamptz(3),
  tags text[], data jsonb, blob bytea)`;
const ROWS = [
  {
    id: 'a',
    count: 1,
    done: true,
    amount: '12.50',
    at: new Date('2026-11-21T10:49:01.081Z'),
    tags: ['x', 'y "z"'],
    data: { n: [1, 'b'], s: 'ñ' },
    blob: Buffer.from([0, 1, 255]),
  },
  { id: 'b', count: null, done: false, amount: null, at: null, tags: [], data: null, blob: null },
  // The size of an invoice's PDF, every byte value.
  {
    id: 'c',
    count: 3,
    done: false,
    amount: '0',
    at: null,
    tags: [],
    data: [],
    blob: Buffer.from(Array.from({ length: 60_000 }, (_, i) => (i * 7919) % 256)),
  },
];

const directories: string[] = [];
const clients: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  for (const directory of directories) fs.rmSync(directory, { recursive: true, force: true });
}, 60_000);

function scratchDirectory(): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-pglite-thread-'));
  directories.push(directory);
  return directory;
}

async function onThread(directory = scratchDirectory()): Promise<PgliteThreadClient> {
  const client = await PgliteThreadClient.open(directory);
  clients.push(client);
  return client;
}

type Client = PGlite | PgliteThreadClient;
const drizzleOn = (client: Client) => drizzle({ client: client as PGlite });

async function exercise(client: Client) {
  const db = drizzleOn(client);
  await client.exec(CREATE);
  await db.insert(things).values(ROWS);
  await db
    .update(things)
    .set({ count: 2, data: { changed: true } })
    .where(eq(things.id, 'a'));
  return {
    all: await db.select().from(things).orderBy(things.id),
    one: await db.select({ id: things.id, tags: things.tags }).from(things).where(eq(things.id, 'a')),
    inTransaction: await db.transaction((tx) => tx.select().from(things).where(eq(things.done, false))),
    raw: (
      await client.query<Record<string, unknown>>(
        'select $1::int + 1 as n, $2::text as t, $3::jsonb as j, 9007199254740993::int8 as b',
        [41, 'ñandú', { a: 1 }],
      )
    ).rows,
    deleted: await db.delete(things).where(eq(things.id, 'b')).returning({ id: things.id }),
  };
}

const count = async (client: Client, table = 'things') =>
  (await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;

// Starting PGlite (WASM) takes a few seconds, on the thread as on the main one.
describe('PGlite on its own thread', { timeout: 180_000 }, () => {
  it('answers through drizzle exactly what PGlite on the main thread answers, for every type we store', async () => {
    const inProcess = await exercise(parseDrizzleTypesOnce(prepareQueries(await PGlite.create())));
    const threaded = await exercise(await onThread());
    expect(threaded).toEqual(inProcess);
    expect(threaded.all[0]!.blob).toEqual(new Uint8Array([0, 1, 255]));
    expect(threaded.all[0]!.at).toEqual(ROWS[0]!.at);
    expect(threaded.all[2]!.blob).toEqual(new Uint8Array(ROWS[2]!.blob!));
    expect(typeof threaded.raw[0]!.b).toBe(typeof inProcess.raw[0]!.b);
  });

  it('keeps a statement outside a transaction waiting until the transaction ends, and serialises those inside', async () => {
    const client = await onThread();
    await client.exec('create table t (id int primary key)');
    const order: string[] = [];
    let outside: Promise<number> | undefined;
    await drizzleOn(client).transaction(async (tx) => {
      await tx.execute(sql`insert into t (id) values (1)`);
      outside = count(client, 't').then((n) => {
        order.push(`outside saw ${n}`);
        return n;
      });
      // Concurrent statements inside the transaction each run whole, in turn.
      await Promise.all([2, 3, 4, 5].map((id) => tx.execute(sql`insert into t (id) values (${id})`)));
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('committing');
    });
    expect(await outside).toBe(5);
    expect(order).toEqual(['committing', 'outside saw 5']);
  });

  it('runs one transaction at a time: a second waits for the first to end', async () => {
    const client = await onThread();
    await client.exec('create table t (id int primary key, seen int)');
    const db = drizzleOn(client);
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const first = db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id, seen) values (1, 0)`);
      await firstHolds;
    });
    const second = db.transaction(async (tx) => {
      const rows = (await tx.execute(sql`select count(*)::int as n from t`)) as unknown as { rows: { n: number }[] };
      await tx.execute(sql`insert into t (id, seen) values (2, ${rows.rows[0]!.n})`);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    releaseFirst();
    await Promise.all([first, second]);
    expect((await client.query('select id, seen from t order by id')).rows).toEqual([
      { id: 1, seen: 0 },
      { id: 2, seen: 1 },
    ]);
  });

  it('rolls a transaction back when a statement in it fails, and the error keeps its Postgres fields', async () => {
    const client = await onThread();
    await client.exec('create table t (id int constraint t_pk primary key)');
    const failure = await drizzleOn(client)
      .transaction(async (tx) => {
        await tx.execute(sql`insert into t (id) values (1)`);
        await tx.execute(sql`insert into t (id) values (1)`);
      })
      .catch((error: unknown) => error);
    expect(isUniqueViolation(failure, 't_pk')).toBe(true);
    expect((failure as Error).cause).toMatchObject({
      code: '23505',
      constraint: 't_pk',
      table: 't',
      query: 'insert into t (id) values (1)',
    });
    expect((failure as { cause: Error }).cause).toBeInstanceOf(Error);
    expect(await count(client, 't')).toBe(0);
    // The database is usable after: the next transaction commits.
    await drizzleOn(client).transaction((tx) => tx.execute(sql`insert into t (id) values (2)`));
    expect(await count(client, 't')).toBe(1);
  });

  it("rolls a transaction back when its callback throws, with the callback's own error", async () => {
    const client = await onThread();
    await client.exec('create table t (id int primary key)');
    const mine = new Error('changed my mind');
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into t (id) values ($1)', [1]);
        throw mine;
      }),
    ).rejects.toBe(mine);
    expect(await count(client, 't')).toBe(0);
  });

  it('rolls a savepoint back alone: the transaction around it commits', async () => {
    const client = await onThread();
    await client.exec('create table t (id int primary key)');
    await drizzleOn(client).transaction(async (tx) => {
      await tx.execute(sql`insert into t (id) values (1)`);
      const inner = await tx
        .transaction(async (savepoint) => {
          await savepoint.execute(sql`insert into t (id) values (2)`);
          await savepoint.execute(sql`insert into t (id) values (1)`); // fails: the savepoint goes back
        })
        .catch((error: unknown) => error);
      expect(isUniqueViolation(inner)).toBe(true);
      await tx.execute(sql`insert into t (id) values (3)`);
    });
    expect((await client.query('select id from t order by id')).rows).toEqual([{ id: 1 }, { id: 3 }]);
  });

  it('fails a statement outside a transaction with its code, and answers the next', async () => {
    const client = await onThread();
    await expect(client.query('select nope from nowhere')).rejects.toMatchObject({ code: '42P01' });
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('sends a parameter whose class says what it is (a Decimal) as PGlite on the main thread reads it', async () => {
    const text = 'select $1::numeric as n, $2::text as t';
    const params = [new Decimal('12.50'), new Decimal('3')];
    const inProcess = parseDrizzleTypesOnce(prepareQueries(await PGlite.create()));
    const threaded = await onThread();
    expect((await threaded.query(text, params)).rows).toEqual((await inProcess.query(text, params)).rows);
    expect((await threaded.query(text, params)).rows).toEqual([{ n: '12.5', t: '3' }]);
  });

  it('refuses query options it cannot carry to the thread rather than dropping them', async () => {
    const client = await onThread();
    await expect(client.query('select 1', [], { parsers: { 23: (value) => value } })).rejects.toThrow(/parsers/);
  });

  it('ends its thread on close, with what it wrote kept on disk for the next opening', async () => {
    const directory = scratchDirectory();
    const client = await PgliteThreadClient.open(directory);
    await client.exec('create table t (id int primary key)');
    await client.query('insert into t (id) values ($1)', [7]);
    expect(client.threadRunning).toBe(true);
    await client.close();
    expect(client.threadRunning).toBe(false);
    await expect(client.query('select 1')).rejects.toThrow(/closed/);
    const again = await onThread(directory);
    expect((await again.query('select id from t')).rows).toEqual([{ id: 7 }]);
  });
});
