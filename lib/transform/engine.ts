// The step engine: claim one runnable step (FOR UPDATE SKIP LOCKED, so any number of runners on one
// PostgreSQL share the work), run its handler outside any transaction, then record the outcome.
// A claim is a lease: a runner that dies mid-step loses it and another runner takes the step over.
import { inTransaction } from '@/lib/db/client';
import type { JobStep } from '@/lib/db/schema';
import { claimRunnableStep, lockJob, markJobRunning } from '@/lib/transform/queries';
import { runStepHandler } from '@/lib/transform/steps';
import type { StepOutcome } from '@/lib/transform/templates';
import { backoff } from '@/lib/transform/backoff';
import { jobProgressed } from '@/lib/transform/job-waiters';
import { completeStep, failJob, failStepAndContinue, markWaiting, scheduleRetry } from '@/lib/transform/transitions';

const MAX_ATTEMPTS_ON_ERROR = 5;

/** Claims the next runnable step (of one job, when `jobId` is given), leased to this runner. */
export async function claimNextStep(jobId?: string): Promise<JobStep | undefined> {
  const step = await claimRunnableStep(jobId);
  // A job is queued only until its first step is first claimed (a claim of that step lost with a
  // crashed runner is claimed again), so later claims need not look at the job.
  if (step && step.position === 0 && !step.rescue) await markJobRunning(step.jobId);
  return step;
}

/**
 * Runs a claimed step and records what happened. With `claimNext`, the job's next step (when the chain
 * goes on) is claimed for the caller in the same transaction and answered: the caller must run it.
 */
export async function runClaimedStep(step: JobStep, claimNext = false): Promise<JobStep | undefined> {
  let outcome: StepOutcome;
  try {
    outcome = await runStepHandler(step);
  } catch (error) {
    console.error(`[jobs] step ${step.name} of job ${step.jobId} threw:`, error);
    outcome =
      step.attempts < MAX_ATTEMPTS_ON_ERROR
        ? { kind: 'retry', at: backoff(step.attempts), message: 'Temporary error; will retry.' }
        : { kind: 'fail', message: 'The step kept failing; see the server log.' };
  }
  return recordOutcome(step, outcome, claimNext);
}

async function recordOutcome(step: JobStep, outcome: StepOutcome, claimNext: boolean): Promise<JobStep | undefined> {
  const next = await inTransaction(async (tx): Promise<JobStep | undefined> => {
    const job = await lockJob(tx, step.jobId);
    if (!job) return undefined;
    // Each transition first changes the step only if it is still ours (running, this attempt): if our
    // lease ran out and another runner has the step now, nothing is recorded.
    switch (outcome.kind) {
      case 'complete':
        return completeStep(tx, job, step, outcome.message ?? null, claimNext);
      case 'wait':
        // A supplier who finished before we got here left the authorization on the job.
        if (job.authorization) return completeStep(tx, job, step, 'Authorization received.', claimNext);
        await markWaiting(tx, job, step, outcome.message);
        return undefined;
      case 'retry':
        await scheduleRetry(tx, step, outcome.at, outcome.message);
        return undefined;
      case 'skip':
        return failStepAndContinue(tx, job, step, outcome.message, claimNext);
      case 'fail':
        await failJob(tx, job, step, outcome.message);
        return undefined;
    }
  });
  jobProgressed(step.jobId);
  return next;
}
