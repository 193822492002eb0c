// Wake-ups of this process's background work: a new job, a resumed one or a queued webhook event asks
// the runner to look now instead of at its next poll. A bottom module (it imports nothing of ours but the
// singleton helper), so steps and services can wake the runner without importing it; when this process
// runs no runner (a test that drains by hand, or nothing started yet), a wake-up does nothing.
import { processSingleton } from '@/lib/process-singleton';

interface Wakers {
  jobs?: () => void;
  webhooks?: () => void;
}

const wakers = processSingleton('wake-ups', (): Wakers => ({}));

/** Starts one more step worker, up to the runner's concurrency. */
export const kickJobRunner = () => wakers.jobs?.();

/** Starts the webhook sender, unless it is sending already. */
export const kickWebhookSender = () => wakers.webhooks?.();

/** The runner says how to wake it when it starts, and forgets it when it stops. */
export function setWakers(next: Wakers): void {
  wakers.jobs = next.jobs;
  wakers.webhooks = next.webhooks;
}
