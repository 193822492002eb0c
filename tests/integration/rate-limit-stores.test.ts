// The three places rate-limit buckets can live answer alike: this process's memory (the embedded
// database), PostgreSQL (DATABASE_URL) and Redis (REDIS_URL, here the local one when it answers). The
// shared ones must also hold under concurrency: calls at once never take more than the limit.
import net from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { enforceRateLimits } from '@/lib/api/rate-limit';
import type { CounterLimit, RateCounters } from '@/lib/api/rate-limit/counters';
import { memoryCounters } from '@/lib/api/rate-limit/memory-counters';
import { postgresCounters } from '@/lib/api/rate-limit/postgres-counters';
import { closeRedisCounters, redisCounters } from '@/lib/api/rate-limit/redis-counters';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether something listens where Redis should be (the suite runs on machines without one too). */
async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname);
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const stores: [string, () => RateCounters][] = [['memory', memoryCounters]];
if (process.env.DATABASE_URL) stores.push(['postgres', postgresCounters]);
// A namespace of this test file's own database, so that files running at once never share buckets.
if (process.env.DATABASE_URL && (await redisAnswers(redisUrl)))
  stores.push(['redis', () => redisCounters(redisUrl, process.env.DATABASE_URL!)]);

afterAll(() => closeRedisCounters());

const T0 = 1_800_000_000_000;
/** 10 calls a minute: one call is 6 s. */
const limit = (key: string): CounterLimit => ({ key, stepMs: 6_000, windowMs: 60_000 });

describe.each(stores)('rate-limit buckets in %s', (_, make) => {
  const store = make();
  beforeEach(() => store.reset());

  it.each([
    ['the first call of a fresh bucket', 0, T0, 0],
    ["the limit's last call", 9, T0, 0],
    ['one past the limit, which waits one step', 10, T0, 6_000],
    ['one past the limit a second later', 10, T0 + 1_000, 5_000],
    ['one past the limit once a step has gone by', 10, T0 + 6_000, 0],
  ])('%s', async (_, takenBefore, at, expectedWait) => {
    const bucket = limit('table');
    for (let i = 0; i < takenBefore; i++) expect(await store.take([bucket], T0)).toEqual([0]);
    expect(await store.peek([bucket], at)).toEqual([expectedWait]);
    expect(await store.take([bucket], at)).toEqual([expectedWait]);
  });

  it('takes nothing from a bucket that refuses, and nothing on a peek', async () => {
    const bucket = limit('refused');
    for (let i = 0; i < 10; i++) await store.take([bucket], T0);
    for (let i = 0; i < 5; i++) expect(await store.take([bucket], T0)).toEqual([6_000]);
    for (let i = 0; i < 5; i++) expect(await store.peek([bucket], T0 + 6_000)).toEqual([0]);
    expect(await store.take([bucket], T0 + 6_000)).toEqual([0]);
    expect(await store.take([bucket], T0 + 6_000)).toEqual([6_000]);
  });

  it('keeps buckets apart and answers each in the order asked', async () => {
    const [full, empty] = [limit('full'), limit('empty')];
    for (let i = 0; i < 10; i++) await store.take([full], T0);
    expect(await store.take([empty, full], T0)).toEqual([0, 6_000]);
    expect(await store.peek([full, empty, limit('never')], T0)).toEqual([6_000, 0, 0]);
  });

  it('a bucket full again is as good as a new one', async () => {
    const bucket = limit('aged');
    for (let i = 0; i < 10; i++) await store.take([bucket], T0);
    const later = T0 + 3_600_000;
    for (let i = 0; i < 10; i++) expect(await store.take([bucket], later)).toEqual([0]);
    expect(await store.take([bucket], later)).toEqual([6_000]);
  });

  it('never lets more than the limit through when the calls come at once', async () => {
    const bucket = limit('concurrent');
    const waits = await Promise.all(Array.from({ length: 40 }, () => store.take([bucket, limit('beside')], T0)));
    expect(waits.filter(([wait]) => wait === 0)).toHaveLength(10);
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('a store that does not answer', () => {
  /** A port nothing listens on: one the system just handed out and took back. */
  const closedPort = () =>
    new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });

  it('is a quick 503 service_unavailable with Retry-After, neither a pass nor a 500', async () => {
    const saved = { REDIS_URL: process.env.REDIS_URL, RATE_LIMITS: process.env.RATE_LIMITS };
    process.env.REDIS_URL = `redis://127.0.0.1:${await closedPort()}`;
    process.env.RATE_LIMITS = 'on';
    try {
      const started = Date.now();
      await expect(enforceRateLimits([{ key: 'away', perMinute: 5 }])).rejects.toMatchObject({
        code: 'service_unavailable',
        headers: { 'retry-after': '5' },
      });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
