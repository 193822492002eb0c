// Database access for workflows, jobs and job steps; reads are scoped to a workspace.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '@/lib/db/client';
import { jobs, jobSteps, workflows, type Job, type JobStep, type Workflow } from '@/lib/db/schema';
import { afterCursor, newestFirst } from '@/lib/api/pagination';

export const OPEN_JOB_STATUSES = ['queued', 'running', 'waiting'] as const;

/** A registration job still waiting for the supplier: unfinished, and nothing handed over yet. */
export const awaitsSupplier = (job: Job): boolean =>
  (OPEN_JOB_STATUSES as readonly string[]).includes(job.status) && !job.authorization;

export async function getWorkflowById(ownerId: string, id: string): Promise<Workflow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(workflows).where(and(eq(workflows.ownerId, ownerId), eq(workflows.id, id)));
  return row;
}

export async function listWorkflowsByOwner(ownerId: string, options: { limit: number; cursor?: string }) {
  const db = await getDb();
  return db
    .select()
    .from(workflows)
    .where(and(eq(workflows.ownerId, ownerId), afterCursor(workflows, options.cursor)))
    .orderBy(...newestFirst(workflows))
    .limit(options.limit + 1);
}

export async function getJobByIdAnyOwner(id: string): Promise<Job | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

export async function getJobById(ownerId: string, id: string): Promise<Job | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(jobs).where(and(eq(jobs.ownerId, ownerId), eq(jobs.id, id)));
  return row;
}

export async function getJobByKey(ownerId: string, key: string): Promise<Job | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(jobs).where(and(eq(jobs.ownerId, ownerId), eq(jobs.key, key)));
  return row;
}

export async function listJobsByOwner(ownerId: string, options: { limit: number; cursor?: string; entryId?: string }) {
  const db = await getDb();
  return db
    .select()
    .from(jobs)
    .where(and(
      eq(jobs.ownerId, ownerId),
      options.entryId ? eq(jobs.siloEntryId, options.entryId) : undefined,
      afterCursor(jobs, options.cursor),
    ))
    .orderBy(...newestFirst(jobs))
    .limit(options.limit + 1);
}

export async function getOpenJobForEntry(entryId: string): Promise<Job | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.siloEntryId, entryId), inArray(jobs.status, [...OPEN_JOB_STATUSES])));
  return row;
}

export async function listJobSteps(jobId: string, tx?: Tx): Promise<JobStep[]> {
  const db = tx ?? (await getDb());
  return db.select().from(jobSteps).where(eq(jobSteps.jobId, jobId)).orderBy(asc(jobSteps.position));
}

/** The steps of each of these jobs, in order, keyed by job id. */
export async function listStepsOfJobs(jobIds: string[]): Promise<Map<string, JobStep[]>> {
  const byJob = new Map<string, JobStep[]>();
  if (jobIds.length === 0) return byJob;
  const db = await getDb();
  const rows = await db.select().from(jobSteps).where(inArray(jobSteps.jobId, jobIds)).orderBy(asc(jobSteps.position));
  for (const step of rows) byJob.set(step.jobId, [...(byJob.get(step.jobId) ?? []), step]);
  return byJob;
}

/** Locks the job row for the rest of the transaction: step transitions and resumes serialise on it. */
export async function lockJob(tx: Tx, jobId: string): Promise<Job | undefined> {
  const [row] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for('update');
  return row;
}

/**
 * Runs these jobs' ready steps now rather than at their retry time: a step that waits on outside work
 * (another runner sending its invoice in a batch) is woken when that work is done.
 */
export async function readyStepsNow(db: Db | Tx, jobIds: string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await db.update(jobSteps).set({ runAt: sql`now()` }).where(and(inArray(jobSteps.jobId, jobIds), eq(jobSteps.status, 'ready')));
}
