// How a job moves when one of its steps ends. Every function runs inside a transaction that holds
// the job row's lock (lockJob), so step transitions and supplier resumes never interleave.
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { jobs, jobSteps, type Job, type JobStep, type JobStatus } from '../db/schema';
import { listJobSteps } from './queries';

async function setJobStatus(tx: Tx, job: Job, status: JobStatus, now: Date) {
  const finished = status === 'completed' || status === 'failed';
  await tx.update(jobs).set({ status, updatedAt: now, ...(finished ? { completedAt: now } : {}) }).where(eq(jobs.id, job.id));
}

/** Marks the step completed and queues the next one of its chain (or ends the job). */
export async function completeStep(tx: Tx, job: Job, step: JobStep, message: string | null, now = new Date()) {
  await tx.update(jobSteps)
    .set({ status: 'completed', completedAt: now, lockedUntil: null, message })
    .where(eq(jobSteps.id, step.id));
  await queueNext(tx, job, step, now);
}

/** A step that failed without stopping the job (an undeliverable webhook): the next one runs. */
export async function failStepAndContinue(tx: Tx, job: Job, step: JobStep, message: string, now = new Date()) {
  await tx.update(jobSteps)
    .set({ status: 'failed', completedAt: now, lockedUntil: null, message })
    .where(eq(jobSteps.id, step.id));
  await queueNext(tx, job, step, now);
}

async function queueNext(tx: Tx, job: Job, step: JobStep, now: Date) {
  const steps = await listJobSteps(job.id, tx);
  const next = steps.find((s) => s.rescue === step.rescue && s.position > step.position && s.status === 'pending');
  if (next) {
    await tx.update(jobSteps).set({ status: 'ready', runAt: now }).where(eq(jobSteps.id, next.id));
    await setJobStatus(tx, job, 'running', now);
  } else {
    await setJobStatus(tx, job, step.rescue ? 'failed' : 'completed', now);
  }
}

/** The job stops: the rest of its steps are skipped and its rescue steps run. */
export async function failJob(tx: Tx, job: Job, step: JobStep, message: string, now = new Date()) {
  await tx.update(jobSteps)
    .set({ status: 'failed', completedAt: now, lockedUntil: null, message })
    .where(eq(jobSteps.id, step.id));
  const steps = await listJobSteps(job.id, tx);
  for (const rest of steps.filter((s) => !s.rescue && s.status === 'pending')) {
    await tx.update(jobSteps).set({ status: 'skipped' }).where(eq(jobSteps.id, rest.id));
  }
  const rescue = step.rescue ? undefined : steps.find((s) => s.rescue && s.status === 'pending');
  if (rescue) {
    await tx.update(jobSteps).set({ status: 'ready', runAt: now }).where(eq(jobSteps.id, rescue.id));
    await setJobStatus(tx, job, 'running', now);
  } else {
    await setJobStatus(tx, job, 'failed', now);
  }
}

export async function markWaiting(tx: Tx, job: Job, step: JobStep, message: string, now = new Date()) {
  await tx.update(jobSteps).set({ status: 'waiting', lockedUntil: null, message }).where(eq(jobSteps.id, step.id));
  await setJobStatus(tx, job, 'waiting', now);
}

export async function scheduleRetry(tx: Tx, step: JobStep, at: Date, message: string) {
  await tx.update(jobSteps)
    .set({ status: 'ready', runAt: at, lockedUntil: null, message })
    .where(and(eq(jobSteps.id, step.id)));
}
