// How long the event loop is held, and a yardstick to judge it by, measured on the spot: the machine the
// tests run on is shared, so fixed milliseconds would measure the neighbours' load as much as our code.
import { pbkdf2Sync } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** Lateness of a 5 ms timer past which the event loop counts as held. */
export const HELD_FROM_MS = 20;

/**
 * Runs `probe` every 5 ms, one at a time, until `work` settles. Each latency counts from when the probe
 * was due, so a hold of the event loop shows as the one probe that waited it out.
 */
export async function latenciesDuring(
  work: Promise<unknown>,
  probe: () => Promise<unknown> = async () => {},
): Promise<number[]> {
  let settled = false;
  const done = work.finally(() => {
    settled = true;
  });
  const latencies: number[] = [];
  for (let due = performance.now(); !settled; ) {
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    await probe();
    latencies.push(performance.now() - due);
    due = Math.max(due + 5, performance.now());
  }
  await done;
  return latencies;
}

/** The time the event loop was held in all: the sum of the latencies past HELD_FROM_MS. */
export const heldMs = (latencies: number[]) =>
  latencies.filter((latency) => latency > HELD_FROM_MS).reduce((sum, latency) => sum + latency, 0);

/**
 * What a synchronous PBKDF2-HMAC-SHA256 of `iterations` takes on this machine right now (the best of
 * three): before, an upload held the event loop at least this long to open a key encrypted that way.
 */
export function synchronousDerivationMs(iterations: number): number {
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    pbkdf2Sync('yardstick', 'salt', iterations, 32, 'sha256');
    best = Math.min(best, performance.now() - started);
  }
  return best;
}
