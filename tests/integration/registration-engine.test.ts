import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { jobSteps } from '@/lib/db/schema';
import { claimNextStep, runClaimedStep } from '@/lib/transform/engine';
import { listJobSteps } from '@/lib/transform/queries';
import { resumeRegistration } from '@/lib/gov-ar/registration/resume';
import { drainJobs } from '@/lib/transform/runner';
import { createSupplier, getEntry, getJob, readyWorkspace, startJob } from '@/tests/support/scenario';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const AUTHORIZATION = { certificate: { alias: 'prueba', serial: '01' } };

type Workspace = Awaited<ReturnType<typeof readyWorkspace>>;

/** A supplier and its registration job, not yet run. */
async function queuedJob(workspace?: Workspace) {
  const ws = workspace ?? (await readyWorkspace());
  const entry = await createSupplier(ws.apiKey);
  const started = await startJob(ws.apiKey, ws.workflow.id, entry.id);
  expect(started.status).toBe(202);
  return { ...ws, entry, job: started.body };
}

/** The refs of the entry's link records, oldest first. */
async function linkRefs(apiKey: string, entryId: string): Promise<string[]> {
  const { body } = await getEntry(apiKey, entryId);
  return body.meta
    .filter((m: { src: string; key: string }) => m.src === 'gov-ar' && m.key === 'link')
    .map((m: { ref: string }) => m.ref);
}

/** Claims and runs exactly one step, which must be the given job's; returns its name. */
async function runOneStep(jobId: string): Promise<string> {
  const step = await claimNextStep();
  expect(step?.jobId).toBe(jobId);
  await runClaimedStep(step!);
  return step!.name;
}

const stepStatuses = async (apiKey: string, jobId: string) =>
  (await getJob(apiKey, jobId)).body.steps.map((s: { name: string; status: string }) => `${s.name}:${s.status}`);

beforeEach(async () => {
  await drainJobs(); // nothing runnable is left over from an earlier test
});

describe('resuming a registration', () => {
  it('completes a waiting job: job completed, entry Registered, every step completed', async () => {
    const { apiKey, owner_id, entry, job } = await queuedJob();
    await drainJobs();
    expect((await getJob(apiKey, job.id)).body.status).toBe('waiting');
    const [ref] = await linkRefs(apiKey, entry.id);

    const resumed = await resumeRegistration(ref!, AUTHORIZATION);
    expect(resumed).toEqual({ jobId: job.id, entryId: entry.id, ownerId: owner_id, wasWaiting: true });
    await drainJobs();

    const { body: done } = await getJob(apiKey, job.id);
    expect(done.status).toBe('completed');
    expect(done.completed_at).toMatch(ISO);
    expect(done.steps.map((s: { status: string }) => s.status)).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
    ]);
    expect(done.steps.map((s: { name: string }) => s.name)).not.toContain('silo.status.error');
    expect((await getEntry(apiKey, entry.id)).body.status).toBe('Registered');
  });

  it('keeps a resume that arrives before the job reaches the wait step', async () => {
    const { apiKey, entry, job } = await queuedJob();
    expect(await runOneStep(job.id)).toBe('silo.status.processing');
    expect(await runOneStep(job.id)).toBe('gov-ar.register');
    const [ref] = await linkRefs(apiKey, entry.id);

    const resumed = await resumeRegistration(ref!, AUTHORIZATION);
    expect(resumed.wasWaiting).toBe(false);
    expect((await getJob(apiKey, job.id)).body.status).toBe('running');

    await drainJobs();
    const { body: done } = await getJob(apiKey, job.id);
    expect(done.status).toBe('completed');
    expect(done.steps.every((s: { status: string }) => s.status === 'completed')).toBe(true);
    expect((await getEntry(apiKey, entry.id)).body.status).toBe('Registered');
  });

  it('keeps a resume that arrives while the wait step is running', async () => {
    const { apiKey, entry, job } = await queuedJob();
    await runOneStep(job.id);
    await runOneStep(job.id);
    const [ref] = await linkRefs(apiKey, entry.id);
    const wait = await claimNextStep();
    expect(wait?.name).toBe('gov-ar.wait.authorization');

    expect((await resumeRegistration(ref!, AUTHORIZATION)).wasWaiting).toBe(false);
    await runClaimedStep(wait!);
    await drainJobs();
    expect((await getJob(apiKey, job.id)).body.status).toBe('completed');
    expect((await getEntry(apiKey, entry.id)).body.status).toBe('Registered');
  });

  it.each([
    ['right after the first resume', false],
    ['after the job completed', true],
  ])('refuses a second resume %s with link_used', async (_case, drainFirst) => {
    const { apiKey, entry, job } = await queuedJob();
    await drainJobs();
    const [ref] = await linkRefs(apiKey, entry.id);
    await resumeRegistration(ref!, AUTHORIZATION);
    if (drainFirst) await drainJobs();
    await expect(resumeRegistration(ref!, { other: true })).rejects.toMatchObject({ code: 'link_used', status: 409 });
    await drainJobs();
    expect((await getJob(apiKey, job.id)).body.status).toBe('completed');
  });

  it.each([
    ['an unknown ref', 'A'.repeat(27)],
    ['an empty ref', ''],
    ['a job id', '0190c0de-0000-7000-8000-000000000000'],
  ])('answers link_not_found for %s', async (_case, ref) => {
    await expect(resumeRegistration(ref, AUTHORIZATION)).rejects.toMatchObject({ code: 'link_not_found', status: 404 });
  });
});

describe('renewal', () => {
  it('keeps a Registered entry Registered and issues a new link', async () => {
    const workspace = await readyWorkspace();
    const { apiKey, entry, job: first } = await queuedJob(workspace);
    await drainJobs();
    const [oldRef] = await linkRefs(apiKey, entry.id);
    await resumeRegistration(oldRef!, AUTHORIZATION);
    await drainJobs();
    expect((await getEntry(apiKey, entry.id)).body.status).toBe('Registered');

    const renewal = await startJob(apiKey, workspace.workflow.id, entry.id);
    expect(renewal.status).toBe(202);
    expect(renewal.body.id).not.toBe(first.id);
    for (const expected of ['silo.status.processing', 'gov-ar.register', 'gov-ar.wait.authorization']) {
      expect(await runOneStep(renewal.body.id)).toBe(expected);
      expect((await getEntry(apiKey, entry.id)).body.status).toBe('Registered');
    }
    expect((await getJob(apiKey, renewal.body.id)).body.status).toBe('waiting');
    const refs = await linkRefs(apiKey, entry.id);
    expect(refs).toHaveLength(2);
    const newRef = refs.find((r) => r !== oldRef)!;
    expect(newRef).toBeDefined();

    await expect(resumeRegistration(oldRef!, AUTHORIZATION)).rejects.toMatchObject({ code: 'link_used' });
    expect((await resumeRegistration(newRef, AUTHORIZATION)).jobId).toBe(renewal.body.id);
    await drainJobs();
    expect((await getJob(apiKey, renewal.body.id)).body.status).toBe('completed');
    expect((await getEntry(apiKey, entry.id)).body.status).toBe('Registered');
  });
});

describe('failure and rescue', () => {
  /** Breaks a job's register step in the database, so that the engine fails it. */
  async function breakRegisterStep(jobId: string) {
    const db = await getDb();
    await db
      .update(jobSteps)
      .set({ name: 'gov-ar.no-such-step' })
      .where(and(eq(jobSteps.jobId, jobId), eq(jobSteps.name, 'gov-ar.register')));
  }

  it('fails the job, skips the rest and runs the rescue step: entry Error', async () => {
    const { apiKey, entry, job } = await queuedJob();
    await breakRegisterStep(job.id);
    await drainJobs();
    const { body: failed } = await getJob(apiKey, job.id);
    expect(failed.status).toBe('failed');
    expect(failed.completed_at).toMatch(ISO);
    expect(await stepStatuses(apiKey, job.id)).toEqual([
      'silo.status.processing:completed',
      'gov-ar.no-such-step:failed',
      'gov-ar.wait.authorization:skipped',
      'silo.status.registered:skipped',
      'silo.status.error:completed',
    ]);
    expect((await getEntry(apiKey, entry.id)).body.status).toBe('Error');
  });

  it('leaves a Registered entry Registered when its renewal fails', async () => {
    const workspace = await readyWorkspace();
    const { apiKey, entry } = await queuedJob(workspace);
    await drainJobs();
    await resumeRegistration((await linkRefs(apiKey, entry.id))[0]!, AUTHORIZATION);
    await drainJobs();
    const renewal = await startJob(apiKey, workspace.workflow.id, entry.id);
    await breakRegisterStep(renewal.body.id);
    await drainJobs();
    expect((await getJob(apiKey, renewal.body.id)).body.status).toBe('failed');
    expect((await getEntry(apiKey, entry.id)).body.status).toBe('Registered');
  });
});

describe('leases and concurrency', () => {
  it('hands the runner that ended a step its next one, claimed and leased in the same transaction', async () => {
    const { apiKey, job } = await queuedJob();
    const first = await claimNextStep();
    expect(first).toMatchObject({ jobId: job.id, name: 'silo.status.processing' });
    const next = await runClaimedStep(first!, true);
    expect(next).toMatchObject({ jobId: job.id, name: 'gov-ar.register', status: 'running', attempts: 1 });
    expect(next!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(next!.startedAt).toBeInstanceOf(Date);
    const [, stored] = await listJobSteps(job.id);
    expect(next).toEqual({ ...stored, template: 'ar-supplier-registration' }); // exactly the row as stored, and its template
    expect(await claimNextStep(job.id)).toBeUndefined(); // nobody else may take it
    // It runs on to the wait, which hands over nothing: the job waits for the supplier.
    let step = next;
    while (step) step = await runClaimedStep(step, true);
    expect((await getJob(apiKey, job.id)).body.status).toBe('waiting');
  });

  it('lets another runner take over a step whose lease expired, and ignores the late runner', async () => {
    const { apiKey, entry, job } = await queuedJob();
    const claimed = await claimNextStep();
    expect(claimed).toMatchObject({ jobId: job.id, status: 'running', attempts: 1 });
    expect(claimed!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(await claimNextStep()).toBeUndefined(); // the lease holds

    const db = await getDb();
    await db
      .update(jobSteps)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobSteps.id, claimed!.id));
    const takenOver = await claimNextStep();
    expect(takenOver).toMatchObject({ id: claimed!.id, status: 'running', attempts: 2 });

    await runClaimedStep(claimed!); // the first runner comes back too late: its outcome is dropped
    const [afterLate] = await listJobSteps(job.id);
    expect(afterLate).toMatchObject({ status: 'running', attempts: 2 });

    await runClaimedStep(takenOver!);
    await drainJobs();
    expect((await getJob(apiKey, job.id)).body.status).toBe('waiting');
    expect(await linkRefs(apiKey, entry.id)).toHaveLength(1);
  });

  it('takes over a step left running by a crashed runner', async () => {
    const { apiKey, job } = await queuedJob();
    await runOneStep(job.id);
    const db = await getDb();
    await db
      .update(jobSteps)
      .set({ status: 'running', attempts: 1, lockedUntil: new Date(Date.now() - 60_000) })
      .where(and(eq(jobSteps.jobId, job.id), eq(jobSteps.name, 'gov-ar.register')));
    expect(await drainJobs()).toBe(2); // register (taken over), then the wait
    expect((await getJob(apiKey, job.id)).body.status).toBe('waiting');
  });

  it('never runs one step twice under concurrent drains', async () => {
    const workspace = await readyWorkspace();
    const jobs = [];
    for (let i = 0; i < 6; i++) jobs.push(await queuedJob(workspace));

    const ran = await Promise.all([drainJobs(), drainJobs(), drainJobs()]);
    expect(ran.reduce((a, b) => a + b, 0)).toBe(6 * 3); // processing, register, wait per job
    for (const { job, entry } of jobs) {
      const steps = await listJobSteps(job.id);
      expect(steps.filter((s) => s.status !== 'pending').map((s) => s.attempts)).toEqual([1, 1, 1]);
      expect((await getJob(workspace.apiKey, job.id)).body.status).toBe('waiting');
      expect(await linkRefs(workspace.apiKey, entry.id)).toHaveLength(1);
    }

    for (const { entry } of jobs)
      await resumeRegistration((await linkRefs(workspace.apiKey, entry.id))[0]!, AUTHORIZATION);
    const finished = await Promise.all([drainJobs(), drainJobs(), drainJobs()]);
    expect(finished.reduce((a, b) => a + b, 0)).toBe(6); // the status step per job
    for (const { job } of jobs) expect((await getJob(workspace.apiKey, job.id)).body.status).toBe('completed');
  });
});
