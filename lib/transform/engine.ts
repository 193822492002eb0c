// The step engine: claim one runnable step (FOR UPDATE SKIP LOCKED, so any number of runners on one
// PostgreSQL share the work), run its handler outside any transaction, then record the outcome.
// A claim is a lease: a runner that dies mid-step loses it and another runner takes the step over.
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { jobs, jobSteps, type JobStep } from '@/lib/db/schema';
import { lockJob } from '@/lib/transform/queries';
import { runStepHandler } from '@/lib/transform/steps';
import type { StepOutcome } from '@/lib/transform/templates';
import { backoff } from '@/lib/transform/backoff';
import { jobProgressed } from '@/lib/transform/job-waiters';
import { completeStep, failJob, failStepAndContinue, markWaiting, scheduleRetry } from '@/lib/transform/transitions';

/** Steps are short database work; a runner that died mid-step has its step taken over after this. */
const LEASE = sql`now() + interval '30 seconds'`;
const MAX_ATTEMPTS_ON_ERROR = 5;

/**
 * Claims the next runnable step (of one job, when `jobId` is given): a step whose runner's lease ran
 * out, else the ready step due first. Two lookups, the second only when the first finds nothing, each
 * a plain index scan (job_steps_lease, job_steps_claim): an index scan marks the dead entries that
 * finished steps leave behind, so the next claim steps over none of them (a bitmap scan of both
 * conditions at once, as `or` made it, never marks them and slowed down as they piled up).
 */
export async function claimNextStep(jobId?: string): Promise<JobStep | undefined> {
  const db = await getDb();
  const ofJob = jobId ? sql`and s.job_id = ${jobId}` : sql``;
  const runnable = sql`coalesce(
    (select s.id from ${jobSteps} s where s.status = 'running' and s.locked_until < now() ${ofJob}
      order by s.locked_until limit 1 for update skip locked),
    (select s.id from ${jobSteps} s where s.status = 'ready' and s.run_at <= now() ${ofJob}
      order by s.run_at limit 1 for update skip locked)
  )`;
  const [step] = await db.update(jobSteps)
    .set({
      status: 'running',
      attempts: sql`${jobSteps.attempts} + 1`,
      startedAt: sql`coalesce(${jobSteps.startedAt}, now())`,
      lockedUntil: LEASE,
    })
    .where(eq(jobSteps.id, runnable))
    .returning();
  // A job is queued only until its first step is first claimed (a claim of that step lost with a
  // crashed runner is claimed again), so later claims need not look at the job.
  if (step && step.position === 0 && !step.rescue) {
    await db.update(jobs).set({ status: 'running', updatedAt: new Date() })
      .where(and(eq(jobs.id, step.jobId), eq(jobs.status, 'queued')));
  }
  return step;
}

/** Runs a claimed step and records what happened. */
export async function runClaimedStep(step: JobStep): Promise<void> {
  let outcome: StepOutcome;
  try {
    outcome = await runStepHandler(step);
  } catch (error) {
    console.error(`[jobs] step ${step.name} of job ${step.jobId} threw:`, error);
    outcome = step.attempts < MAX_ATTEMPTS_ON_ERROR
      ? { kind: 'retry', at: backoff(step.attempts), message: 'Temporary error; will retry.' }
      : { kind: 'fail', message: 'The step kept failing; see the server log.' };
  }
  await recordOutcome(step, outcome);
}

async function recordOutcome(step: JobStep, outcome: StepOutcome): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const job = await lockJob(tx, step.jobId);
    if (!job) return;
    // Each transition first changes the step only if it is still ours (running, this attempt): if our
    // lease ran out and another runner has the step now, nothing is recorded.
    switch (outcome.kind) {
      case 'complete':
        return completeStep(tx, job, step, outcome.message ?? null);
      case 'wait':
        // A supplier who finished before we got here left the authorization on the job.
        if (job.authorization) return completeStep(tx, job, step, 'Authorization received.');
        return markWaiting(tx, job, step, outcome.message);
      case 'retry':
        return scheduleRetry(tx, step, outcome.at, outcome.message);
      case 'skip':
        return failStepAndContinue(tx, job, step, outcome.message);
      case 'fail':
        return failJob(tx, job, step, outcome.message);
    }
  });
  jobProgressed(step.jobId);
}
