// Who is waiting for a job to move: the upload that resumed a registration, and a `?wait=` answer, wait for
// their job to end, and the steps may run in this process's runner or another instance's. Each recorded step
// outcome wakes the job's waiters at once instead of their polling the database, here and (on PostgreSQL,
// through a notice) in the other instances; waiters also give up waiting after a while and look for
// themselves, since a notice can be lost.
import { notice, onNotice } from '@/lib/db/notices';
import { processSingleton } from '@/lib/process-singleton';

const waiters = processSingleton('job-waiters', () => new Map<string, Set<() => void>>());
const listening = processSingleton('job-waiters-listening', () => ({ started: false }));
const CHANNEL = 'job_progress';

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
  listenToOtherInstances();
  return new Promise((resolve) => {
    const forJob = waiters.get(jobId) ?? new Set();
    waiters.set(jobId, forJob);
    const wake = () => {
      clearTimeout(timer);
      forJob.delete(wake);
      if (forJob.size === 0 && waiters.get(jobId) === forJob) waiters.delete(jobId);
      resolve();
    };
    const timer = setTimeout(wake, timeoutMs);
    forJob.add(wake);
  });
}

/** A step outcome of the job was committed: its waiters here wake now, and the other instances are told. */
export function jobProgressed(jobId: string): void {
  wakeWaiters(jobId);
  notice(CHANNEL, jobId);
}

function wakeWaiters(jobId: string): void {
  for (const wake of [...(waiters.get(jobId) ?? [])]) wake();
}
