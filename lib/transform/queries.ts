// Database access for workflows, jobs and job steps; reads are scoped to a workspace.
import 'server-only';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { getDb, inTransaction, type Db, type Tx } from '@/lib/db/client';
import {
  entries,
  jobs,
  jobSteps,
  scheduledTasks,
  webhookDeliveries,
  workflows,
  type Entry,
  type EntryStatus,
  type JobRow,
  type JobStepRow,
  type WorkflowRow,
} from '@/lib/db/schema';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import { connectedAppIds } from '@/lib/access/queries';
import { parsedJson, stepRowFromJson, type StepRowJson } from '@/lib/transform/step-row-json';

export const OPEN_JOB_STATUSES = ['queued', 'running', 'waiting'] as const;

/** A registration job still waiting for the supplier: unfinished, and nothing handed over yet. */
export const awaitsSupplier = (job: JobRow): boolean =>
  (OPEN_JOB_STATUSES as readonly string[]).includes(job.status) && !job.authorization;

export async function getWorkflowById(ownerId: string, id: string): Promise<WorkflowRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(workflows)
    .where(and(eq(workflows.ownerId, ownerId), eq(workflows.id, id)));
  return row;
}

/**
 * A workflow and an entry of the same workspace, read together (a job's creation needs both): the entry null when
 * missing; with the apps the workspace has connected (and not disabled), which the workflow's template needs.
 */
export async function getWorkflowAndEntry(
  ownerId: string,
  workflowId: string,
  entryId: string,
): Promise<{ workflow: WorkflowRow; entry: Entry | null; connectedApps: string[] } | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({
      workflow: workflows,
      entry: entries,
      connectedApps: connectedAppIds(ownerId),
    })
    .from(workflows)
    .leftJoin(entries, and(eq(entries.ownerId, ownerId), eq(entries.id, entryId)))
    .where(and(eq(workflows.ownerId, ownerId), eq(workflows.id, workflowId)));
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

export async function getJobByIdAnyOwner(id: string): Promise<JobRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

/** A job as its answer shows it: the row, its entry's status, its steps in order, and whether it raised events. */
export interface JobAnswerRow {
  job: JobRow;
  entryStatus: EntryStatus | null;
  steps: JobStepRow[];
  hasWebhooks: boolean;
}

/** The job with its entry's status (a settled job's answer names it) and its steps, in one statement. */
export async function getJobAnswer(ownerId: string, id: string): Promise<JobAnswerRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({
      job: jobs,
      entryStatus: entries.status,
      steps: sql<StepRowJson[] | string>`(select coalesce(json_agg(s order by s.position), '[]'::json)
        from ${jobSteps} s where s.job_id = ${jobs.id})`,
      hasWebhooks: sql<boolean>`exists (select 1 from ${webhookDeliveries} d where d.job_id = ${jobs.id})`,
    })
    .from(jobs)
    .leftJoin(entries, eq(entries.id, jobs.siloEntryId))
    .where(and(eq(jobs.ownerId, ownerId), eq(jobs.id, id)));
  return row && { ...row, steps: parsedJson(row.steps).map(stepRowFromJson) };
}

export async function getJobByKey(ownerId: string, key: string): Promise<JobRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.ownerId, ownerId), eq(jobs.key, key)));
  return row;
}

export async function listJobsByOwner(ownerId: string, options: { limit: number; cursor?: string; entryId?: string }) {
  const db = await getDb();
  return db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.ownerId, ownerId),
        options.entryId ? eq(jobs.siloEntryId, options.entryId) : undefined,
        afterCursor(jobs, options.cursor),
      ),
    )
    .orderBy(...newestFirst(jobs))
    .limit(options.limit + 1);
}

export async function getOpenJobForEntry(entryId: string): Promise<JobRow | undefined> {
  return getOpenJobForEntryInTx(await getDb(), entryId);
}

/** The entry's open job, read in a transaction (one that holds the entry's row, say). */
export async function getOpenJobForEntryInTx(db: Db | Tx, entryId: string): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.siloEntryId, entryId), inArray(jobs.status, [...OPEN_JOB_STATUSES])));
  return row;
}

export async function listJobSteps(jobId: string): Promise<JobStepRow[]> {
  const db = await getDb();
  return db.select().from(jobSteps).where(eq(jobSteps.jobId, jobId)).orderBy(asc(jobSteps.position));
}

/** The steps of each of these jobs, in order, keyed by job id. */
export async function listStepsOfJobs(jobIds: string[]): Promise<Map<string, JobStepRow[]>> {
  const byJob = new Map<string, JobStepRow[]>();
  if (jobIds.length === 0) return byJob;
  const db = await getDb();
  const rows = await db.select().from(jobSteps).where(inArray(jobSteps.jobId, jobIds)).orderBy(asc(jobSteps.position));
  for (const step of rows) byJob.set(step.jobId, [...(byJob.get(step.jobId) ?? []), step]);
  return byJob;
}

/** Locks the job row for the rest of the transaction: step transitions and resumes serialise on it. */
export async function lockJob(tx: Tx, jobId: string): Promise<JobRow | undefined> {
  const [row] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for('update');
  return row;
}

/**
 * Locks these job rows for the rest of the transaction, in id order (as every statement that locks several
 * does): outside work that ends jobs' steps takes their locks before its own rows, in the order a step's
 * transition takes them (the job first), so the two never wait on each other in a circle.
 */
export async function lockJobs(tx: Tx, jobIds: string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(inArray(jobs.id, [...new Set(jobIds)]))
    .orderBy(asc(jobs.id))
    .for('update');
}

/**
 * Runs these jobs' ready steps now rather than at their retry time: a step that waits on outside work
 * (another runner sending its invoice in a batch) is woken when that work is done.
 */
export async function readyStepsNow(db: Db | Tx, jobIds: string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await db
    .update(jobSteps)
    .set({ runAt: sql`now()` })
    .where(and(inArray(jobSteps.jobId, jobIds), eq(jobSteps.status, 'ready')));
}

export async function insertWorkflow(tx: Tx, values: typeof workflows.$inferInsert): Promise<WorkflowRow> {
  const [row] = await tx.insert(workflows).values(values).returning();
  return row!;
}

/** A new job and its planned steps, in one transaction; `andThen` continues in it (it starts the job, say). */
export async function insertJobWithSteps<T = undefined>(
  job: typeof jobs.$inferInsert,
  steps: PgInsertValue<typeof jobSteps>[],
  andThen?: (tx: Tx, inserted: { row: JobRow; steps: JobStepRow[] }) => Promise<T>,
): Promise<{ row: JobRow; steps: JobStepRow[]; after?: T }> {
  return inTransaction(async (tx) => {
    const [row] = await tx.insert(jobs).values(job).returning();
    const inserted = { row: row!, steps: await tx.insert(jobSteps).values(steps).returning() };
    return { ...inserted, after: andThen ? await andThen(tx, inserted) : undefined };
  });
}

/** A step claimed to run, with the name of its workflow's template (which says what the step does). */
export type ClaimedStep = JobStepRow & { template: string };

/** Steps are short database work; a runner that died mid-step has its step taken over after this. */
export const STEP_LEASE = sql`now() + interval '30 seconds'`;

/**
 * Claims a runnable step (of one job, when `jobId` is given): a step whose runner's lease ran out, else
 * the ready step due first. Two lookups, the second only when the first finds nothing, each a plain
 * index scan (job_steps_lease, job_steps_claim): an index scan marks the dead entries that finished
 * steps leave behind, so the next claim steps over none of them (a bitmap scan of both conditions at
 * once, as `or` made it, never marks them and slowed down as they piled up).
 */
export async function claimRunnableStep(jobId?: string): Promise<ClaimedStep | undefined> {
  const db = await getDb();
  const ofJob = jobId ? sql`and s.job_id = ${jobId}` : sql``;
  const runnable = sql`coalesce(
    (select s.id from ${jobSteps} s where s.status = 'running' and s.locked_until < now() ${ofJob}
      order by s.locked_until limit 1 for update skip locked),
    (select s.id from ${jobSteps} s where s.status = 'ready' and s.run_at <= now() ${ofJob}
      order by s.run_at limit 1 for update skip locked)
  )`;
  const [step] = await db
    .update(jobSteps)
    .set({
      status: 'running',
      attempts: sql`${jobSteps.attempts} + 1`,
      startedAt: sql`coalesce(${jobSteps.startedAt}, now())`,
      lockedUntil: STEP_LEASE,
    })
    .where(eq(jobSteps.id, runnable))
    .returning({
      ...getTableColumns(jobSteps),
      template: sql<string>`(select w.template from ${workflows} w join ${jobs} j on j.workflow_id = w.id
        where j.id = ${jobSteps.jobId})`,
    });
  return step;
}

/**
 * The step runs again at `at`, if it is still as this runner read it (status and attempts: a runner whose
 * lease ran out changes nothing); `error` counts this run among its errors. Only the step's row changes.
 */
export async function scheduleStepRetry(
  db: Db | Tx,
  step: JobStepRow,
  at: Date,
  message: string,
  error = false,
): Promise<void> {
  await db
    .update(jobSteps)
    .set({
      status: 'ready',
      runAt: at,
      lockedUntil: null,
      message,
      ...(error ? { errors: sql`${jobSteps.errors} + 1` } : {}),
    })
    .where(and(eq(jobSteps.id, step.id), eq(jobSteps.status, step.status), eq(jobSteps.attempts, step.attempts)));
}

/** The same, on its own: no transaction and no lock of the job, since only the step's row changes. */
export async function scheduleStepRetryNow(step: JobStepRow, at: Date, message: string, error = false): Promise<void> {
  await scheduleStepRetry(await getDb(), step, at, message, error);
}

/** A queued job's first step was claimed: the job is running. */
export async function markJobRunning(jobId: string): Promise<void> {
  await markJobRunningIn(await getDb(), jobId);
}

/** The same, in the caller's transaction (the one that claimed the step). */
export async function markJobRunningIn(db: Db | Tx, jobId: string): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'running', updatedAt: new Date() })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, 'queued')));
}

/** What a step's handler is given besides the step: its job, the job's entry and workflow. */
export async function getJobContext(jobId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ job: jobs, entry: entries, workflow: workflows })
    .from(jobs)
    .innerJoin(entries, eq(entries.id, jobs.siloEntryId))
    .innerJoin(workflows, eq(workflows.id, jobs.workflowId))
    .where(eq(jobs.id, jobId));
  return row;
}

/** True when this caller may run the periodic task now (it was never run, or not within `everyMs`). */
export async function claimTask(name: string, everyMs: number, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const due = new Date(now.getTime() - everyMs);
  const claimed = await db
    .insert(scheduledTasks)
    .values({ name, lastRunAt: now })
    .onConflictDoUpdate({
      target: scheduledTasks.name,
      set: { lastRunAt: now },
      setWhere: sql`${scheduledTasks.lastRunAt} <= ${due}`,
    })
    .returning({ name: scheduledTasks.name });
  return claimed.length > 0;
}
