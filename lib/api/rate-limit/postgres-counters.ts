// Rate-limit buckets in PostgreSQL, so that every instance on one database counts against the same
// limits. Taking is one statement: an upsert per bucket that moves its time only while it has room,
// so calls at once from any number of instances never take more than the limit.
import type { Pool } from 'pg';
import { getDbHandle } from '@/lib/db/client';
import { waitFor, type CounterLimit, type RateCounters } from '@/lib/api/rate-limit/counters';

/** Buckets full again are deleted, by one instance's statement at most this often. */
const CLEAN_UP_EVERY_MS = 60_000;

const TAKE = `
with input as (select * from unnest($1::text[], $2::bigint[], $3::bigint[]) as i(key, step_ms, window_ms)),
taken as (
  insert into rate_limit_buckets as b (key, full_at_ms)
  select key, $4 + step_ms from input
  on conflict (key) do update
    set full_at_ms = greatest(b.full_at_ms, $4) + (select step_ms from input where input.key = b.key)
    where greatest(b.full_at_ms, $4) + (select step_ms - window_ms from input where input.key = b.key) <= $4
  returning b.key
)
select key from taken`;

const PEEK = 'select key, full_at_ms from rate_limit_buckets where key = any($1::text[])';

export function postgresCounters(): RateCounters {
  let cleanedAt = 0;

  async function pool(): Promise<Pool> {
    const handle = await getDbHandle();
    return (handle.db as unknown as { $client: Pool }).$client;
  }

  async function peek(limits: CounterLimit[], now: number): Promise<number[]> {
    const { rows } = await (await pool()).query<{ key: string; full_at_ms: string }>({
      name: 'rate-limit-peek',
      text: PEEK,
      values: [limits.map((limit) => limit.key)],
    });
    const fullAt = new Map(rows.map((row) => [row.key, Number(row.full_at_ms)]));
    return limits.map((limit) => waitFor(limit, fullAt.get(limit.key), now));
  }

  async function take(limits: CounterLimit[], now: number): Promise<number[]> {
    const client = await pool();
    const { rows } = await client.query<{ key: string }>({
      name: 'rate-limit-take',
      text: TAKE,
      values: columns(limits, now),
    });
    cleanUp(client, now);
    const taken = new Set(rows.map((row) => row.key));
    const refused = limits.filter((limit) => !taken.has(limit.key));
    if (refused.length === 0) return limits.map(() => 0);
    // Read afresh: the statement's own snapshot may predate the calls that filled a bucket.
    const waits = new Map((await peek(refused, now)).map((wait, i) => [refused[i]!.key, wait]));
    return limits.map((limit) => (taken.has(limit.key) ? 0 : Math.max(1, waits.get(limit.key)!)));
  }

  function cleanUp(client: Pool, now: number) {
    if (now - cleanedAt < CLEAN_UP_EVERY_MS) return;
    cleanedAt = now;
    client
      .query('delete from rate_limit_buckets where full_at_ms < $1', [now])
      .catch((error: Error) => console.error('[rate-limit] cleaning up buckets failed:', error.message));
  }

  return {
    take,
    peek,
    async reset() {
      await (await pool()).query('delete from rate_limit_buckets');
    },
  };
}

/** One statement takes several buckets; a key named twice is one bucket, taken once (the first rule's). */
function columns(limits: CounterLimit[], now: number) {
  const unique = limits.filter((limit, i) => limits.findIndex((other) => other.key === limit.key) === i);
  return [unique.map((l) => l.key), unique.map((l) => l.stepMs), unique.map((l) => l.windowMs), now];
}
