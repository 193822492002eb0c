// Who is waiting for a job to move: the upload that resumed a registration, and a `?wait=` answer, wait for
// their job to end, and the steps may run in this process's runner or another instance's. A job that settles
// wakes its waiters at once instead of their polling the database, here and (on PostgreSQL, through a
// notice) in the other instances; waiters also give up waiting after a while and look for themselves, since a
// notice can be lost.
import { notice, onNotice } from '@/lib/db/notices';
import { processSingleton } from '@/lib/process-singleton';

const waiters = processSingleton('job-waiters', () => new Map<string, Set<() => void>>());
const listening = processSingleton('job-waiters-listening', () => ({ started: false }));
/** Jobs that moved lately, when: a waiter that starts watching just after the news still hears it. */
const recent = processSingleton('job-waiters-recent', () => new Map<string, number>());
const CHANNEL = 'job_progress';
const RECENT_MS = 10_000;
const RECENT_KEPT = 10_000;

/** Wakes this process's waiters of each job another instance recorded a step of. */
function listenToOtherInstances(): void {
  if (listening.started) return;
  listening.started = true;
  onNotice(CHANNEL, (jobIds) => {
    for (const jobId of jobIds) wakeWaiters(jobId);
  });
}

/** Resolves when a step of the job is next recorded in this process, or after `timeoutMs`. */
export function nextJobProgress(jobId: string, timeoutMs: number): Promise<void> {
  const watch = watchJobProgress(jobId, { sinceNow: true });
  return watch.next(timeoutMs).finally(() => watch.close());
}

export interface JobProgressWatch {
  /** Resolves at the job's next news since the last `next` (at once if some came meanwhile), or after `timeoutMs`. */
  next(timeoutMs: number): Promise<void>;
  close(): void;
}

/**
 * Watches a job's news from now on (and, unless `sinceNow`, news of the last few seconds, which a waiter that
 * read nothing yet has not seen): a wake that comes between two looks is kept for the next, never lost.
 */
export function watchJobProgress(jobId: string, options: { sinceNow?: boolean } = {}): JobProgressWatch {
  listenToOtherInstances();
  const heardAt = recent.get(jobId);
  let pending = !options.sinceNow && heardAt !== undefined && Date.now() - heardAt < RECENT_MS;
  let resolveNext: (() => void) | undefined;
  const forJob = waiters.get(jobId) ?? new Set();
  waiters.set(jobId, forJob);
  const wake = () => {
    pending = true;
    resolveNext?.();
  };
  forJob.add(wake);
  return {
    next(timeoutMs) {
      if (pending) {
        pending = false;
        return Promise.resolve();
      }
      return new Promise((resolve) => {
        const timer = setTimeout(done, timeoutMs);
        function done() {
          clearTimeout(timer);
          resolveNext = undefined;
          pending = false;
          resolve();
        }
        resolveNext = done;
      });
    },
    close() {
      forJob.delete(wake);
      if (forJob.size === 0 && waiters.get(jobId) === forJob) waiters.delete(jobId);
      resolveNext?.();
    },
  };
}

/** The job settled (or moved as its waiters want to hear): its waiters here wake now, and the other instances are told. */
export function jobProgressed(jobId: string): void {
  wakeWaiters(jobId);
  notice(CHANNEL, jobId);
}

function wakeWaiters(jobId: string): void {
  recent.delete(jobId);
  recent.set(jobId, Date.now());
  if (recent.size > RECENT_KEPT) recent.delete(recent.keys().next().value!);
  for (const wake of [...(waiters.get(jobId) ?? [])]) wake();
}
