// How long the event loop is kept from turning, and a yardstick to judge it by, measured on the spot:
// the machine the tests run on is shared, so fixed milliseconds would measure the neighbours' load as
// much as our code.
import { pbkdf2Sync } from 'node:crypto';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

/** The longest the event loop was kept from turning (ms) while `work` ran. */
export async function longestStall(work: () => Promise<unknown>): Promise<number> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  try {
    await work();
  } finally {
    delay.disable();
  }
  return delay.max / 1e6;
}

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
