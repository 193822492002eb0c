// The in-process runner: a few workers that drain runnable job steps, one sender that drains the
// webhook outbox, and the periodic tasks; woken by a poll timer and by kicks (a new job, a resumed
// registration, a raised event). Its state is a process singleton so that every bundle of the Next
// server (instrumentation, route handlers) shares one runner.
import { drainWebhookDeliveries } from '@/lib/webhooks/delivery';
import { processSingleton } from '@/lib/process-singleton';
import { runPeriodicTasks } from '@/lib/transform/periodic-tasks';
import { setWakers, type JobRunSlot } from '@/lib/transform/wake-ups';
import { runInBackground, settleBackgroundWork } from '@/lib/transform/background-work';
import { claimNextStep, runClaimedChain } from '@/lib/transform/engine';
import { getJobByIdAnyOwner } from '@/lib/transform/queries';
import { nextJobProgress } from '@/lib/transform/job-waiters';

/** How long a job's waiter waits for news from this process before looking at the job itself. */
const PROGRESS_WAIT_MS = 200;
/**
 * Jobs whose steps run at once for the callers waiting for them (reserveJobRun), at most this many at a time;
 * past that, a new job is the step workers'. Each is one waiting request's, so the bound only matters when
 * waits run out and their callers create more.
 */
const JOB_RUN_SLOTS = 64;

interface RunnerState {
  timer?: NodeJS.Timeout;
  active: number;
  concurrency: number;
  /** Job run slots: how many there are, and how many are taken (reserved or running), beside the workers. */
  slots: number;
  slotsTaken: number;
  sending: boolean;
  stopped: boolean;
  idle: Set<() => void>;
}

const runner = processSingleton('job-runner', (): { state?: RunnerState } => ({}));

/**
 * Runs steps until none is runnable now (of one job, when `jobId` is given); returns how many ran.
 * Tests call this directly; the gov-ar service runs a resumed job to its end before answering.
 */
export async function drainJobs(jobId?: string): Promise<number> {
  let ran = 0;
  for (let step = await claimNextStep(jobId); step; step = await claimNextStep(jobId))
    ran += await runClaimedChain(step);
  return ran;
}

/**
 * Runs one job's remaining steps until it ends, here or in whichever runner (this process's own
 * workers, another instance) has already claimed them; gives up after `timeoutMs`.
 */
export async function runJobToEnd(jobId: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await drainJobs(jobId);
    const job = await getJobByIdAnyOwner(jobId);
    if (!job || job.status === 'completed' || job.status === 'failed' || Date.now() > deadline) return;
    // Another worker has the job's step: woken when it records it (or after a while, if that
    // worker is another instance's), rather than asking the database every few milliseconds.
    await nextJobProgress(jobId, PROGRESS_WAIT_MS);
  }
}

export function startJobRunner(options: { pollMs?: number; concurrency?: number; jobRunSlots?: number } = {}): void {
  if (runner.state && !runner.state.stopped) return;
  const state: RunnerState = {
    active: 0,
    concurrency: options.concurrency ?? 4,
    slots: options.jobRunSlots ?? JOB_RUN_SLOTS,
    slotsTaken: 0,
    sending: false,
    stopped: false,
    idle: new Set(),
  };
  const tick = () => {
    startStepWorker();
    startWebhookSender();
    runInBackground('tasks', runPeriodicTasks);
  };
  state.timer = setInterval(tick, options.pollMs ?? 1000);
  state.timer.unref();
  runner.state = state;
  setWakers({ jobs: startStepWorker, webhooks: startWebhookSender, jobRun: reserveJobRunSlot });
  tick();
}

/** One more worker draining steps, up to the concurrency limit (what kickJobRunner wakes). */
function startStepWorker(): void {
  const state = runner.state;
  if (!state || state.stopped || state.active >= state.concurrency) return;
  state.active++;
  void drainJobs()
    .catch((error: unknown) => console.error('[jobs] runner error:', error))
    .finally(() => {
      state.active--;
      settle(state);
    });
}

/** A slot for one job's steps beside the workers (what reserveJobRun asks); its work settles with the background work. */
function reserveJobRunSlot(): JobRunSlot | undefined {
  const state = runner.state;
  if (!state || state.stopped || state.slotsTaken >= state.slots) return undefined;
  state.slotsTaken++;
  let reserved = true;
  const free = () => state.slotsTaken--;
  return {
    run: (task) => {
      if (!reserved) return;
      reserved = false;
      // A runner stopped meanwhile has settled its background work: the claimed step is taken over once its
      // lease runs out, by the next runner.
      if (state.stopped) free();
      else runInBackground('jobs', () => task().finally(free));
    },
    release: () => {
      if (!reserved) return;
      reserved = false;
      free();
    },
  };
}

/** The webhook sender, unless it is sending already (what kickWebhookSender wakes). */
function startWebhookSender(): void {
  const state = runner.state;
  if (!state || state.stopped || state.sending) return;
  state.sending = true;
  void drainWebhookDeliveries()
    .catch((error: unknown) => console.error('[webhooks] sender error:', error))
    .finally(() => {
      state.sending = false;
      settle(state);
    });
}

function settle(state: RunnerState) {
  if (state.active === 0 && !state.sending) for (const resolve of state.idle) resolve();
}

/** Stops the workers and waits for them, then settles the background work (which runs without a runner too). */
export async function stopJobRunner(): Promise<void> {
  const state = runner.state;
  if (state) {
    state.stopped = true;
    setWakers({});
    clearInterval(state.timer);
    if (state.active > 0 || state.sending) await new Promise<void>((resolve) => state.idle.add(resolve));
    delete runner.state;
  }
  await settleBackgroundWork();
}
