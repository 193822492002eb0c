// Where rate-limit counters live, and the arithmetic they share. Every limit is a bucket of `allowed`
// calls that refills evenly over its window, kept as one number: the time the bucket is full again
// (GCRA). A call takes one `step` (window / allowed) and is let through while that time stays within
// one window of now, so a store needs no timers and a bucket whose time has passed carries nothing.

/** A limit as the stores keep it: its key, the time one call takes from it, and its window. */
export interface CounterLimit {
  key: string;
  stepMs: number;
  windowMs: number;
}

/** A store of buckets. Each answers one wait per limit, in order: 0 = let through, else ms until one more would be. */
export interface RateCounters {
  /** Takes one call from each limit that has room; a limit without room is left as it was. */
  take(limits: CounterLimit[], now: number): Promise<number[]>;
  /** Whether each limit has room for one more call, taking nothing. */
  peek(limits: CounterLimit[], now: number): Promise<number[]>;
  /** Forgets every bucket (tests). */
  reset(): Promise<void>;
}

/** The bucket after one more call, from the time it was full again (or nothing kept): its new time, or the wait. */
export function nextFullAt(
  limit: CounterLimit,
  fullAt: number | undefined,
  now: number,
): { fullAt: number } | { waitMs: number } {
  const after = Math.max(fullAt ?? now, now) + limit.stepMs;
  return after <= now + limit.windowMs ? { fullAt: after } : { waitMs: after - limit.windowMs - now };
}

export const waitFor = (limit: CounterLimit, fullAt: number | undefined, now: number): number => {
  const next = nextFullAt(limit, fullAt, now);
  return 'waitMs' in next ? next.waitMs : 0;
};
