// The PGlite shortcut (drizzle's type parsers set once on the instance) must not change a single
// value: drizzle reads the same rows as with a plain PGlite, and other callers' parsers still apply.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { date, integer, interval, jsonb, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { parseDrizzleTypesOnce } from '@/lib/db/pglite-parsers';

const samples = pgTable('samples', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { withTimezone: true, precision: 3, mode: 'date' }),
  local: timestamp('local', { mode: 'string' }),
  day: date('day'),
  span: interval('span'),
  amount: numeric('amount'),
  stamps: timestamp('stamps', { withTimezone: true, mode: 'string' }).array(),
  data: jsonb('data'),
});

const CREATE = `create table samples (id int primary key, at timestamptz(3), local timestamp, day date, span interval,
  amount numeric, stamps timestamptz[], data jsonb)`;
const ROW = {
  id: 1,
  at: new Date('2026-11-21T10:49:01.081Z'),
  local: '2026-11-21 10:49:01',
  day: '2026-11-21',
  span: '1 day 02:00:00',
  amount: '12.50',
  stamps: ['2026-11-21 10:49:01+00'],
  data: { a: [1, 'b'] },
};

async function readEverything(client: PGlite) {
  const db = drizzle({ client });
  await client.exec(CREATE);
  await db.insert(samples).values(ROW);
  return {
    select: await db.select().from(samples),
    inTransaction: await db.transaction((tx) => tx.select().from(samples)),
    raw: (await db.execute(sql`select at, day, span, stamps from samples`)).rows,
  };
}

// Starting PGlite (WASM) takes a few seconds.
describe('parseDrizzleTypesOnce', { timeout: 30_000 }, () => {
  it('reads through drizzle exactly what a plain PGlite reads', async () => {
    const plain = await readEverything(await PGlite.create());
    const shortcut = await readEverything(parseDrizzleTypesOnce(await PGlite.create()));
    expect(shortcut).toEqual(plain);
    expect(shortcut.select[0]!.at).toEqual(ROW.at);
  });

  it('leaves the parsers other callers pass alone, in and out of transactions', async () => {
    const client = parseDrizzleTypesOnce(await PGlite.create());
    const options = { parsers: { 23: (value: string) => `int ${value}` } };
    expect((await client.query('select 7::int as n', [], options)).rows).toEqual([{ n: 'int 7' }]);
    const inTransaction = await client.transaction((tx) => tx.query('select 8::int as n', [], options));
    expect(inTransaction.rows).toEqual([{ n: 'int 8' }]);
  });
});
