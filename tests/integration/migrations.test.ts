// The migrator: a migration that builds indexes CONCURRENTLY runs outside a transaction on PostgreSQL
// (so writes go on while a large table is indexed) and plainly, in its transaction, on PGlite; one that
// died half way is finished by the next start; and a migration mixing such builds with anything else
// is refused. Every foreign key has an index on its referencing columns, and every index the schema
// declares is there and valid, on both databases.
import { describe, expect, it } from 'vitest';
import { is, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { MigrationMeta } from 'drizzle-orm/migrator';
import { getDbHandle } from '@/lib/db/client';
import { runMigrations, withStartupLock } from '@/lib/db/migrate';
import * as schema from '@/lib/db/schema';

const onPostgres = Boolean(process.env.DATABASE_URL);
let nextMillis = Date.now() + 1000;

function migration(...statements: string[]): MigrationMeta {
  return { sql: statements, bps: true, folderMillis: nextMillis++, hash: `test-${nextMillis}` };
}

async function rows<T>(query: SQL): Promise<T[]> {
  const { db } = await getDbHandle();
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function indexNamed(name: string) {
  const [index] = await rows<{ valid: boolean; definition: string }>(sql`
    select i.indisvalid as valid, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = ${name}`);
  return index;
}

const recorded = async (meta: MigrationMeta) =>
  (await rows(sql`select 1 from "drizzle"."__drizzle_migrations" where hash = ${meta.hash}`)).length === 1;

describe('a migration of CREATE INDEX CONCURRENTLY', () => {
  it(`builds the index ${onPostgres ? 'outside a transaction' : 'plainly, in its transaction'} and records the migration`, async () => {
    const handle = await getDbHandle();
    await runMigrations(handle, [
      migration(
        'create table "scratch_rows" ("id" integer primary key, "v" text)',
        `insert into "scratch_rows" select i, 'v' || (i % 100) from generate_series(1, 1000) as i`,
      ),
    ]);
    const concurrent = migration(
      'CREATE INDEX CONCURRENTLY "scratch_rows_v" ON "scratch_rows" USING btree ("v");',
      'CREATE INDEX CONCURRENTLY "scratch_rows_v_id" ON "scratch_rows" USING btree ("v","id");',
    );
    await runMigrations(handle, [concurrent]);
    expect(await indexNamed('scratch_rows_v')).toMatchObject({ valid: true });
    expect(await indexNamed('scratch_rows_v_id')).toMatchObject({ valid: true });
    expect(await recorded(concurrent)).toBe(true);
  });

  it('that failed half way is finished by the next run', async () => {
    const handle = await getDbHandle();
    await runMigrations(handle, [migration('create table "scratch_half" ("id" integer primary key, "v" text)')]);
    const concurrent = migration(
      'CREATE INDEX CONCURRENTLY "scratch_half_v" ON "scratch_half" USING btree ("v");',
      'CREATE INDEX CONCURRENTLY "scratch_later_v" ON "scratch_later" USING btree ("v");',
    );
    await expect(runMigrations(handle, [concurrent])).rejects.toThrow(/scratch_later/);
    expect(await recorded(concurrent)).toBe(false);
    // PostgreSQL kept the first index (each statement stands alone); PGlite rolled the migration back.
    expect(await indexNamed('scratch_half_v')).toEqual(
      onPostgres ? expect.objectContaining({ valid: true }) : undefined,
    );

    await runMigrations(handle, [migration('create table "scratch_later" ("id" integer primary key, "v" text)')]);
    // The failed migration, older than the one just applied, is given again as a later start would hold it.
    await runMigrations(handle, [{ ...concurrent, folderMillis: nextMillis++ }]);
    expect(await indexNamed('scratch_half_v')).toMatchObject({ valid: true });
    expect(await indexNamed('scratch_later_v')).toMatchObject({ valid: true });
  });

  it.runIf(onPostgres)('rebuilds an index a dead build left invalid', async () => {
    const handle = await getDbHandle();
    await runMigrations(handle, [
      migration(
        'create table "scratch_dupes" ("id" integer primary key, "v" text)',
        `insert into "scratch_dupes" values (1, 'a'), (2, 'a'), (3, 'b')`,
      ),
    ]);
    const unique = migration(
      'CREATE UNIQUE INDEX CONCURRENTLY "scratch_dupes_v" ON "scratch_dupes" USING btree ("v");',
    );
    await expect(runMigrations(handle, [unique])).rejects.toThrow(/duplicate|unique/i);
    expect(await indexNamed('scratch_dupes_v')).toMatchObject({ valid: false });

    await handle.db.execute(sql`delete from "scratch_dupes" where id = 2`);
    await runMigrations(handle, [unique]);
    expect(await indexNamed('scratch_dupes_v')).toMatchObject({ valid: true });
    expect(await recorded(unique)).toBe(true);
  });

  it.runIf(onPostgres)('is not held up by another instance waiting for the start-up lock', async () => {
    const handle = await getDbHandle();
    await runMigrations(handle, [migration('create table "scratch_waited" ("id" integer primary key, "v" text)')]);
    const concurrent = migration('CREATE INDEX CONCURRENTLY "scratch_waited_v" ON "scratch_waited" USING btree ("v");');
    let second: Promise<string> | undefined;
    const outcome = await withStartupLock(handle, async () => {
      second = withStartupLock(handle, async () => 'second instance migrated');
      await new Promise((resolve) => setTimeout(resolve, 300)); // the second instance is waiting now
      return Promise.race([
        runMigrations(handle, [concurrent]).then(() => 'built'),
        new Promise((resolve) => setTimeout(() => resolve('still waiting after 10 s'), 10_000)),
      ]);
    });
    expect(outcome).toBe('built');
    expect(await second).toBe('second instance migrated');
    expect(await indexNamed('scratch_waited_v')).toMatchObject({ valid: true });
  });

  it('is refused when it holds anything else, before any of it runs', async () => {
    const handle = await getDbHandle();
    const mixed = migration(
      'create table "scratch_mixed" ("id" integer primary key)',
      'CREATE INDEX CONCURRENTLY "scratch_mixed_id" ON "scratch_mixed" USING btree ("id");',
    );
    await expect(runMigrations(handle, [mixed])).rejects.toThrow(/may hold nothing else/);
    expect(await rows(sql`select 1 from pg_class where relname = 'scratch_mixed'`)).toHaveLength(0);
  });
});

describe('the schema as migrated', () => {
  it('has every index the schema declares, valid', async () => {
    const declared = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .flatMap((table) => getTableConfig(table).indexes.map((index) => index.config.name!));
    expect(declared.length).toBeGreaterThan(40);
    const missing = [];
    for (const name of declared) if (!(await indexNamed(name))?.valid) missing.push(name);
    expect(missing).toEqual([]);
  });

  it('has an index on the referencing columns of every foreign key', async () => {
    const foreignKeys = await rows<{ table: string; name: string; columns: number[] }>(sql`
      select conrelid::regclass::text as "table", conname as name, conkey::int[] as columns
      from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`);
    const indexes = await rows<{ table: string; keys: string }>(sql`
      select indrelid::regclass::text as "table", indkey::text as keys
      from pg_index i join pg_class c on c.oid = i.indrelid
      where c.relnamespace = 'public'::regnamespace and i.indisvalid and i.indpred is null`);
    expect(foreignKeys.length).toBeGreaterThan(20);
    const unindexed = foreignKeys.filter(
      (key) =>
        !indexes.some((index) => {
          const leading = index.keys.split(' ').map(Number).slice(0, key.columns.length);
          return index.table === key.table && key.columns.every((column) => leading.includes(Number(column)));
        }),
    );
    expect(unindexed.map((key) => key.name)).toEqual([]);
  });
});
