// Work started outside the runner's step workers and left to finish on its own: a periodic task's run, a
// service's reporter kicked right after a step, a question asked soon. Stopping the runner (shutdown, the end
// of a test file) settles it: what is only scheduled is cancelled and what runs is waited for, so nothing
// reaches for the database after it is closed (a closed handle's next use would open it again).
import { processSingleton } from '@/lib/process-singleton';

const work = processSingleton('background-work', () => ({
  running: new Set<Promise<void>>(),
  scheduled: new Set<NodeJS.Timeout>(),
}));

/** Runs `task` now without holding the caller; a failure is logged under `label`. */
export function runInBackground(label: string, task: () => Promise<unknown>): void {
  const running: Promise<void> = task()
    .then(
      () => undefined,
      (error: unknown) => console.error(`[${label}] failed:`, error),
    )
    .finally(() => work.running.delete(running));
  work.running.add(running);
}

/** Calls `start` after `ms` (it may start background work), unless settled or cancelled first; returns the cancel. */
export function inBackgroundAfter(ms: number, start: () => void): () => void {
  const timer = setTimeout(() => {
    work.scheduled.delete(timer);
    start();
  }, ms);
  timer.unref();
  work.scheduled.add(timer);
  return () => {
    clearTimeout(timer);
    work.scheduled.delete(timer);
  };
}

/** Cancels what is scheduled and waits for what runs, until neither is left (what runs may schedule more). */
export async function settleBackgroundWork(): Promise<void> {
  do {
    for (const timer of work.scheduled) clearTimeout(timer);
    work.scheduled.clear();
    await Promise.all([...work.running]);
  } while (work.running.size > 0 || work.scheduled.size > 0);
}
