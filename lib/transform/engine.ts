// The step engine: claim one runnable step (FOR UPDATE SKIP LOCKED, so any number of runners on one
// PostgreSQL share the work), run its handler outside any transaction, then record the outcome.
// A claim is a lease: a runner that dies mid-step loses it and another runner takes the step over.
// A template's inline steps (one database change each) run inside the transaction that records them,
// and straight after the step before them, in that step's transaction, when its runner goes on.
import { inTransaction, type Tx } from '@/lib/db/client';
import type { JobRow, JobStepRow } from '@/lib/db/schema';
import {
  claimRunnableStep,
  lockJob,
  markJobRunning,
  markJobRunningIn,
  scheduleStepRetryNow,
  type ClaimedStep,
} from '@/lib/transform/queries';
import { runStepHandler } from '@/lib/transform/steps';
import { templateNamed, type InlineStepHandler, type StepOutcome } from '@/lib/transform/templates';
import { backoff } from '@/lib/backoff';
import { jobProgressed } from '@/lib/transform/job-waiters';
import {
  completeStep,
  failJob,
  failStepAndContinue,
  markWaiting,
  scheduleRetry,
  type StepEnded,
} from '@/lib/transform/transitions';

const MAX_ERRORS = 5;
/** A step its template holds back from failing looks again at least this often. */
const HELD_RETRY_CAP_MS = 300_000;

/** Claims the next runnable step (of one job, when `jobId` is given), leased to this runner. */
export async function claimNextStep(jobId?: string): Promise<ClaimedStep | undefined> {
  const step = await claimRunnableStep(jobId);
  // A job is queued only until its first step is first claimed (a claim of that step lost with a
  // crashed runner is claimed again), so later claims need not look at the job. An inline first step
  // moves the job itself, in the transaction that records it.
  if (step && step.position === 0 && !step.rescue && !inlineHandler(step)) await markJobRunning(step.jobId);
  return step;
}

/**
 * Runs a claimed step and the ones its chain hands on, until the chain stops (ends, waits or is retried later);
 * answers how many ran.
 */
export async function runClaimedChain(first: ClaimedStep): Promise<number> {
  let ran = 0;
  for (let step: ClaimedStep | undefined = first; step; ran++) step = await runClaimedStep(step, true);
  return ran;
}

/**
 * A job inserted with its first step claimed for its maker, in the transaction that inserted it (its row is
 * the transaction's own, so no lock is taken): the inline steps at its head run there, and the first step
 * left to run outside the transaction is answered, claimed. The job runs from here as if a worker had
 * claimed that first step, without the claim or a transaction of the inline steps' own.
 */
export async function startClaimedJob(tx: Tx, job: JobRow, first: ClaimedStep): Promise<ClaimedStep | undefined> {
  if (inlineHandler(first)) return runInline(tx, job, first, true);
  await markJobRunningIn(tx, job.id);
  return first;
}

const inlineHandler = (step: ClaimedStep): InlineStepHandler | undefined =>
  templateNamed(step.template)?.inline?.[step.name];

/**
 * Runs a claimed step and records what happened. With `claimNext`, the job's next step (when the chain
 * goes on) is claimed for the caller in the same transaction and answered: the caller must run it. Inline
 * steps met on the way have run by then, in that transaction.
 */
export async function runClaimedStep(step: ClaimedStep, claimNext = false): Promise<ClaimedStep | undefined> {
  if (inlineHandler(step)) {
    try {
      return await recordInlineStep(step, claimNext);
    } catch (error) {
      return recordOutcome(step, afterError(step, error), claimNext);
    }
  }
  let outcome: StepOutcome;
  try {
    outcome = await runStepHandler(step);
  } catch (error) {
    outcome = afterError(step, error);
  }
  return recordOutcome(step, outcome, claimNext);
}

/** A step that threw: retried after its errors so far (not its claims), until it has failed too often. */
function afterError(step: JobStepRow, error: unknown): StepOutcome {
  console.error(`[jobs] step ${step.name} of job ${step.jobId} threw:`, error);
  const errors = step.errors + 1;
  return errors < MAX_ERRORS
    ? { kind: 'retry', at: backoff(errors), message: 'Temporary error; will retry.', error: true }
    : { kind: 'fail', message: 'The step kept failing; see the server log.' };
}

async function recordOutcome(
  step: ClaimedStep,
  outcome: StepOutcome,
  claimNext: boolean,
): Promise<ClaimedStep | undefined> {
  if (outcome.kind === 'retry') {
    // Only the step changes, and only if it is still this runner's: no transaction, no lock of the job.
    await scheduleStepRetryNow(step, outcome.at, outcome.message, outcome.error);
    return undefined;
  }
  const next = await inTransaction(async (tx): Promise<ClaimedStep | undefined> => {
    const job = await lockJob(tx, step.jobId);
    if (!job) return undefined;
    // Each transition first changes the step only if it is still ours (running, this attempt): if our
    // lease ran out and another runner has the step now, nothing is recorded.
    switch (outcome.kind) {
      case 'complete':
        return goOn(tx, job, step, await completeStep(tx, job, step, outcome.message ?? null, claimNext));
      case 'wait':
        // A supplier who finished before we got here left the authorization on the job.
        if (job.authorization)
          return goOn(tx, job, step, await completeStep(tx, job, step, 'Authorization received.', claimNext));
        await markWaiting(tx, job, step, outcome.message);
        return undefined;
      case 'skip':
        return goOn(tx, job, step, await failStepAndContinue(tx, job, step, outcome.message, claimNext));
      case 'fail': {
        const held = step.rescue ? undefined : await templateNamed(step.template)?.beforeJobFails?.(tx, job);
        if (held) await scheduleRetry(tx, step, backoff(step.errors + 1, 1000, HELD_RETRY_CAP_MS), held.hold, true);
        else await failJob(tx, job, step, outcome.message);
        return undefined;
      }
    }
  });
  // Waiters want a job that settled: not one whose next step this runner runs now (nor, above, one retried later).
  if (!next) jobProgressed(step.jobId);
  return next;
}

/** An inline step claimed on its own (its job's first step, a rescue step, one taken over): its own transaction. */
async function recordInlineStep(step: ClaimedStep, claimNext: boolean): Promise<ClaimedStep | undefined> {
  let next: ClaimedStep | undefined;
  try {
    next = await inTransaction(async (tx) => {
      const job = await lockJob(tx, step.jobId);
      return job ? runInline(tx, job, step, claimNext) : undefined;
    });
    return next;
  } catch (error) {
    if (error instanceof LeaseLost) return undefined;
    throw error;
  } finally {
    if (!next) jobProgressed(step.jobId);
  }
}

/** The step is no longer this runner's (its lease ran out and another runner took it): nothing is recorded. */
class LeaseLost extends Error {}

/**
 * The next step `ended` handed its runner (claimed in the same transaction), run here at once if it is
 * inline, and so on down the chain: answers the first step left to run outside the transaction.
 */
function goOn(tx: Tx, job: JobRow, ended: ClaimedStep, { claimed }: StepEnded): Promise<ClaimedStep | undefined> {
  if (!claimed) return Promise.resolve(undefined);
  const next = { ...claimed, template: ended.template };
  return inlineHandler(next) ? runInline(tx, job, next, true) : Promise.resolve(next);
}

/** Runs an inline step and completes it; its change is undone with the transaction if the step is no longer ours. */
async function runInline(tx: Tx, job: JobRow, step: ClaimedStep, claimNext: boolean): Promise<ClaimedStep | undefined> {
  const message = await inlineHandler(step)!(tx, [job]);
  const ended = await completeStep(tx, job, step, message, claimNext);
  if (!ended.ended) throw new LeaseLost();
  return goOn(tx, job, step, ended);
}
