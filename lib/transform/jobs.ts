// Jobs: starting a workflow for a silo entry (POST, or idempotent PUT with a client-chosen id) and
// reading one back with its steps.
import { ApiError, idUnavailable, notFound } from '@/lib/api/errors';
import type { Caller } from '@/lib/access/caller';
import { canonicalJson } from '@/lib/canonical-json';
import { isUniqueViolation } from '@/lib/db/errors';
import type { Entry, JobRow } from '@/lib/db/schema';
import { newId } from '@/lib/ids';
import type { Created } from '@/lib/api/created';
import type { Job as JobJson } from '@/lib/responses/transform';
import { presentJob } from '@/lib/transform/present';
import {
  getJobByIdAnyOwner,
  getJobByKey,
  getJobAnswer,
  getOpenJobForEntry,
  STEP_LEASE,
  getWorkflowAndEntry,
  insertJobWithSteps,
  type ClaimedStep,
  listJobsByOwner,
  listStepsOfJobs,
} from '@/lib/transform/queries';
import { toPage } from '@/lib/api/pagination';
import { deliveriesByJob } from '@/lib/webhooks/queries';
import { kickJobRunner, reserveJobRun, type JobRunSlot } from '@/lib/transform/wake-ups';
import { jobProgressed, watchJobProgress } from '@/lib/transform/job-waiters';
import { runClaimedChain, startClaimedJob } from '@/lib/transform/engine';
import type { JobBody, JobListQuery } from '@/lib/transform/schemas';
import { templateNamed, type WorkflowTemplate } from '@/lib/transform/templates';
import { appNotConnected } from '@/lib/transform/workflows';

const RESCUE_POSITION = 1000;

const sameRequest = (job: JobRow, body: JobBody) =>
  canonicalJson({ workflow_id: job.workflowId, silo_entry_id: job.siloEntryId, key: job.key ?? undefined }) ===
  canonicalJson(body);

/** What the template answers a job on an entry that already has one open (the generic conflict if it says nothing). */
const inProgress = (template: WorkflowTemplate, entry: Entry, openJob: JobRow) =>
  template.refuseJob(entry, openJob) ?? new ApiError('conflict', 'This entry already has a job in progress.');

/**
 * Starts a job (202), or answers the stored one (200) for a repeated id or key with the same body. A job its
 * caller waits for (`waited`) starts at once when the runner has a slot for it: its first step is claimed as it
 * is inserted, the inline steps at its head run in that transaction, and the rest in the slot, so it does not
 * queue behind other jobs' steps for the workers.
 */
export async function createJob(
  caller: Caller,
  body: JobBody,
  id?: string,
  options: { waited?: boolean } = {},
): Promise<Created<JobJson>> {
  const existing = await findExisting(caller, body, id);
  if (existing) return { created: false, value: await present(existing) };

  const found = await getWorkflowAndEntry(caller.ownerId, body.workflow_id, body.silo_entry_id);
  if (!found) throw notFound('workflow', body.workflow_id);
  const { workflow, entry, connectedApps } = found;
  if (!entry) throw notFound('entry', body.silo_entry_id);
  const template = templateNamed(workflow.template);
  if (!template)
    throw new ApiError(
      'conflict',
      `Workflow ${workflow.id} is of template "${workflow.template}", which this server does not run.`,
    );
  if (entry.folder !== template.folder) {
    throw new ApiError('validation_failed', `A job of this workflow needs an entry of the ${template.folder} folder.`, {
      silo_entry_id: `not an entry of the ${template.folder} folder`,
    });
  }
  if (!connectedApps.includes(template.app)) throw appNotConnected(template);
  // An entry's open job is not looked for first: the unique index that allows one finds it (below).
  const refusal = template.refuseJob(entry, undefined);
  if (refusal) {
    // A concurrent request with the same id or key may have made it since we looked: that is a replay.
    const winner = await findExisting(caller, body, id);
    if (winner) return { created: false, value: await present(winner) };
    throw refusal;
  }

  const plan = template.plan(workflow.config);
  const jobId = id ?? newId();
  const now = new Date();
  const slot = options.waited ? reserveJobRun() : undefined;
  try {
    const job = await insertJobWithSteps(
      {
        id: jobId,
        ownerId: caller.ownerId,
        key: body.key ?? null,
        workflowId: workflow.id,
        siloEntryId: entry.id,
        status: 'queued',
        createdAt: now,
        updatedAt: now,
      },
      [
        ...plan.steps.map((name, position) => ({ name, position, rescue: false })),
        ...plan.rescue.map((name, i) => ({ name, position: RESCUE_POSITION + i, rescue: true })),
      ].map((step) => ({
        ...step,
        id: newId(),
        jobId,
        ...(step.position !== 0
          ? { status: 'pending' as const }
          : slot
            ? { status: 'running' as const, attempts: 1, startedAt: now, lockedUntil: STEP_LEASE }
            : { status: 'ready' as const }),
        runAt: now,
      })),
      slot
        ? (tx, inserted) =>
            startClaimedJob(tx, inserted.row, {
              ...inserted.steps.find((step) => step.position === 0 && !step.rescue)!,
              template: template.name,
            })
        : undefined,
    );
    if (slot) runInSlot(slot, jobId, job.after);
    else kickJobRunner();
    // Presented as inserted (a started job has moved on since; a waiting caller reads it again).
    return {
      created: true,
      value: presentJob(
        job.row,
        job.steps.sort((a, b) => a.position - b.position),
      ),
    };
  } catch (error) {
    slot?.release();
    if (!isUniqueViolation(error)) throw error;
    const winner = await findExisting(caller, body, id);
    if (winner) return { created: false, value: await present(winner) };
    // The unique index on an entry's open job: another job is open (or a concurrent create won the race).
    const open = await getOpenJobForEntry(entry.id);
    throw open ? inProgress(template, entry, open) : error;
  }
}

/** The rest of a started job in its slot; a job whose steps all ran as it was inserted has ended, and says so. */
function runInSlot(slot: JobRunSlot, jobId: string, next: ClaimedStep | undefined): void {
  if (next) {
    slot.run(() => runClaimedChain(next));
    return;
  }
  slot.release();
  jobProgressed(jobId);
}

async function findExisting(caller: Caller, body: JobBody, id?: string): Promise<JobRow | undefined> {
  const byId = id ? await getJobByIdAnyOwner(id) : undefined;
  // Another workspace's job is never compared with: its body is none of this caller's business.
  if (byId && byId.ownerId !== caller.ownerId) throw idUnavailable(id!);
  if (byId && !sameRequest(byId, body)) throw new ApiError('conflict', `Job ${id} already exists with another body.`);
  const byKey = body.key ? await getJobByKey(caller.ownerId, body.key) : undefined;
  if (byKey && (!sameRequest(byKey, body) || (id && byKey.id !== id))) {
    throw new ApiError('conflict', `Key "${body.key}" is already used by job ${byKey.id}.`, { key: 'already used' });
  }
  return byId ?? byKey;
}

export async function getJob(caller: Caller, id: string) {
  const answer = await readJobAnswer(caller.ownerId, id);
  if (!answer) throw notFound('job', id);
  return answer.json;
}

/** A job as answered, with its entry's status: one read, and one more for its events when it raised any. */
async function readJobAnswer(ownerId: string, id: string) {
  const row = await getJobAnswer(ownerId, id);
  if (!row) return undefined;
  const webhooks = row.hasWebhooks ? ((await deliveriesByJob([id])).get(id) ?? []) : [];
  return { job: row.job, entryStatus: row.entryStatus, json: presentJob(row.job, row.steps, webhooks) };
}

/** A job's states a waiting answer stops at: it ended, or it waits for someone else (the supplier's upload). */
const SETTLED_STATUSES: readonly JobRow['status'][] = ['completed', 'failed', 'waiting'];
/**
 * How often a waiting answer reads the job again without being woken. A step recorded in this process wakes
 * it at once, and one recorded by another instance on the same PostgreSQL through a notice
 * (lib/transform/job-waiters.ts); a change no wake announced (a lost notice) is seen late, never missed.
 */
const WAIT_READ_MS = 5_000;

/**
 * The job once it is completed, failed or waiting (`settled`, with its entry's status), or as it stands when
 * `seconds` passed first. A job just made (`fresh`) is not read before its first news. Waits on timers, never
 * on the event loop.
 */
async function waitForJob(
  caller: Caller,
  id: string,
  seconds: number,
  fresh: boolean,
): Promise<{ settled: boolean; job: JobJson }> {
  const deadline = Date.now() + seconds * 1000;
  const progress = watchJobProgress(id);
  try {
    if (fresh) await progress.next(Math.min(WAIT_READ_MS, deadline - Date.now()));
    for (;;) {
      const answer = await readJobAnswer(caller.ownerId, id);
      if (!answer) throw notFound('job', id);
      const { job, entryStatus, json } = answer;
      if (SETTLED_STATUSES.includes(job.status)) {
        return { settled: true, job: { ...json, ...(entryStatus ? { entry_status: entryStatus } : {}) } };
      }
      const left = deadline - Date.now();
      if (left <= 0) return { settled: false, job: json };
      await progress.next(Math.min(WAIT_READ_MS, left));
    }
  } finally {
    progress.close();
  }
}

/**
 * A create's answer and its status: with `?wait=`, 200 with the job (and its entry's status) once it settled
 * within the wait; otherwise as without waiting, 202 when this call made the job, 200 when it was stored.
 */
export async function createJobAndWait(
  caller: Caller,
  body: JobBody,
  wait: number | undefined,
  id?: string,
): Promise<{ status: 200 | 202; job: JobJson }> {
  const created = await createJob(caller, body, id, { waited: wait !== undefined && wait > 0 });
  const waited = wait === undefined ? undefined : await waitForJob(caller, created.value.id, wait, created.created);
  if (waited?.settled) return { status: 200, job: waited.job };
  return { status: created.created ? 202 : 200, job: waited?.job ?? created.value };
}

export async function listJobs(caller: Caller, query: JobListQuery) {
  const rows = await listJobsByOwner(caller.ownerId, { ...query, entryId: query.silo_entry_id });
  const page = rows.slice(0, query.limit);
  const [steps, webhooks] = await Promise.all([
    listStepsOfJobs(page.map((job) => job.id)),
    deliveriesByJob(page.map((job) => job.id)),
  ]);
  return toPage(rows, query.limit, (job) => presentJob(job, steps.get(job.id) ?? [], webhooks.get(job.id) ?? []));
}

/** A job already found (a replay's), answered as GET answers it; as found if it has gone since. */
async function present(job: JobRow) {
  return (await readJobAnswer(job.ownerId, job.id))?.json ?? presentJob(job, []);
}
