// Work run when kicked: once at a time, again after a backoff while it leaves work, and always when the
// backoff ends, even if the timer fires a moment before the wall clock says it is due (the CAEA reporter
// once stopped there, leaving a voucher uninformed until the next periodic run).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settleBackgroundWork } from '@/lib/transform/background-work';
import { kickedWork, type KickedRun, type KickedWorkOptions } from '@/lib/transform/kicked-work';

let names = 0;
/** A fresh work (its state is per name and process) whose runs answer `answers` in turn, then `done`. */
function work(answers: ('done' | 'left' | 'throws')[], options: KickedWorkOptions = { mostBackoffMs: 30_000 }) {
  const runs: number[] = [];
  let release: (() => void) | undefined;
  let holding = false;
  const run: KickedRun = async () => {
    runs.push(Date.now());
    if (holding) await new Promise<void>((resolve) => (release = resolve));
    const answer = answers.shift() ?? 'done';
    if (answer === 'throws') throw new Error('the authority did not answer');
    return answer;
  };
  const kicked = kickedWork(`test-${++names}`, run, options);
  return {
    ...kicked,
    runs,
    hold: () => (holding = true),
    letGo: () => {
      holding = false;
      release?.();
    },
  };
}

/** Lets the background runs started so far reach their end. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  await settleBackgroundWork();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('work run when kicked', () => {
  it('runs at once, and once more after a run that was kicked while it ran', async () => {
    const reporter = work([]);
    reporter.hold();
    reporter.kick();
    await settle();
    reporter.kick();
    reporter.kick();
    expect(reporter.runs).toHaveLength(1);
    reporter.letGo();
    await settle();
    expect(reporter.runs).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(reporter.runs).toHaveLength(2);
  });

  it('runs again after 2 s, 4 s, 8 s while runs leave work (a failure too), up to the cap', async () => {
    const reporter = work(['left', 'throws', 'left', 'left', 'left'], { mostBackoffMs: 10_000 });
    const start = Date.now();
    reporter.kick();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reporter.runs.map((at) => at - start)).toEqual([0, 2_000, 6_000, 14_000, 24_000, 34_000]);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('run failed'), expect.any(Error));
  });

  it('a kick during the backoff waits for it; a hurry runs now; a done run ends the backoff and its retry', async () => {
    const reporter = work(['left', 'left', 'done', 'left']);
    const start = Date.now();
    reporter.kick();
    await vi.advanceTimersByTimeAsync(2_000); // the first backoff's end: left again, 4 s now
    await vi.advanceTimersByTimeAsync(1_000);
    reporter.kick();
    await settle();
    expect(reporter.runs.map((at) => at - start)).toEqual([0, 2_000]);
    reporter.hurry();
    await settle();
    expect(reporter.runs.map((at) => at - start)).toEqual([0, 2_000, 3_000]);
    // Done: the retry the hurry cut short (due at 6 s) does not run.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reporter.runs.map((at) => at - start)).toEqual([0, 2_000, 3_000]);
    reporter.kick(); // left, and waits the first backoff again (2 s), not the 8 s the failures had reached
    await vi.advanceTimersByTimeAsync(2_000);
    expect(reporter.runs.map((at) => at - start)).toEqual([0, 2_000, 3_000, 13_000, 15_000]);
  });

  it("runs at the backoff's end even when its timer fires before the wall clock gets there", async () => {
    const reporter = work(['left']);
    reporter.kick();
    await settle();
    expect(reporter.runs).toHaveLength(1);
    // The wall clock falls a few milliseconds behind the timers' clock: the timer fires "early".
    vi.setSystemTime(Date.now() - 5);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(reporter.runs).toHaveLength(2);
  });

  it('a hurry runs nothing unless work may be left: kicked and not done, or pending from the start', async () => {
    const idle = work([]);
    idle.hurry();
    await settle();
    expect(idle.runs).toHaveLength(0);
    idle.kick();
    await settle();
    idle.hurry();
    await settle();
    expect(idle.runs).toHaveLength(1);

    const restarted = work([], { mostBackoffMs: 30_000, pendingAtStart: true });
    restarted.hurry();
    await settle();
    expect(restarted.runs).toHaveLength(1);
  });
});
