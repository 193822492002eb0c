// Webhook events through the outbox: the contract's payload and Standard Webhooks signature (checked
// with the `standardwebhooks` package), retries with backoff honouring Retry-After for over a day,
// every attempt on the job, deliveries that outlive a restart, and the SSRF guard at delivery time.
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { closeDb, getDb } from '@/lib/db/client';
import { jobSteps, secrets, webhookDeliveries, workflows } from '@/lib/db/schema';
import { sealPlaintextSigningSecrets } from '@/lib/webhooks/signing-secret';
import { runStepHandler } from '@/lib/transform/steps';
import { claimDueDelivery } from '@/lib/webhooks/queries';
import { createSupplier, getEntry, getJob, readyWorkspace, startJob } from '@/tests/support/scenario';
import { attemptsOf, deliveryOf, drainAll, sendPendingNow } from '@/tests/support/outbox';
import { startWebhookReceiver, type Delivery } from '@/tests/support/webhook-receiver';
import { useWebhookReceiver } from '@/tests/support/use-webhook-receiver';

const GIVEN_SECRET = `whsec_${Buffer.alloc(24, 42).toString('base64')}`;

const receiverOf = useWebhookReceiver();
afterEach(async () => {
  // Whatever an earlier test left pending must not reach a later test's receiverOf().
  const db = await getDb();
  await db.update(webhookDeliveries).set({ status: 'failed' }).where(eq(webhookDeliveries.status, 'pending'));
});

/** A workspace whose workflow posts to the receiver, one supplier, and its job (not yet run). */
async function webhookJob(webhook: Record<string, unknown> = {}) {
  const workspace = await readyWorkspace({ webhook: { url: receiverOf().url(), ...webhook } });
  const entry = await createSupplier(workspace.apiKey);
  const { status, body: job } = await startJob(workspace.apiKey, workspace.workflow.id, entry.id);
  expect(status).toBe(202);
  return {
    ...workspace,
    entry,
    job,
    secret: (webhook.secret as string | undefined) ?? workspace.workflow.webhook.secret,
  };
}

const headersOf = (delivery: Delivery) => delivery.headers as Record<string, string>;
const verify = (secret: string, delivery: Delivery) => new Webhook(secret).verify(delivery.body, headersOf(delivery));
const webhooksOnJob = async (apiKey: string, jobId: string) => (await getJob(apiKey, jobId)).body.webhooks;

describe('registration.link_created', () => {
  it('posts the signed event with the link record before the wait, and shows the attempt on the job', async () => {
    const { apiKey, owner_id, entry, job, secret } = await webhookJob();
    expect(secret).toMatch(/^whsec_/);
    await drainAll();

    expect(receiverOf().deliveries).toHaveLength(1);
    const [delivery] = receiverOf().deliveries;
    expect(delivery!.method).toBe('POST');
    expect(delivery!.path).toBe('/hook');
    const headers = headersOf(delivery!);
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);

    const payload = verify(secret, delivery!);
    const { body: stored } = await getEntry(apiKey, entry.id);
    const link = stored.meta.find((m: { key: string }) => m.key === 'link');
    expect(payload).toEqual({
      id: headers['webhook-id'],
      event: 'registration.link_created',
      owner_id,
      transform_job_id: job.id,
      silo_entry_id: entry.id,
      siloEntryId: entry.id,
      data: { meta: [link] },
    });
    expect(link).toMatchObject({ src: 'gov-ar', key: 'link', link_scope: 'public' });

    const { body: waiting } = await getJob(apiKey, job.id);
    expect(waiting.status).toBe('waiting');
    expect(waiting.steps.map((s: { name: string; status: string }) => `${s.name}:${s.status}`)).toEqual([
      'silo.status.processing:completed',
      'gov-ar.register:completed',
      'webhook.send:completed',
      'gov-ar.wait.authorization:waiting',
      'silo.status.registered:pending',
    ]);
    expect(waiting.webhooks).toEqual([
      {
        id: headers['webhook-id'],
        event: 'registration.link_created',
        url: receiverOf().url(),
        status: 'delivered',
        created_at: expect.any(String),
        delivered_at: expect.any(String),
        attempts: [
          {
            attempted_at: expect.any(String),
            outcome: 'delivered',
            response_status: 200,
            latency_ms: expect.any(Number),
          },
        ],
      },
    ]);
  });

  it('signs with HMAC-SHA256 over "{id}.{timestamp}.{body}" keyed with the secret the integrator gave', async () => {
    const { job } = await webhookJob({ secret: GIVEN_SECRET });
    await drainAll();
    const [delivery] = receiverOf().deliveries;
    const headers = headersOf(delivery!);
    const key = Buffer.from(GIVEN_SECRET.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key)
      .update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${delivery!.body}`)
      .digest('base64');
    expect(headers['webhook-signature']!.split(' ')).toContain(`v1,${expected}`);
    expect(verify(GIVEN_SECRET, delivery!)).toMatchObject({ transform_job_id: job.id });
    expect(() => verify(`whsec_${Buffer.alloc(24, 1).toString('base64')}`, delivery!)).toThrow();
  });

  it.each([[200], [201], [202], [204]])('counts HTTP %i as delivered', async (status) => {
    receiverOf().reply({ status });
    const { apiKey, job } = await webhookJob();
    await drainAll();
    expect(receiverOf().deliveries).toHaveLength(1);
    expect((await webhooksOnJob(apiKey, job.id))[0].status).toBe('delivered');
  });

  it('is raised once however often its step runs', async () => {
    const { job } = await webhookJob();
    await drainAll();
    const db = await getDb();
    const [step] = await db
      .select()
      .from(jobSteps)
      .where(and(eq(jobSteps.jobId, job.id), eq(jobSteps.name, 'webhook.send')));
    expect(step!.message).toMatch(/^Webhook [0-9a-f-]{36} queued\.$/);
    expect(await runStepHandler(step!)).toEqual({ kind: 'complete', message: 'Webhook already queued.' });
    expect(await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.jobId, job.id))).toHaveLength(1);
  });
});

describe('a receiver that fails, then succeeds', () => {
  it('retries soon with the same webhook-id and body, recording each attempt, while the job goes on', async () => {
    receiverOf().reply({ status: 500 }, { status: 200 });
    const { apiKey, job, secret } = await webhookJob();
    await drainAll();

    expect(receiverOf().deliveries).toHaveLength(1);
    const pending = await deliveryOf(job.id);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(pending!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 10_000); // first retry within 10 s
    const { body: waiting } = await getJob(apiKey, job.id);
    expect(waiting.status).toBe('waiting'); // the supplier need not wait for the integrator's receiver
    expect(waiting.webhooks[0]).toMatchObject({
      status: 'pending',
      next_attempt_at: expect.any(String),
      attempts: [{ outcome: 'failed', response_status: 500, error: 'HTTP 500' }],
    });

    await sendPendingNow();
    expect(receiverOf().deliveries).toHaveLength(2);
    const [first, second] = receiverOf().deliveries;
    expect(headersOf(second!)['webhook-id']).toBe(headersOf(first!)['webhook-id']);
    expect(second!.body).toBe(first!.body);
    expect(verify(secret, second!)).toEqual(verify(secret, first!));
    const [shown] = await webhooksOnJob(apiKey, job.id);
    expect(shown.status).toBe('delivered');
    expect(
      shown.attempts.map((a: { outcome: string; response_status: number }) => `${a.outcome}:${a.response_status}`),
    ).toEqual(['failed:500', 'delivered:200']);
  });

  it.each([
    ['a server error', { status: 500 }, 'HTTP 500'],
    ['a not found', { status: 404 }, 'HTTP 404'],
    [
      'a redirect (not followed)',
      { status: 302, headers: { location: 'https://example.com/elsewhere' } },
      'HTTP 302 (redirects are not followed)',
    ],
    ['a multiple choices', { status: 300 }, 'HTTP 300 (redirects are not followed)'],
  ])('does not count %s as delivered', async (_case, reply, error) => {
    receiverOf().reply(reply);
    const { job } = await webhookJob();
    await drainAll();
    expect(receiverOf().deliveries).toHaveLength(1);
    const delivery = await deliveryOf(job.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await attemptsOf(delivery!.id)).toMatchObject([{ outcome: 'failed', error }]);
  });

  it('records a receiver that cannot be reached', async () => {
    const gone = await startWebhookReceiver();
    const url = gone.url();
    await gone.close();
    const { job } = await webhookJob({ url });
    await drainAll();
    const delivery = await deliveryOf(job.id);
    expect(delivery!.status).toBe('pending');
    const [attempt] = await attemptsOf(delivery!.id);
    expect(attempt).toMatchObject({ outcome: 'failed', responseStatus: null });
    expect(attempt!.error).toMatch(/connection failed/);
  });

  it.each([
    ['in seconds', () => '120'],
    ['as an HTTP date', () => new Date(Date.now() + 121_000).toUTCString()],
  ])('honours Retry-After %s', async (_case, retryAfter) => {
    receiverOf().reply({ status: 503, headers: { 'retry-after': retryAfter() } });
    const { job } = await webhookJob();
    const before = Date.now();
    await drainAll();
    const delivery = await deliveryOf(job.id);
    expect(delivery!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 119_000);
    expect(delivery!.nextAttemptAt.getTime()).toBeLessThan(Date.now() + 125_000);
  });

  it('backs off exponentially with jitter, then gives up once a day and more has passed', async () => {
    receiverOf().reply({ status: 500 });
    const { job } = await webhookJob();
    await drainAll();
    const db = await getDb();
    const delivery = (await deliveryOf(job.id))!;
    const gaps: number[] = [];
    for (let attempt = 2; attempt <= 6; attempt++) {
      await sendPendingNow();
      gaps.push((await deliveryOf(job.id))!.nextAttemptAt.getTime() - Date.now());
    }
    for (const [i, gap] of gaps.entries()) {
      const ceiling = 4000 * 2 ** (i + 1);
      expect(gap).toBeGreaterThan(ceiling / 2 - 1000);
      expect(gap).toBeLessThanOrEqual(ceiling + 100);
    }

    await db
      .update(webhookDeliveries)
      .set({ createdAt: new Date(Date.now() - 23 * 3600_000) })
      .where(eq(webhookDeliveries.id, delivery.id));
    await sendPendingNow();
    expect(await deliveryOf(job.id)).toMatchObject({ status: 'pending', attempts: 7 });

    await db
      .update(webhookDeliveries)
      .set({ createdAt: new Date(Date.now() - 27 * 3600_000) })
      .where(eq(webhookDeliveries.id, delivery.id));
    await sendPendingNow();
    expect(await deliveryOf(job.id)).toMatchObject({ status: 'failed', attempts: 8 });
    expect(receiverOf().deliveries).toHaveLength(8);
  });
});

describe('restarts', () => {
  it('keeps a scheduled retry across a restart', async () => {
    receiverOf().reply({ status: 500 }, { status: 200 });
    const { apiKey, job } = await webhookJob();
    await drainAll();
    await closeDb();
    await sendPendingNow();
    expect(receiverOf().deliveries).toHaveLength(2);
    expect((await webhooksOnJob(apiKey, job.id))[0].status).toBe('delivered');
  });

  it('lets another sender take over a delivery whose sender died mid-attempt', async () => {
    const { apiKey, job } = await webhookJob();
    await drainAll();
    receiverOf().deliveries.length = 0;
    const db = await getDb();
    const delivery = (await deliveryOf(job.id))!;
    // As if a sender had claimed it again and died before recording anything.
    await db
      .update(webhookDeliveries)
      .set({ status: 'pending', attempts: 2, lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(webhookDeliveries.id, delivery.id));
    expect(await claimDueDelivery()).toBeUndefined(); // the lease holds
    await db
      .update(webhookDeliveries)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(webhookDeliveries.id, delivery.id));
    await sendPendingNow();
    expect(receiverOf().deliveries).toHaveLength(1);
    expect(headersOf(receiverOf().deliveries[0]!)['webhook-id']).toBe(delivery.id);
    expect((await webhooksOnJob(apiKey, job.id))[0]).toMatchObject({ status: 'delivered' });
  });
});

describe('private targets at delivery time', () => {
  it('does not post to a private address without WEBHOOK_ALLOW_PRIVATE, and records why', async () => {
    const saved = process.env.WEBHOOK_ALLOW_PRIVATE;
    const { apiKey, job } = await webhookJob();
    try {
      delete process.env.WEBHOOK_ALLOW_PRIVATE;
      await drainAll();
    } finally {
      if (saved === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE;
      else process.env.WEBHOOK_ALLOW_PRIVATE = saved;
    }
    expect(receiverOf().deliveries).toHaveLength(0);
    const [shown] = await webhooksOnJob(apiKey, job.id);
    expect(shown.attempts[0]).toMatchObject({ outcome: 'failed', error: 'the URL must be an https URL' });
    expect((await getJob(apiKey, job.id)).body.status).toBe('waiting');
  });
});

describe('the signing secret at rest', () => {
  it('is sealed, and a plaintext one left by an older version is sealed at start-up and still signs', async () => {
    const { apiKey, job } = await webhookJob({ secret: GIVEN_SECRET });
    const db = await getDb();
    const [workflow] = await db
      .select()
      .from(workflows)
      .where(eq(workflows.id, (await getJob(apiKey, job.id)).body.workflow_id));
    expect(workflow).toMatchObject({ webhookSecret: null, webhookSecretId: expect.any(String) });
    const stored = await db.select().from(secrets).where(eq(secrets.id, workflow!.webhookSecretId!));
    expect(stored[0]!.sealed).not.toContain(GIVEN_SECRET.slice(6, 30));

    await db
      .update(workflows)
      .set({ webhookSecret: GIVEN_SECRET, webhookSecretId: null })
      .where(eq(workflows.id, workflow!.id));
    expect(await sealPlaintextSigningSecrets()).toBeGreaterThanOrEqual(1);
    const [sealed] = await db.select().from(workflows).where(eq(workflows.id, workflow!.id));
    expect(sealed).toMatchObject({ webhookSecret: null, webhookSecretId: expect.any(String) });
    await drainAll();
    expect(verify(GIVEN_SECRET, receiverOf().deliveries[0]!)).toMatchObject({ transform_job_id: job.id });
  });
});
