// Queries run as named prepared statements (lib/db/pglite-prepared.ts) must answer exactly what
// PGlite's own query answers: the same rows for every type we store, the same errors, the same
// transaction semantics; and the statements they keep must stay bounded and survive schema changes.
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { boolean, customType, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_PREPARED_STATEMENTS, prepareQueries, preparedStatementCount } from '@/lib/db/pglite-prepared';
import { parseDrizzleTypesOnce } from '@/lib/db/pglite-parsers';

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
  { id: 'c', count: 3, done: false, amount: '0', at: null, tags: [], data: [], blob: bytesOfPdfSize() },
];

function bytesOfPdfSize() {
  return Buffer.from(Array.from({ length: 60_000 }, (_, i) => (i * 7919) % 256));
}

const prepared = async () => parseDrizzleTypesOnce(prepareQueries(await PGlite.create()));
const preparedCount = async (client: PGlite) =>
  (await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

async function exercise(client: PGlite) {
  const db = drizzle({ client });
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
    raw: (await client.query('select $1::int + 1 as n, $2::text as t, $3::jsonb as j', [41, 'ñandú', { a: 1 }])).rows,
    deleted: await db.delete(things).where(eq(things.id, 'b')).returning({ id: things.id }),
  };
}

// Starting PGlite (WASM) takes a few seconds.
describe('prepareQueries', { timeout: 60_000 }, () => {
  it('answers through drizzle exactly what plain PGlite answers, for every type we store', async () => {
    const plain = await exercise(await PGlite.create());
    const fast = await exercise(await prepared());
    expect(fast).toEqual(plain);
    expect(fast.all[0]!.blob).toEqual(new Uint8Array([0, 1, 255]));
    expect(fast.all[0]!.at).toEqual(ROWS[0]!.at);
  });

  it('prepares each text once, however often it runs', async () => {
    const client = await prepared();
    await client.exec('create table t (id int primary key)');
    for (let i = 0; i < 20; i++) await client.query('insert into t (id) values ($1)', [i]);
    for (let i = 0; i < 20; i++) await client.query('select id from t where id = $1', [i]);
    expect(preparedStatementCount(client)).toBe(2);
    expect(await preparedCount(client)).toBe(3); // and the count's own statement
  });

  it('takes the same text with other declared parameter types for another statement', async () => {
    const client = await prepared();
    expect((await client.query('select $1 as v', ['7'])).rows).toEqual([{ v: '7' }]);
    expect((await client.query('select $1 as v', ['7'], { paramTypes: [23] })).rows).toEqual([{ v: 7 }]);
    expect(preparedStatementCount(client)).toBe(2);
  });

  it('fails as PGlite fails, and the statement (or the next one) still works', async () => {
    const client = await prepared();
    await client.exec('create table t (id int primary key)');
    await client.query('insert into t (id) values ($1)', [1]);
    const duplicate = await client.query('insert into t (id) values ($1)', [1]).catch((error: unknown) => error);
    expect(duplicate).toMatchObject({ code: '23505', query: 'insert into t (id) values ($1)', params: [1] });
    await client.query('insert into t (id) values ($1)', [2]);
    await expect(client.query('select nope from t')).rejects.toMatchObject({ code: '42703' });
    expect(preparedStatementCount(client)).toBe(1);
    expect((await client.query('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
  });

  it('keeps at most MAX_PREPARED_STATEMENTS, closing the least recently used', async () => {
    const client = await prepared();
    const hot = 'select 0 as n';
    for (let i = 1; i <= MAX_PREPARED_STATEMENTS + 20; i++) {
      await client.query(`select ${i} as n`);
      if (i % 100 === 0) await client.query(hot);
    }
    expect(preparedStatementCount(client)).toBe(MAX_PREPARED_STATEMENTS);
    // The evicted statements' closes go out with the next query; the hot one was kept.
    expect(await preparedCount(client)).toBe(MAX_PREPARED_STATEMENTS);
    expect(
      (
        await client.query<{ name: string }>(
          "select name from pg_prepared_statements where statement = 'select 0 as n'",
        )
      ).rows,
    ).toHaveLength(1);
  });

  it('prepares again a statement whose table changed shape', async () => {
    const client = await prepared();
    await client.exec('create table t (id int); insert into t values (1)');
    expect((await client.query('select * from t')).rows).toEqual([{ id: 1 }]);
    await client.exec('alter table t add column name text');
    expect((await client.query('select * from t')).rows).toEqual([{ id: 1, name: null }]);
  });

  it('keeps transactions whole: their own reads, rollback, nothing else in between, closed after', async () => {
    const client = await prepared();
    await client.exec('create table t (id int primary key)');
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let seen: number | undefined;
    const writer = client.transaction(async (tx) => {
      await tx.query('insert into t (id) values ($1)', [1]);
      seen = (await tx.query<{ n: number }>('select count(*)::int as n from t')).rows[0]!.n;
      await held;
      return tx;
    });
    // Issued while the transaction is open: it runs after the commit.
    const outside = client.query<{ n: number }>('select count(*)::int as n from t');
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const tx = await writer;
    expect(seen).toBe(1);
    expect((await outside).rows[0]!.n).toBe(1);
    await expect(tx.query('select 1')).rejects.toThrow('Transaction is closed');

    await client.transaction(async (rolled) => {
      await rolled.query('insert into t (id) values ($1)', [2]);
      await rolled.rollback();
    });
    await expect(
      client.transaction((failing) => failing.query('insert into t (id) values ($1)', [1])),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await client.query('select id from t order by id')).rows).toEqual([{ id: 1 }]);
  });
});
