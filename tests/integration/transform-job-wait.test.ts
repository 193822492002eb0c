// `?wait=<seconds>` on a job's create (POST and PUT): the answer waits until the job is completed, failed or
// waiting (200, with the entry's status) or the seconds pass (202, as without it). A job another instance
// ends wakes nobody here, so the job is read again from the database while waiting; the event loop is free.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as jobsRoute from '@/app/transform/v1/jobs/route';
import * as jobRoute from '@/app/transform/v1/jobs/[id]/route';
import { getDb } from '@/lib/db/client';
import { captureQueries } from '@/lib/db/query-log';
import { sendNotice } from '@/lib/db/notice-queries';
import { jobs } from '@/lib/db/schema';
import { newId } from '@/lib/ids';
import { startJobRunner, stopJobRunner } from '@/lib/transform/runner';
import { jobProgressed, nextJobProgress, watchJobProgress } from '@/lib/transform/job-waiters';
import { call } from '@/tests/support/call';
import { HELD_FROM_MS, latenciesDuring } from '@/tests/support/event-loop';
import { registeredSupplier } from '@/tests/support/invoices';
import { createInvoiceWorkflow, storeInvoice } from '@/tests/support/issuing';
import { useEmulator } from '@/tests/support/registration';
import { createSupplier, getJob, readyWorkspace } from '@/tests/support/scenario';

const emulator = useEmulator();

const postJob = (token: string, body: unknown, wait?: string) =>
  call(jobsRoute.POST, { token, body, query: wait === undefined ? {} : { wait } });
const putJob = (token: string, id: string, body: unknown, wait?: string) =>
  call(jobRoute.PUT, { token, method: 'PUT', params: { id }, body, query: wait === undefined ? {} : { wait } });

afterEach(async () => {
  await stopJobRunner();
});

/** A registration job's body for a fresh supplier of a ready workspace. */
async function registration() {
  const workspace = await readyWorkspace();
  const entry = await createSupplier(workspace.apiKey);
  return { apiKey: workspace.apiKey, entry, body: { workflow_id: workspace.workflow.id, silo_entry_id: entry.id } };
}

describe('POST /transform/v1/jobs?wait=', () => {
  it('answers 200 with the completed job and its entry Sent when an invoice is issued within the wait', async () => {
    const supplier = await registeredSupplier(emulator());
    const workflow = await createInvoiceWorkflow(supplier.apiKey);
    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '31' });
    startJobRunner({ pollMs: 50 });
    const answer = await postJob(supplier.apiKey, { workflow_id: workflow.id, silo_entry_id: invoice.id }, '30');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ silo_entry_id: invoice.id, status: 'completed', entry_status: 'Sent' });
    expect(answer.body.steps.every((step: { status: string }) => step.status === 'completed')).toBe(true);
    // GET answers the job as always, without the entry's status.
    expect((await getJob(supplier.apiKey, answer.body.id)).body).not.toHaveProperty('entry_status');
  });

  it("runs a waited invoice's job at once, beside the step workers: its first steps as it is made, no claim of their own", async () => {
    const supplier = await registeredSupplier(emulator());
    const workflow = await createInvoiceWorkflow(supplier.apiKey);
    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '32' });
    // No step worker at all: only the job's own run can issue it.
    startJobRunner({ pollMs: 60_000, concurrency: 0 });
    const { result: answer, queries } = await captureQueries(() =>
      postJob(supplier.apiKey, { workflow_id: workflow.id, silo_entry_id: invoice.id }, '30'),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ status: 'completed', entry_status: 'Sent' });
    // Set Processing ran in the transaction that made the job, which claimed the send step: no step was claimed.
    expect(queries.filter((query) => /coalesce\(\s*\(select s\.id from "job_steps"/.test(query.sql))).toEqual([]);
    expect(answer.body.steps[0]).toMatchObject({ name: 'silo.status.processing', status: 'completed' });
    // A job that raised no event is read in one statement, its steps with it.
    const { result: read, queries: reads } = await captureQueries(() => getJob(supplier.apiKey, answer.body.id));
    expect(reads).toHaveLength(1);
    expect(read.body.steps).toEqual(answer.body.steps);
  });

  it('leaves a job to the step workers without a wait, or when the runner has no slot free', async () => {
    const supplier = await registeredSupplier(emulator());
    const workflow = await createInvoiceWorkflow(supplier.apiKey);
    startJobRunner({ pollMs: 60_000, concurrency: 0, jobRunSlots: 0 });
    const waited = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '33' });
    const answer = await postJob(supplier.apiKey, { workflow_id: workflow.id, silo_entry_id: waited.id }, '1');
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({
      status: 'queued',
      steps: [{ status: 'queued' }, { status: 'pending' }, { status: 'pending' }],
    });
    await stopJobRunner();
    startJobRunner({ pollMs: 60_000, concurrency: 0 });
    const plain = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '33' });
    const created = await postJob(supplier.apiKey, { workflow_id: workflow.id, silo_entry_id: plain.id });
    expect(created.status).toBe(202);
    await sleep(300);
    expect((await getJob(supplier.apiKey, created.body.id)).body).toMatchObject({ status: 'queued' });
  });

  it('answers 200 with a registration job once it waits for the supplier, its entry Processing', async () => {
    const { apiKey, body } = await registration();
    startJobRunner({ pollMs: 50 });
    const answer = await postJob(apiKey, body, '20');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'waiting', entry_status: 'Processing' });
  });

  it('answers 202 with the job as it stands when the seconds pass first, holding no event loop meanwhile', async () => {
    const { apiKey, body } = await registration();
    // No runner: the job stays queued.
    const started = performance.now();
    const answering = postJob(apiKey, body, '1');
    const latencies = await latenciesDuring(answering);
    const answer = await answering;
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(answer.status).toBe(202);
    expect(answer.body.status).toBe('queued');
    expect(answer.body).not.toHaveProperty('entry_status');
    expect(latencies.filter((latency) => latency > HELD_FROM_MS * 5)).toEqual([]);
  });

  it('sees a job another instance ended (no wake-up here) by reading it again', async () => {
    const { apiKey, body } = await registration();
    const answering = postJob(apiKey, body, '30');
    await sleep(300);
    // As another instance's runner would leave it: written to the database, nobody in this process told.
    const db = await getDb();
    await db.update(jobs).set({ status: 'failed' }).where(eq(jobs.siloEntryId, body.silo_entry_id));
    const started = performance.now();
    const answer = await answering;
    // Its next look, unwoken, comes 5 s after it started waiting.
    expect(performance.now() - started).toBeLessThan(6_000);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'failed', entry_status: 'Empty' });
  });

  it.runIf(process.env.DATABASE_URL)(
    'wakes at once when another instance on the same PostgreSQL says it recorded a step of the job',
    async () => {
      const { apiKey, body } = await registration();
      const answering = postJob(apiKey, body, '30');
      await sleep(300);
      const db = await getDb();
      const [job] = await db
        .update(jobs)
        .set({ status: 'failed' })
        .where(eq(jobs.siloEntryId, body.silo_entry_id))
        .returning();
      const started = performance.now();
      // What lib/transform/job-waiters.ts says after another instance's step (another instance's name first).
      await sendNotice(db, 'job_progress', `another-instance ${job!.id}`);
      const answer = await answering;
      // Well before the next look it would take unwoken (every 5 s).
      expect(performance.now() - started).toBeLessThan(1_500);
      expect(answer.body).toMatchObject({ status: 'failed' });
    },
  );

  it.each([['0'], ['61'], ['1.5'], ['soon'], ['-3'], ['']])(
    'refuses wait=%j with 400 invalid_parameter, starting nothing',
    async (wait) => {
      const { apiKey, body } = await registration();
      const answer = await postJob(apiKey, body, wait);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'invalid_parameter', fields: { wait: expect.any(String) } });
      expect((await postJob(apiKey, body)).status).toBe(202);
    },
  );
});

describe('PUT /transform/v1/jobs/{id}?wait=', () => {
  it('waits the same way, and a replay of a settled job answers it at once', async () => {
    const { apiKey, body } = await registration();
    const id = newId();
    startJobRunner({ pollMs: 50 });
    const answer = await putJob(apiKey, id, body, '20');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id, status: 'waiting', entry_status: 'Processing' });
    const replay = await putJob(apiKey, id, body, '20');
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(answer.body);
    expect((await putJob(apiKey, id, body)).body).not.toHaveProperty('entry_status');
  });

  it('answers 202 when the seconds pass first', async () => {
    const { apiKey, body } = await registration();
    const answer = await putJob(apiKey, newId(), body, '1');
    expect(answer.status).toBe(202);
    expect(answer.body.status).toBe('queued');
  });
});

describe("a job's waiters", () => {
  it('hear news that came just before they started watching, and news between two looks', async () => {
    const jobId = newId();
    jobProgressed(jobId);
    const watch = watchJobProgress(jobId);
    let started = performance.now();
    await watch.next(5_000);
    expect(performance.now() - started).toBeLessThan(1_000);
    // Between two looks: kept for the next.
    jobProgressed(jobId);
    started = performance.now();
    await watch.next(5_000);
    expect(performance.now() - started).toBeLessThan(1_000);
    // Nothing new: the look waits for its time.
    started = performance.now();
    await watch.next(300);
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    watch.close();
  });

  it('from now on only, when asked so (a runner waiting for the next step of a job it saw)', async () => {
    const jobId = newId();
    jobProgressed(jobId);
    const started = performance.now();
    await nextJobProgress(jobId, 300);
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
  });
});
