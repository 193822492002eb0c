// How a job moves when one of its steps ends. Every function runs inside a transaction that holds
// the job row's lock (lockJob), so step transitions and supplier resumes never interleave.
// Each first ends the step only if it is still as it was read (status and attempts): a runner whose
// lease ran out, and whose step another runner took over, changes nothing.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '@/lib/db/client';
import { jobs, jobSteps, type JobRow, type JobStepRow, type JobStatus } from '@/lib/db/schema';
import { scheduleStepRetry, STEP_LEASE } from '@/lib/transform/queries';
import { parsedJson, stepRowFromJson, type StepRowJson } from '@/lib/transform/step-row-json';

type StepChange = { [K in keyof typeof jobSteps.$inferInsert]?: (typeof jobSteps.$inferInsert)[K] | SQL };

async function setJobStatus(tx: Tx, job: JobRow, status: JobStatus, now: Date) {
  const finished = status === 'completed' || status === 'failed';
  await tx
    .update(jobs)
    .set({ status, updatedAt: now, ...(finished ? { completedAt: now } : {}) })
    .where(eq(jobs.id, job.id));
}

/** The step's row, if it is still as this runner read it (status and attempts). */
const stillAsRead = (step: JobStepRow) =>
  sql`id = ${step.id} and status = ${step.status} and attempts = ${step.attempts}`;

/** Changes the step if it is still as read; false when another runner has it now. */
async function changeStep(tx: Tx, step: JobStepRow, change: StepChange): Promise<boolean> {
  const changed = await tx.update(jobSteps).set(change).where(stillAsRead(step)).returning({ id: jobSteps.id });
  return changed.length > 0;
}

/** Makes the first pending step matching `where` (in position order) ready; whether there was one. */
async function readyFirstPending(tx: Tx, job: JobRow, where: SQL, now: Date): Promise<boolean> {
  const first = sql`(select s.id from ${jobSteps} s where s.job_id = ${job.id} and s.status = 'pending' and ${where}
    order by s.position limit 1)`;
  const readied = await tx
    .update(jobSteps)
    .set({ status: 'ready', runAt: now })
    .where(eq(jobSteps.id, first))
    .returning({ id: jobSteps.id });
  return readied.length > 0;
}

/** Whether the step was still as read and has ended, and the next step claimed for the caller, if any. */
export interface StepEnded {
  ended: boolean;
  claimed?: JobStepRow;
}

/**
 * Marks the step completed and moves on to the next one of its chain (or ends the job); with `claimNext`
 * the next step is claimed for this runner, which runs it at once.
 */
export function completeStep(
  tx: Tx,
  job: JobRow,
  step: JobStepRow,
  message: string | null,
  claimNext = false,
  now = new Date(),
): Promise<StepEnded> {
  return endStepAndQueueNext(tx, job, stillAsRead(step), 'completed', message, now, claimNext);
}

/** Completes the job's waiting step, if one waits (what it waited for came); whether one did. */
export async function completeWaitStep(tx: Tx, job: JobRow, message: string, now = new Date()): Promise<boolean> {
  const waiting = sql`job_id = ${job.id} and status = 'waiting'`;
  return (await endStepAndQueueNext(tx, job, waiting, 'completed', message, now, false)).ended;
}

/** A step that failed without stopping the job (an undeliverable webhook): the next one runs (claimed as above). */
export async function failStepAndContinue(
  tx: Tx,
  job: JobRow,
  step: JobStepRow,
  message: string,
  claimNext = false,
  now = new Date(),
): Promise<StepEnded> {
  return endStepAndQueueNext(tx, job, stillAsRead(step), 'failed', message, now, claimNext);
}

/**
 * Ends the step `which` names (if it is there), moves on to the next pending step of its chain and moves
 * the job (running, or ended when the chain is done): one statement, since these are a step's most
 * frequent transitions. The next step is made ready, or with `claimNext` claimed for the caller at once
 * (running, leased, as claimRunnableStep would: the runner that ended a step goes straight on to the
 * next, without another claim or a wait for a worker). It runs after lockJob, so it sees what every
 * earlier transition of the job committed. Answers whether the step was ended, and the step claimed.
 */
async function endStepAndQueueNext(
  tx: Tx,
  job: JobRow,
  which: SQL,
  status: 'completed' | 'failed',
  message: string | null,
  now: Date,
  claimNext: boolean,
): Promise<StepEnded> {
  const next = claimNext
    ? sql`status = 'running', attempts = attempts + 1, started_at = coalesce(started_at, now()), locked_until = ${STEP_LEASE}, run_at = ${now}`
    : sql`status = 'ready', run_at = ${now}`;
  const result = await tx.execute(sql`
    with ended as (
      update ${jobSteps} set status = ${status}, completed_at = ${now}, locked_until = null, message = ${message}
      where job_id = ${job.id} and ${which}
      returning rescue, position
    ), next as (
      update ${jobSteps} set ${next}
      where id = (select s.id from ${jobSteps} s, ended where s.job_id = ${job.id} and s.status = 'pending'
        and s.rescue = ended.rescue and s.position > ended.position order by s.position limit 1)
      returning *
    )
    update ${jobs} set updated_at = ${now},
      status = case when exists (select 1 from next) then 'running' when (select rescue from ended) then 'failed' else 'completed' end,
      completed_at = case when exists (select 1 from next) then completed_at else ${now} end
    where id = ${job.id} and exists (select 1 from ended)
    returning (select row_to_json(next) from next) as claimed`);
  const rows = (result as unknown as { rows: { claimed: StepRowJson | string | null }[] }).rows;
  if (rows.length === 0) return { ended: false };
  const raw = rows[0]!.claimed;
  return raw ? { ended: true, claimed: stepRowFromJson(parsedJson(raw)) } : { ended: true };
}

/** A step of a job that outside work finished for it, with the message its own run would have recorded. */
export interface FinishedElsewhere {
  jobId: string;
  step: string;
  message: string | null;
}

/** A job whose step was completed for it: the job's status now, and the step made ready next (if any). */
export interface CompletedElsewhere {
  jobId: string;
  status: JobStatus;
  next: string | null;
}

/**
 * Completes each job's named step where it waits to run again (`ready`, as a step that asked to be run
 * later is), readies the next step of its chain and moves the job, for many jobs in one statement: what a
 * step's own next run would have recorded, without that run (a batch's sender settles every invoice in it).
 * A step that is running is left to its runner. The jobs are locked in id order first, as lockJob would.
 * Answers the jobs whose step it completed, with the step it readied next.
 */
export async function completeStepsFinishedElsewhere(
  tx: Tx,
  finished: FinishedElsewhere[],
  now = new Date(),
): Promise<CompletedElsewhere[]> {
  if (finished.length === 0) return [];
  const result = await tx.execute(sql`
    with v as (
      select * from jsonb_to_recordset(${JSON.stringify(finished)}::jsonb) as v("jobId" uuid, step text, message text)
    ), locked as (
      select j.id from ${jobs} j where j.id in (select "jobId" from v) order by j.id for update
    ), ended as (
      update ${jobSteps} s set status = 'completed', completed_at = ${now}, locked_until = null, message = v.message
      from v where s.job_id = v."jobId" and s.name = v.step and s.status = 'ready' and not s.rescue
        and s.job_id in (select id from locked)
      returning s.job_id, s.position
    ), next as (
      update ${jobSteps} s set status = 'ready', run_at = ${now}
      where s.id in (select (select n.id from ${jobSteps} n where n.job_id = e.job_id and n.status = 'pending'
        and not n.rescue and n.position > e.position order by n.position limit 1) from ended e)
      returning s.job_id, s.name
    )
    update ${jobs} j set updated_at = ${now},
      status = case when exists (select 1 from next where next.job_id = j.id) then 'running' else 'completed' end,
      completed_at = case when exists (select 1 from next where next.job_id = j.id) then j.completed_at else ${now} end
    from ended e where j.id = e.job_id
    returning j.id, j.status, (select next.name from next where next.job_id = j.id) as next`);
  return (result as unknown as { rows: { id: string; status: JobStatus; next: string | null }[] }).rows.map((row) => ({
    jobId: row.id,
    status: row.status,
    next: row.next,
  }));
}

/** The job stops: the rest of its steps are skipped and its rescue steps run. */
export async function failJob(tx: Tx, job: JobRow, step: JobStepRow, message: string, now = new Date()) {
  if (!(await changeStep(tx, step, { status: 'failed', completedAt: now, lockedUntil: null, message }))) return;
  await tx
    .update(jobSteps)
    .set({ status: 'skipped' })
    .where(and(eq(jobSteps.jobId, job.id), eq(jobSteps.rescue, false), eq(jobSteps.status, 'pending')));
  const rescue = !step.rescue && (await readyFirstPending(tx, job, sql`s.rescue`, now));
  await setJobStatus(tx, job, rescue ? 'running' : 'failed', now);
}

/** The step waits for the supplier, and so does the job (if the step is still as read): one statement. */
export async function markWaiting(tx: Tx, job: JobRow, step: JobStepRow, message: string, now = new Date()) {
  await tx.execute(sql`
    with changed as (
      update ${jobSteps} set status = 'waiting', locked_until = null, message = ${message} where ${stillAsRead(step)}
      returning id
    )
    update ${jobs} set status = 'waiting', updated_at = ${now} where id = ${job.id} and exists (select 1 from changed)`);
}

/** The step runs again at `at`; `error` counts this run among its errors. */
export async function scheduleRetry(tx: Tx, step: JobStepRow, at: Date, message: string, error = false) {
  await scheduleStepRetry(tx, step, at, message, error);
}
