// Rate-limit buckets in this process's memory: what the embedded database needs (one process owns the
// data directory, so there is no other instance to share them with).
import { processSingleton } from '@/lib/process-singleton';
import { nextFullAt, waitFor, type CounterLimit, type RateCounters } from '@/lib/api/rate-limit/counters';

/** Past this many tracked keys, buckets that are full again (and so carry nothing) are dropped. */
const PRUNE_ABOVE = 50_000;

export function memoryCounters(): RateCounters {
  // Process-wide: Next bundles the proxy and the route handlers apart, and they must share one set.
  const fullAt = processSingleton('rate-limit-buckets', () => new Map<string, number>());
  return {
    async take(limits, now) {
      const waits = limits.map((limit) => {
        const next = nextFullAt(limit, fullAt.get(limit.key), now);
        if ('waitMs' in next) return next.waitMs;
        fullAt.set(limit.key, next.fullAt);
        return 0;
      });
      if (fullAt.size > PRUNE_ABOVE) prune(fullAt, now);
      return waits;
    },
    async peek(limits: CounterLimit[], now: number) {
      return limits.map((limit) => waitFor(limit, fullAt.get(limit.key), now));
    },
    async reset() {
      fullAt.clear();
    },
  };
}

function prune(fullAt: Map<string, number>, now: number) {
  for (const [key, at] of fullAt) if (at <= now) fullAt.delete(key);
}
