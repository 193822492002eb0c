// A PostgreSQL connection the server ends while our work holds it between statements (a restart, an
// administrator, a dropped database) fails that work, not the process: no uncaught exception (vitest reports
// one as an error of this file), the work's next statement is refused, and the pool's next query works.
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { getDb, inTransaction } from '@/lib/db/client';

async function terminate(pid: number) {
  const admin = new Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
}

describe.runIf(process.env.DATABASE_URL)('a connection lost on PostgreSQL', () => {
  it('fails the transaction that held it, is logged, and leaves the pool working', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const work = inTransaction(async (tx) => {
      const pids = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
      await terminate(pids.rows[0]!.pid);
      await sleep(300); // the server's goodbye arrives while no statement of ours is out
      await tx.execute(sql`select 1`);
    });
    await expect(work).rejects.toThrow();
    expect(logged.mock.calls.some(([line]) => String(line).startsWith('[db] connection lost:'))).toBe(true);
    logged.mockRestore();
    const db = await getDb();
    const answer = (await db.execute(sql`select 41 + 1 as answer`)) as unknown as { rows: unknown[] };
    expect(answer.rows).toEqual([{ answer: 42 }]);
  });
});
