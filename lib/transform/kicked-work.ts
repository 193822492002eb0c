// Work a service runs in the background when told there may be some (a kick), rather than on a schedule: one
// run at a time in a process (a kick while it runs has it run once more when it ends), and while runs leave
// work (the run says so, or throws), again after a backoff that doubles up to a cap. A kick during the backoff
// waits for it; `hurry` cuts it short when the caller knows what held the work up is gone. The backoff's end
// always runs the work: a timer may fire a moment before the wall clock reaches the time it was set for, and a
// retry that then found itself "too early" would leave the work to the next kick.
import { processSingleton } from '@/lib/process-singleton';
import { inBackgroundAfter, runInBackground } from '@/lib/transform/background-work';

/** One run: `left` when work is left that the run could not do now (it runs again after the backoff). */
export type KickedRun = () => Promise<'done' | 'left'>;

export interface KickedWorkOptions {
  /** The longest wait between runs while they leave work. */
  mostBackoffMs: number;
  /** Work may be left from before this process started (a process that died): the first `hurry` runs it. */
  pendingAtStart?: boolean;
}

export interface KickedWork {
  /** There may be work: it runs now, after the run under way, or when the backoff ends. */
  kick(): void;
  /** Whatever held the work up is gone: work left by earlier runs runs now, not after the backoff. */
  hurry(): void;
}

/** The first wait after a run that left work; each further one doubles it, up to `mostBackoffMs`. */
const FIRST_BACKOFF_MS = 2_000;

/** The background work `name` (one per process, whichever bundle asks), doing `run` when kicked. */
export function kickedWork(name: string, run: KickedRun, options: KickedWorkOptions): KickedWork {
  const state = processSingleton(`kicked-work.${name}`, () => ({
    running: false,
    /** Kicked while running: run once more when the run ends. */
    again: false,
    /** Work may be left: kicked and not yet run to `done`. */
    pending: options.pendingAtStart ?? false,
    failures: 0,
    backoffUntil: 0,
    cancelRetry: undefined as (() => void) | undefined,
  }));

  const start = () => {
    state.running = true;
    runInBackground(name, runUntilDone);
  };

  const kick = () => {
    state.pending = true;
    if (state.running) {
      state.again = true;
      return;
    }
    if (Date.now() < state.backoffUntil) return; // the backoff's end runs it
    start();
  };

  const retryLater = () => {
    const wait = Math.min(options.mostBackoffMs, FIRST_BACKOFF_MS * 2 ** state.failures);
    state.failures += 1;
    state.backoffUntil = Date.now() + wait;
    state.cancelRetry?.();
    state.cancelRetry = inBackgroundAfter(wait, () => {
      state.backoffUntil = 0;
      kick();
    });
  };

  async function runUntilDone(): Promise<void> {
    try {
      do {
        state.again = false;
        if ((await run()) === 'left') {
          retryLater();
          return;
        }
        // Done: the backoff is over, and a retry still scheduled from before (a hurry cut it short) has nothing to do.
        state.failures = 0;
        state.backoffUntil = 0;
        state.cancelRetry?.();
        state.cancelRetry = undefined;
      } while (state.again);
      state.pending = false;
    } catch (error) {
      retryLater();
      console.error(`[${name}] run failed; it runs again after a backoff:`, error);
    } finally {
      state.running = false;
    }
  }

  return {
    kick,
    hurry() {
      if (!state.pending || state.running) return;
      state.backoffUntil = 0;
      kick();
    },
  };
}
