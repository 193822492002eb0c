// Who is waiting for a job to move: the upload that resumed a registration waits for its job to end,
// and the steps may run in this process's runner. Each recorded step outcome wakes the job's waiters
// at once instead of their polling the database; a step recorded by another instance wakes nobody
// here, so waiters also give up waiting after a while and look for themselves.
import { processSingleton } from '@/lib/process-singleton';

const waiters = processSingleton('job-waiters', () => new Map<string, Set<() => void>>());

/** Resolves when a step of the job is next recorded in this process, or after `timeoutMs`. */
export function nextJobProgress(jobId: string, timeoutMs: number): Promise<void> {
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

/** A step outcome of the job was committed. */
export function jobProgressed(jobId: string): void {
  for (const wake of [...(waiters.get(jobId) ?? [])]) wake();
}
