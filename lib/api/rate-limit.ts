// Rate limits for the public, token-less endpoints (the registration link's): token buckets per client
// address and per link ref, in this process's memory. Each instance limits on its own, which bounds a
// caller at (instances × limit): enough to stop guessing and hammering, without a shared store.
import { ApiError } from './errors';

export interface RateRule {
  /** What is limited, e.g. `link-upload:<ref>` or `address:<ip>`. */
  key: string;
  /** Requests allowed per minute, on average; a burst may use the whole minute's allowance at once. */
  perMinute: number;
}

interface Bucket { tokens: number; updatedAt: number }

const BUCKETS = Symbol.for('ar-onboarding.rate-limit-buckets');
const holder = globalThis as { [BUCKETS]?: Map<string, Bucket> };
const buckets = (holder[BUCKETS] ??= new Map());
/** Past this many tracked keys, buckets that have refilled (and so carry no information) are dropped. */
const PRUNE_ABOVE = 50_000;

/** `RATE_LIMITS=off` turns limits off (load tests, benchmarks); they are on by default. */
export const rateLimitsEnabled = () => process.env.RATE_LIMITS !== 'off';

/** Takes one request from every rule's bucket, or throws 429 with Retry-After (and takes nothing). */
export function enforceRateLimits(rules: RateRule[], now = Date.now()): void {
  if (!rateLimitsEnabled()) return;
  const filled = rules.map((rule) => ({ rule, bucket: refill(rule, now) }));
  const short = filled.filter(({ bucket }) => bucket.tokens < 1);
  if (short.length > 0) {
    const waitMs = Math.max(...short.map(({ rule, bucket }) => ((1 - bucket.tokens) * 60_000) / rule.perMinute));
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw new ApiError('rate_limited', `Too many requests; try again in ${seconds} s.`, undefined, { 'retry-after': String(seconds) });
  }
  for (const { bucket } of filled) bucket.tokens -= 1;
  if (buckets.size > PRUNE_ABOVE) prune(now);
}

function refill(rule: RateRule, now: number): Bucket {
  const bucket = buckets.get(rule.key) ?? { tokens: rule.perMinute, updatedAt: now };
  bucket.tokens = Math.min(rule.perMinute, bucket.tokens + ((now - bucket.updatedAt) * rule.perMinute) / 60_000);
  bucket.updatedAt = now;
  buckets.set(rule.key, bucket);
  return bucket;
}

function prune(now: number) {
  for (const [key, bucket] of buckets) if (now - bucket.updatedAt > 60_000) buckets.delete(key);
}

/**
 * The caller's address as the nearest proxy saw it: the last X-Forwarded-For entry (Next.js sets the
 * header from the socket when no proxy did). Without a proxy in front a client can choose this value,
 * so the per-ref limits, which it cannot dodge, are the ones that protect a link.
 */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for');
  const last = forwarded?.split(',').map((part) => part.trim()).filter(Boolean).at(-1);
  return last ?? request.headers.get('x-real-ip') ?? 'unknown';
}

/** Forgets every bucket (tests). */
export function resetRateLimits(): void {
  buckets.clear();
}
