import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as jobsRoute from '@/app/transform/v1/jobs/route';
import * as jobRoute from '@/app/transform/v1/jobs/[id]/route';
import { getDb } from '@/lib/db/client';
import { enrollments, jobs } from '@/lib/db/schema';
import { newId } from '@/lib/ids';
import { drainJobs } from '@/lib/transform/runner';
import { call } from '@/tests/support/call';
import {
  createRegistrationWorkflow,
  createSupplier,
  getEntry,
  getJob,
  readyWorkspace,
  startJob,
} from '@/tests/support/scenario';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const STEPS = ['silo.status.processing', 'gov-ar.register', 'gov-ar.wait.authorization', 'silo.status.registered'];

const postJob = (token: string, body: unknown) => call(jobsRoute.POST, { token, body });
const putJob = (token: string, id: string, body: unknown) =>
  call(jobRoute.PUT, { token, method: 'PUT', params: { id }, body });

/** A workspace with a workflow and one fresh supplier. */
async function setup() {
  const workspace = await readyWorkspace();
  const entry = await createSupplier(workspace.apiKey);
  return { ...workspace, entry, body: { workflow_id: workspace.workflow.id, silo_entry_id: entry.id } };
}

describe('POST /transform/v1/jobs', () => {
  it("queues a job with the template's steps", async () => {
    const { apiKey, workflow, entry, body } = await setup();
    const { status, body: job } = await postJob(apiKey, body);
    expect(status).toBe(202);
    expect(job).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7/),
      workflow_id: workflow.id,
      silo_entry_id: entry.id,
      status: 'queued',
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
    });
    expect(job.key).toBeUndefined();
    expect(job.completed_at).toBeUndefined();
    expect(job.steps.map((s: { name: string }) => s.name)).toEqual(STEPS);
    expect(job.steps.map((s: { status: string }) => s.status)).toEqual(['queued', 'pending', 'pending', 'pending']);
    expect((await getJob(apiKey, job.id)).body).toEqual(job);
  });

  it('runs to the wait step: job waiting, entry Processing with a public link record', async () => {
    const { apiKey, owner_id, entry, body } = await setup();
    const { body: queued } = await postJob(apiKey, body);
    await drainJobs();

    const { status, body: job } = await getJob(apiKey, queued.id);
    expect(status).toBe(200);
    expect(job.status).toBe('waiting');
    expect(job.steps.map((s: { status: string }) => s.status)).toEqual([
      'completed',
      'completed',
      'waiting',
      'pending',
    ]);
    for (const step of job.steps.slice(0, 2)) {
      expect(step.started_at).toMatch(ISO);
      expect(step.completed_at).toMatch(ISO);
    }
    expect(job.completed_at).toBeUndefined();

    const { body: stored } = await getEntry(apiKey, entry.id);
    expect(stored.status).toBe('Processing');
    // The link, and the record of where the supplier is (issue 17).
    expect(stored.meta.map((m: { key: string }) => m.key)).toEqual(['link', 'registration']);
    const [link] = stored.meta;
    expect(link).toMatchObject({
      owner_id,
      entry_id: entry.id,
      src: 'gov-ar',
      key: 'link',
      link_scope: 'public',
      ref: expect.any(String),
      created_at: expect.stringMatching(ISO),
    });
    expect(link.link_url).toBe(`https://wizard.test/reg/${link.ref}`);
  });

  it('makes an unguessable, URL-safe ref, different for every job', async () => {
    const refs: string[] = [];
    const { apiKey, workflow } = await setup();
    for (let i = 0; i < 5; i++) {
      const entry = await createSupplier(apiKey);
      expect((await startJob(apiKey, workflow.id, entry.id)).status).toBe(202);
      await drainJobs();
      refs.push((await getEntry(apiKey, entry.id)).body.meta[0].ref);
    }
    for (const ref of refs) {
      expect(ref).toMatch(/^[A-Za-z0-9_-]{22,}$/); // base64url, ≥ 128 bits
      expect(encodeURIComponent(ref)).toBe(ref);
    }
    expect(new Set(refs).size).toBe(refs.length);
  });

  it('refuses a second job for an entry whose registration is open, queued or waiting', async () => {
    const { apiKey, body } = await setup();
    expect((await postJob(apiKey, body)).status).toBe(202);
    const whileQueued = await postJob(apiKey, body);
    await drainJobs();
    const whileWaiting = await postJob(apiKey, { ...body, key: 'another-attempt' });
    for (const result of [whileQueued, whileWaiting]) {
      expect(result.status).toBe(409);
      expect(result.body).toEqual({ code: 'registration_in_progress', message: expect.any(String) });
    }
  });

  it('lets exactly one of 20 concurrent requests for one entry through', async () => {
    const { apiKey, entry, body } = await setup();
    const results = await Promise.all(Array.from({ length: 20 }, () => postJob(apiKey, body)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([202, ...Array(19).fill(409)]);
    for (const loser of results.filter((r) => r.status === 409))
      expect(loser.body.code).toBe('registration_in_progress');
    await drainJobs();
    expect((await getEntry(apiKey, entry.id)).body.meta.map((m: { key: string }) => m.key)).toEqual([
      'link',
      'registration',
    ]);
  });

  it('answers 20 concurrent requests with one key by one job: one 202, the rest replays', async () => {
    const { apiKey, body } = await setup();
    const keyed = { ...body, key: 'erp-concurrent' };
    const results = await Promise.all(Array.from({ length: 20 }, () => postJob(apiKey, keyed)));
    expect(results.map((r) => r.status).sort()).toEqual([...Array(19).fill(200), 202]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
  });

  it('treats a repeated key as idempotent and a changed body under that key as a conflict', async () => {
    const { apiKey, workflow, body } = await setup();
    const keyed = { ...body, key: 'erp-7' };
    const first = await postJob(apiKey, keyed);
    const again = await postJob(apiKey, keyed);
    expect(first.status).toBe(202);
    expect(first.body.key).toBe('erp-7');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    const otherEntry = await createSupplier(apiKey);
    const otherWorkflow = await createRegistrationWorkflow(apiKey);
    for (const changed of [
      { ...keyed, silo_entry_id: otherEntry.id },
      { ...keyed, workflow_id: otherWorkflow.id },
    ]) {
      const result = await postJob(apiKey, changed);
      expect(result.status).toBe(409);
      expect(result.body.code).toBe('conflict');
    }
    // The same key stays usable by another workspace.
    const other = await setup();
    expect((await postJob(other.apiKey, { ...other.body, key: 'erp-7' })).status).toBe(202);
    expect(workflow.id).not.toBe(other.workflow.id);
  });

  it('replays a keyed request after the job moved on', async () => {
    const { apiKey, body } = await setup();
    const keyed = { ...body, key: 'erp-later' };
    const first = await postJob(apiKey, keyed);
    await drainJobs();
    const again = await postJob(apiKey, keyed);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.status).toBe('waiting');
  });
});

describe('PUT /transform/v1/jobs/{id}', () => {
  it('creates with the client-chosen id, replays the same body, and refuses a different one', async () => {
    const { apiKey, body } = await setup();
    const id = newId();
    const created = await putJob(apiKey, id, body);
    const replay = await putJob(apiKey, id, body);
    expect(created.status).toBe(202);
    expect(created.body.id).toBe(id);
    expect(created.body.status).toBe('queued');
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(created.body);

    const different = await putJob(apiKey, id, { ...body, key: 'now-with-a-key' });
    expect(different.status).toBe(409);
    expect(different.body.code).toBe('conflict');
  });

  it('answers 10 concurrent PUTs of one id and body by one job', async () => {
    const { apiKey, body } = await setup();
    const id = newId();
    const results = await Promise.all(Array.from({ length: 10 }, () => putJob(apiKey, id, body)));
    expect(results.map((r) => r.status).sort()).toEqual([...Array(9).fill(200), 202]);
    for (const result of results) expect(result.body.id).toBe(id);
  });

  it("refuses an id taken by another workspace's job without showing it", async () => {
    const mine = await setup();
    const theirs = await setup();
    const id = newId();
    expect((await putJob(mine.apiKey, id, mine.body)).status).toBe(202);
    const result = await putJob(theirs.apiKey, id, theirs.body);
    expect(result.status).toBe(409);
    expect(JSON.stringify(result.body)).not.toContain(mine.entry.id);
  });

  it('answers 404 for an id that is not a UUID', async () => {
    const { apiKey, body } = await setup();
    const result = await putJob(apiKey, 'not-a-uuid', body);
    expect(result.status).toBe(404);
    expect(result.body.code).toBe('job_not_found');
  });
});

describe('job errors', () => {
  it.each([
    ['an unknown workflow', 'workflow', 404, 'workflow_not_found'],
    ['an unknown entry', 'entry', 404, 'entry_not_found'],
    ["another workspace's workflow", 'their-workflow', 404, 'workflow_not_found'],
    ["another workspace's entry", 'their-entry', 404, 'entry_not_found'],
  ])('answers %s with its code', async (_case, which, status, code) => {
    const mine = await setup();
    const theirs = await setup();
    const body = {
      workflow: { ...mine.body, workflow_id: newId() },
      entry: { ...mine.body, silo_entry_id: newId() },
      'their-workflow': { ...mine.body, workflow_id: theirs.workflow.id },
      'their-entry': { ...mine.body, silo_entry_id: theirs.entry.id },
    }[which];
    const result = await postJob(mine.apiKey, body);
    expect(result.status).toBe(status);
    expect(result.body.code).toBe(code);
    expect((await getEntry(theirs.apiKey, theirs.entry.id)).body.status).toBe('Empty');
  });

  it("answers 409 app_not_connected once the workflow's app is disabled for the workspace, and makes no job", async () => {
    const { apiKey, owner_id, body } = await setup();
    const db = await getDb();
    await db.update(enrollments).set({ disabled: true }).where(eq(enrollments.ownerId, owner_id));
    const result = await postJob(apiKey, body);
    expect(result.status).toBe(409);
    expect(result.body).toEqual({ code: 'app_not_connected', message: expect.stringContaining('/connect') });
    expect((await getEntry(apiKey, body.silo_entry_id)).body.status).toBe('Empty');
    expect(await db.select().from(jobs).where(eq(jobs.siloEntryId, body.silo_entry_id))).toEqual([]);
  });

  it.each([
    ['a workflow id that is not a UUID', { workflow_id: 'wf-1' }, 'workflow_id'],
    ['an entry id that is not a UUID', { silo_entry_id: 12 }, 'silo_entry_id'],
    ['no workflow id', { workflow_id: undefined }, 'workflow_id'],
    ['no entry id', { silo_entry_id: undefined }, 'silo_entry_id'],
    ['an empty key', { key: '' }, 'key'],
    ['an unknown field', { priority: 'high' }, 'priority'],
  ])('answers 422 for %s', async (_case, change, field) => {
    const { apiKey, body } = await setup();
    const result = await postJob(apiKey, { ...body, ...change });
    expect(result.status).toBe(422);
    expect(result.body.code).toBe('validation_failed');
    expect(Object.keys(result.body.fields)).toContain(field);
  });

  it("hides another workspace's job and answers 404 for unknown ids", async () => {
    const mine = await setup();
    const theirs = await setup();
    const { body: job } = await postJob(mine.apiKey, mine.body);
    for (const [token, id] of [
      [theirs.apiKey, job.id],
      [mine.apiKey, newId()],
      [mine.apiKey, 'nope'],
    ] as const) {
      const result = await getJob(token, id);
      expect(result.status).toBe(404);
      expect(result.body.code).toBe('job_not_found');
    }
  });

  it('needs a valid bearer token', async () => {
    const { body } = await setup();
    const none = await call(jobsRoute.POST, { body });
    const wrong = await call(jobsRoute.POST, { token: 'sk_test_nope', body });
    expect([none.status, wrong.status]).toEqual([401, 401]);
  });
});
