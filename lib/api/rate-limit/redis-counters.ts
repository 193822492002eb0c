// Rate-limit buckets in Redis (REDIS_URL), shared by every instance of one database. A call is one Lua
// script, which Redis runs atomically; each bucket expires by itself when it is full again.
import { processSingleton } from '@/lib/process-singleton';
import { createHash } from 'node:crypto';
import Redis from 'ioredis';
import type { CounterLimit, RateCounters } from '@/lib/api/rate-limit/counters';
import { waitFor } from '@/lib/api/rate-limit/counters';

// KEYS: the buckets. ARGV: now, then each bucket's step and window (ms). Answers each bucket's wait.
const TAKE = `
local now = tonumber(ARGV[1])
local waits = {}
for i, key in ipairs(KEYS) do
  local step = tonumber(ARGV[2 * i])
  local window = tonumber(ARGV[2 * i + 1])
  local after = math.max(tonumber(redis.call('GET', key) or now), now) + step
  if after <= now + window then
    redis.call('SET', key, after, 'PX', after - now)
    waits[i] = 0
  else
    waits[i] = after - window - now
  end
end
return waits`;

interface CountingRedis extends Redis {
  takeRateLimits(numberOfKeys: number, ...keysAndArgs: (string | number)[]): Promise<number[]>;
}

/** One connection per URL, shared by the proxy's bundle and the routes'. */
const clients = processSingleton('rate-limit-redis', () => new Map<string, CountingRedis>());

/**
 * `namespace` keeps apart the counters of different deployments sharing one Redis (it is made from
 * the database they use); the braces put every key of one namespace in one Redis Cluster slot.
 */
export function redisCounters(url: string, namespace: string): RateCounters {
  const prefix = `ar-onboarding:{${createHash('sha256').update(namespace).digest('hex').slice(0, 16)}}:rate:`;
  const redis = () => client(url);
  const keysOf = (limits: CounterLimit[]) => limits.map((limit) => prefix + limit.key);
  return {
    async take(limits, now) {
      const args = limits.flatMap((limit) => [limit.stepMs, limit.windowMs]);
      return (await redis().takeRateLimits(limits.length, ...keysOf(limits), now, ...args)).map(Number);
    },
    async peek(limits, now) {
      if (limits.length === 0) return [];
      const values = await redis().mget(...keysOf(limits));
      return limits.map((limit, i) => waitFor(limit, values[i] == null ? undefined : Number(values[i]), now));
    },
    async reset() {
      const keys = await redis().keys(`${prefix.replace(/[{}[\]*?\\]/g, '\\$&')}*`);
      if (keys.length > 0) await redis().del(...keys);
    },
  };
}

/** One connection per process and URL. Commands fail fast while Redis is away rather than queueing. */
function client(url: string): CountingRedis {
  let redis = clients.get(url);
  if (!redis) {
    redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000, commandTimeout: 2_000 }) as CountingRedis;
    redis.defineCommand('takeRateLimits', { lua: TAKE });
    let said = '';
    // While Redis is away ioredis reconnects and reports each failed try; one line per new problem is enough.
    redis.on('error', (error: Error) => {
      if (error.message === said) return;
      said = error.message;
      console.error('[rate-limit] redis:', said);
    });
    redis.on('ready', () => {
      said = '';
    });
    clients.set(url, redis);
  }
  return redis;
}

/** Closes the connections (tests, shutdown). */
export async function closeRedisCounters(): Promise<void> {
  const open = [...clients.values()];
  clients.clear();
  await Promise.all(open.map((redis) => redis.quit().catch(() => redis.disconnect())));
}
