// Rate limits: buckets per client address, link ref or presented credential, each refilling evenly
// over its window. Without DATABASE_URL (the embedded database: one process) they are kept in this
// process's memory; with it, where every instance sees them (PostgreSQL, or Redis when REDIS_URL is
// set), so instances sharing a database share each limit instead of multiplying it.
import { ApiError } from '@/lib/api/errors';
import type { CounterLimit, RateCounters } from '@/lib/api/rate-limit/counters';
import { memoryCounters } from '@/lib/api/rate-limit/memory-counters';
import { postgresCounters } from '@/lib/api/rate-limit/postgres-counters';
import { redisCounters } from '@/lib/api/rate-limit/redis-counters';
import { processSingleton } from '@/lib/process-singleton';

/** What is limited (e.g. `link-upload:<ref>`, `address:<ip>`) and how much: per minute, or per window. */
export type RateRule = { key: string } & ({ perMinute: number } | { allowed: number; perSeconds: number });

export type RateLimitStore = 'memory' | 'postgres' | 'redis';

/** `RATE_LIMITS=off` turns limits off (load tests, benchmarks); they are on by default. */
export const rateLimitsEnabled = () => process.env.RATE_LIMITS !== 'off';

export function rateLimitStore(): RateLimitStore {
  if (!process.env.DATABASE_URL) return 'memory';
  return process.env.REDIS_URL ? 'redis' : 'postgres';
}

const made = processSingleton('rate-limit-store', (): { chosen?: { source: string; counters: RateCounters } } => ({}));

/** The store for this configuration (a test file that switches databases gets the new one). */
function counters(): RateCounters {
  const store = rateLimitStore();
  const source = `${store}|${process.env.DATABASE_URL ?? ''}|${process.env.REDIS_URL ?? ''}`;
  if (made.chosen?.source !== source) {
    const fresh =
      store === 'memory'
        ? memoryCounters()
        : store === 'postgres'
          ? postgresCounters()
          : redisCounters(process.env.REDIS_URL!, databaseIdentity(process.env.DATABASE_URL!));
    made.chosen = { source, counters: fresh };
  }
  return made.chosen.counters;
}

/** Instances on the same database share counters whatever credentials each connects with. */
function databaseIdentity(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

function toLimit(rule: RateRule): CounterLimit {
  const [allowed, windowMs] = 'perMinute' in rule ? [rule.perMinute, 60_000] : [rule.allowed, rule.perSeconds * 1000];
  return { key: rule.key, stepMs: Math.ceil(windowMs / allowed), windowMs };
}

/** Takes one call from every rule's bucket, or throws 429 with Retry-After (a refusing bucket keeps what it had). */
export async function enforceRateLimits(rules: RateRule[], now = Date.now()): Promise<void> {
  if (!rateLimitsEnabled() || rules.length === 0) return;
  refuseIfWaiting(await withStore((store) => store.take(rules.map(toLimit), now)));
}

/** Throws 429 with Retry-After if any rule's bucket is empty; takes nothing. */
export async function assertWithinRateLimits(rules: RateRule[], message?: string, now = Date.now()): Promise<void> {
  if (!rateLimitsEnabled() || rules.length === 0) return;
  refuseIfWaiting(await withStore((store) => store.peek(rules.map(toLimit), now)), message);
}

/** Takes one call from every rule's bucket that has room, refusing nothing (counting failures). */
export async function countAgainstRateLimits(rules: RateRule[], now = Date.now()): Promise<void> {
  if (!rateLimitsEnabled() || rules.length === 0) return;
  await withStore((store) => store.take(rules.map(toLimit), now));
}

function refuseIfWaiting(waits: number[], message = 'Too many requests') {
  const waitMs = Math.max(0, ...waits);
  if (waitMs <= 0) return;
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  throw new ApiError('rate_limited', `${message}; try again in ${seconds} s.`, undefined, {
    'retry-after': String(seconds),
  });
}

/** A store that cannot answer (Redis or PostgreSQL away) is a 503 to retry, not a 500 nor a pass. */
async function withStore<T>(work: (store: RateCounters) => Promise<T>): Promise<T> {
  try {
    return await work(counters());
  } catch (error) {
    console.error(`[rate-limit] the ${rateLimitStore()} store failed:`, error instanceof Error ? error.message : error);
    throw new ApiError('service_unavailable', 'The service is busy; try again in a few seconds.', undefined, {
      'retry-after': '5',
    });
  }
}

/**
 * The caller's address as the nearest proxy saw it: the last X-Forwarded-For entry (Next.js sets the
 * header from the socket when no proxy did). Without a proxy in front a client can choose this value,
 * so the per-ref limits, which it cannot dodge, are the ones that protect a link.
 */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for');
  const last = forwarded
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .at(-1);
  return (last ?? request.headers.get('x-real-ip') ?? 'unknown').slice(0, 64);
}

/** Forgets every bucket of the current store (tests). */
export async function resetRateLimits(): Promise<void> {
  await counters().reset();
}
