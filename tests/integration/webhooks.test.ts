import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { closeDb, getDb } from '@/lib/db/client';
import { jobSteps } from '@/lib/db/schema';
import { drainJobs } from '@/lib/transform/runner';
import { createSupplier, getEntry, getJob, readyWorkspace, startJob } from '../support/scenario';
import { startWebhookReceiver, type Delivery, type WebhookReceiver } from '../support/webhook-receiver';

const WEBHOOK_STEP = 'webhook.send';
const GIVEN_SECRET = `whsec_${Buffer.alloc(24, 42).toString('base64')}`;

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});
beforeEach(() => {
  receiver.deliveries.length = 0;
  receiver.reply({ status: 200 });
});
afterEach(async () => {
  // Deliver whatever an earlier test left scheduled, so that it cannot reach a later test's receiver.
  receiver.reply({ status: 200 });
  const db = await getDb();
  await db.update(jobSteps).set({ runAt: new Date() }).where(eq(jobSteps.status, 'ready'));
  await drainJobs();
});

/** A workspace whose workflow posts to the receiver, one supplier, and its job (not yet run). */
async function webhookJob(webhook: Record<string, unknown> = {}) {
  const workspace = await readyWorkspace({ webhook: { url: receiver.url(), ...webhook } });
  const entry = await createSupplier(workspace.apiKey);
  const { status, body: job } = await startJob(workspace.apiKey, workspace.workflow.id, entry.id);
  expect(status).toBe(202);
  return { ...workspace, entry, job, secret: (webhook.secret as string | undefined) ?? workspace.workflow.webhook.secret };
}

async function webhookStep(jobId: string) {
  const db = await getDb();
  const [step] = await db.select().from(jobSteps).where(and(eq(jobSteps.jobId, jobId), eq(jobSteps.name, WEBHOOK_STEP)));
  return step!;
}

async function runWebhookNow(jobId: string) {
  const db = await getDb();
  await db.update(jobSteps).set({ runAt: new Date() }).where(and(eq(jobSteps.jobId, jobId), eq(jobSteps.name, WEBHOOK_STEP)));
  await drainJobs();
}

const headersOf = (delivery: Delivery) => delivery.headers as Record<string, string>;
const verify = (secret: string, delivery: Delivery) => new Webhook(secret).verify(delivery.body, headersOf(delivery));

describe('registration.link_created', () => {
  it('posts the signed event with the link record before the wait', async () => {
    const { apiKey, owner_id, entry, job, secret } = await webhookJob();
    expect(secret).toMatch(/^whsec_/);
    await drainJobs();

    expect(receiver.deliveries).toHaveLength(1);
    const [delivery] = receiver.deliveries;
    expect(delivery!.method).toBe('POST');
    expect(delivery!.path).toBe('/hook');
    const headers = headersOf(delivery!);
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(headers['webhook-id']).toEqual(expect.any(String));
    expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);

    const payload = verify(secret, delivery!);
    const { body: stored } = await getEntry(apiKey, entry.id);
    expect(stored.meta).toHaveLength(1);
    expect(payload).toEqual({
      id: headers['webhook-id'],
      event: 'registration.link_created',
      owner_id,
      transform_job_id: job.id,
      silo_entry_id: entry.id,
      siloEntryId: entry.id,
      data: { meta: [stored.meta[0]] },
    });
    expect(stored.meta[0]).toMatchObject({ src: 'gov-ar', key: 'link', link_scope: 'public' });

    const { body: waiting } = await getJob(apiKey, job.id);
    expect(waiting.status).toBe('waiting');
    expect(waiting.steps.map((s: { name: string; status: string }) => `${s.name}:${s.status}`)).toEqual([
      'silo.status.processing:completed', 'gov-ar.register:completed', 'webhook.send:completed',
      'gov-ar.wait.authorization:waiting', 'silo.status.registered:pending',
    ]);
  });

  it('signs with HMAC-SHA256 over "{id}.{timestamp}.{body}" keyed with the secret the integrator gave', async () => {
    const { job } = await webhookJob({ secret: GIVEN_SECRET });
    await drainJobs();
    const [delivery] = receiver.deliveries;
    const headers = headersOf(delivery!);
    const key = Buffer.from(GIVEN_SECRET.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key)
      .update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${delivery!.body}`).digest('base64');
    expect(headers['webhook-signature']!.split(' ')).toContain(`v1,${expected}`);
    expect(verify(GIVEN_SECRET, delivery!)).toMatchObject({ transform_job_id: job.id });
    expect(() => verify(`whsec_${Buffer.alloc(24, 1).toString('base64')}`, delivery!)).toThrow();
  });

  it.each([[200], [201], [202], [204]])('counts HTTP %i as delivered', async (status) => {
    receiver.reply({ status });
    const { apiKey, job } = await webhookJob();
    await drainJobs();
    expect(receiver.deliveries).toHaveLength(1);
    expect((await getJob(apiKey, job.id)).body.status).toBe('waiting');
  });
});

describe('retries', () => {
  it('retries a failed delivery soon, with the same webhook-id, and records each attempt', async () => {
    receiver.reply({ status: 500 }, { status: 200 });
    const { apiKey, job, secret } = await webhookJob();
    await drainJobs();

    expect(receiver.deliveries).toHaveLength(1);
    const scheduled = await webhookStep(job.id);
    expect(scheduled.status).toBe('ready');
    expect(scheduled.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(scheduled.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 10_000); // first retry within 10 s
    const { body: pending } = await getJob(apiKey, job.id);
    expect(pending.status).not.toBe('waiting');
    expect(pending.steps.find((s: { name: string }) => s.name === WEBHOOK_STEP).message).toMatch(/500/);
    expect(pending.steps.find((s: { name: string }) => s.name === 'gov-ar.wait.authorization').status).toBe('pending');

    await runWebhookNow(job.id);
    expect(receiver.deliveries).toHaveLength(2);
    const [first, second] = receiver.deliveries;
    expect(headersOf(second!)['webhook-id']).toBe(headersOf(first!)['webhook-id']);
    expect(verify(secret, first!)).toEqual(verify(secret, second!));
    const delivered = await webhookStep(job.id);
    expect(delivered).toMatchObject({ status: 'completed', attempts: 2 });
    expect((await getJob(apiKey, job.id)).body.status).toBe('waiting');
  });

  it.each([
    ['a server error', { status: 500 }],
    ['a not found', { status: 404 }],
    ['a redirect', { status: 302, headers: { location: 'https://example.com/elsewhere' } }],
    ['a multiple choices', { status: 300 }],
  ])('does not count %s as delivered', async (_case, reply) => {
    receiver.reply(reply);
    const { apiKey, job } = await webhookJob();
    await drainJobs();
    expect(receiver.deliveries).toHaveLength(1);
    expect(await webhookStep(job.id)).toMatchObject({ status: 'ready', attempts: 1 });
    expect((await getJob(apiKey, job.id)).body.status).toBe('running');
  });

  it('retries when the receiver cannot be reached', async () => {
    const gone = await startWebhookReceiver();
    const url = gone.url();
    await gone.close();
    const { job } = await webhookJob({ url });
    await drainJobs();
    const step = await webhookStep(job.id);
    expect(step.status).toBe('ready');
    expect(step.message).toMatch(/connection failed/);
    await getDb().then((db) => db.update(jobSteps).set({ status: 'skipped' }).where(eq(jobSteps.id, step.id)));
  });

  it.each([
    ['in seconds', () => '120'],
    ['as an HTTP date', () => new Date(Date.now() + 121_000).toUTCString()],
  ])('honours Retry-After %s', async (_case, retryAfter) => {
    receiver.reply({ status: 503, headers: { 'retry-after': retryAfter() } });
    const { job } = await webhookJob();
    const before = Date.now();
    await drainJobs();
    const step = await webhookStep(job.id);
    expect(step.status).toBe('ready');
    expect(step.runAt.getTime()).toBeGreaterThanOrEqual(before + 119_000);
    expect(step.runAt.getTime()).toBeLessThan(Date.now() + 125_000);
  });

  it('keeps retrying for at least 24 hours, then gives up and lets the job go on', async () => {
    receiver.reply({ status: 500 });
    const { apiKey, job } = await webhookJob();
    await drainJobs();
    const db = await getDb();
    const step = await webhookStep(job.id);

    await db.update(jobSteps).set({ startedAt: new Date(Date.now() - 23 * 3600_000) }).where(eq(jobSteps.id, step.id));
    await runWebhookNow(job.id);
    expect(await webhookStep(job.id)).toMatchObject({ status: 'ready', attempts: 2 });

    await db.update(jobSteps).set({ startedAt: new Date(Date.now() - 27 * 3600_000) }).where(eq(jobSteps.id, step.id));
    await runWebhookNow(job.id);
    expect(receiver.deliveries).toHaveLength(3);
    expect(await webhookStep(job.id)).toMatchObject({ status: 'failed', attempts: 3 });
    expect((await getJob(apiKey, job.id)).body.status).toBe('waiting');
  });

  it('keeps a scheduled retry across a restart', async () => {
    receiver.reply({ status: 500 }, { status: 200 });
    const { apiKey, job } = await webhookJob();
    await drainJobs();
    await closeDb();
    await runWebhookNow(job.id);
    expect(receiver.deliveries).toHaveLength(2);
    expect((await getJob(apiKey, job.id)).body.status).toBe('waiting');
  });
});

describe('private targets at delivery time', () => {
  it('does not post to a private address without WEBHOOK_ALLOW_PRIVATE, and the job goes on', async () => {
    const saved = process.env.WEBHOOK_ALLOW_PRIVATE;
    const { apiKey, job } = await webhookJob();
    try {
      delete process.env.WEBHOOK_ALLOW_PRIVATE;
      await drainJobs();
    } finally {
      if (saved === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE;
      else process.env.WEBHOOK_ALLOW_PRIVATE = saved;
    }
    expect(receiver.deliveries).toHaveLength(0);
    expect((await webhookStep(job.id)).status).toBe('failed');
    expect((await getJob(apiKey, job.id)).body.status).toBe('waiting');
  });
});
