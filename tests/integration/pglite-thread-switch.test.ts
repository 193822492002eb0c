// The product's embedded database opens on its own thread by default, and on the main thread with
// DB_PGLITE_WORKER=off or DB_SPEED_LAYER=off (lib/db/client.ts); the same data either way.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDb, getDbHandle, inTransaction } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/errors';
import { PgliteThreadClient } from '@/lib/db/pglite-thread-client';

const embedded = !process.env.DATABASE_URL;
const clientOf = async () => ((await getDbHandle()).db as unknown as { $client: unknown }).$client;

describe.runIf(embedded)('where the embedded database runs', { timeout: 120_000 }, () => {
  afterEach(async () => {
    delete process.env.DB_PGLITE_WORKER;
    delete process.env.DB_SPEED_LAYER;
    await closeDb();
  });

  it('runs on its own thread by default, and a transaction there commits or rolls back whole', async () => {
    expect(await clientOf()).toBeInstanceOf(PgliteThreadClient);
    const { db } = await getDbHandle();
    await db.execute(sql`create table if not exists switch_probe (id int constraint switch_probe_pk primary key)`);
    const failure = await inTransaction(async (tx) => {
      await tx.execute(sql`insert into switch_probe (id) values (1)`);
      await tx.execute(sql`insert into switch_probe (id) values (1)`);
    }).catch((error: unknown) => error);
    expect(isUniqueViolation(failure, 'switch_probe_pk')).toBe(true);
    await inTransaction((tx) => tx.execute(sql`insert into switch_probe (id) values (2)`));
    const { rows } = (await db.execute(sql`select id from switch_probe order by id`)) as unknown as {
      rows: { id: number }[];
    };
    expect(rows).toEqual([{ id: 2 }]);
  });

  it('runs on the main thread with DB_PGLITE_WORKER=off, on the same data', async () => {
    process.env.DB_PGLITE_WORKER = 'off';
    expect(await clientOf()).toBeInstanceOf(PGlite);
    const { db } = await getDbHandle();
    const { rows } = (await db.execute(sql`select id from switch_probe order by id`)) as unknown as {
      rows: { id: number }[];
    };
    expect(rows).toEqual([{ id: 2 }]);
  });

  it('runs on the main thread with DB_SPEED_LAYER=off', async () => {
    process.env.DB_SPEED_LAYER = 'off';
    expect(await clientOf()).toBeInstanceOf(PGlite);
  });
});
