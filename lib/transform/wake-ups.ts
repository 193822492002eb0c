// Wake-ups of this process's background work: a new job, a resumed one or a queued webhook event asks
// the runner to look now instead of at its next poll. A bottom module (it imports nothing of ours but the
// singleton helper), so steps and services can wake the runner without importing it; when this process
// runs no runner (a test that drains by hand, or nothing started yet), a wake-up does nothing.
import { processSingleton } from '@/lib/process-singleton';

interface Wakers {
  jobs?: () => void;
  webhooks?: () => void;
  jobRun?: () => JobRunSlot | undefined;
}

/** A place the runner keeps for one job's steps, run at once beside its step workers. */
export interface JobRunSlot {
  /** Runs `task` in the slot (it is freed when the task ends). */
  run(task: () => Promise<unknown>): void;
  /** Frees the slot unused. */
  release(): void;
}

const wakers = processSingleton('wake-ups', (): Wakers => ({}));

/** Starts one more step worker, up to the runner's concurrency. */
export const kickJobRunner = () => wakers.jobs?.();

/**
 * A slot to run one job's steps at once, for a caller that waits for the job (a create with `?wait=`): they
 * do not queue behind other jobs' steps for the workers. Undefined when no runner runs in this process, or all
 * its slots are taken; then the job is the workers'.
 */
export const reserveJobRun = (): JobRunSlot | undefined => wakers.jobRun?.();

/** Starts the webhook sender, unless it is sending already. */
export const kickWebhookSender = () => wakers.webhooks?.();

/** The runner says how to wake it when it starts, and forgets it when it stops. */
export function setWakers(next: Wakers): void {
  wakers.jobs = next.jobs;
  wakers.jobRun = next.jobRun;
  wakers.webhooks = next.webhooks;
}
