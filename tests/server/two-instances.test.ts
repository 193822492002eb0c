// PostgreSQL as the distributed engine: two app processes on one database share the job runner and
// the webhook outbox. Each job is started on one and its supplier's upload resumes it on the other;
// every step runs once, and every event is delivered once. They share their rate limits too (kept in
// PostgreSQL, or in Redis with REDIS_URL): calls spread over both get no more than one instance would.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'pg';
import { withCheckDigit } from '@/lib/ar/cuit';
import { makeCsr, pkcs8Pem, testKey } from '@/tests/support/pki';
import { productClient } from '@/tests/support/product-client';
import { startProduct, type RunningServer } from '@/tests/support/server-process';
import { createScratchDatabase, dropScratchDatabase } from '@/tests/support/scratch-database';
import { startWebhookReceiver, type WebhookReceiver } from '@/tests/support/webhook-receiver';

const SUPPLIERS = 12;
const serverUrl = process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-onboarding-pair-'));
let databaseUrl: string;
let instances: RunningServer[] = [];
let receiver: WebhookReceiver;

beforeAll(async () => {
  if (!serverUrl) return;
  databaseUrl = await createScratchDatabase(serverUrl, 'pair');
  receiver = await startWebhookReceiver();
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ADMIN_TOKEN: 'pair-admin',
    WEBHOOK_ALLOW_PRIVATE: '1',
    RATE_LIMITS: 'off',
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  instances = [await startProduct(env), await startProduct(env)];
  await Promise.all(instances.map((instance) => instance.waitFor(/is up on/)));
});
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await receiver?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl && serverUrl) await dropScratchDatabase(serverUrl, databaseUrl);
});

async function query<T>(sql: string): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe.skipIf(!serverUrl)('two app processes on one PostgreSQL', () => {
  it('share jobs and webhook deliveries without doing any twice', async () => {
    const [a, b] = instances.map((instance) => productClient(instance.url, 'pair-admin'));
    const { key, workflow } = await a!.workspace(true, { webhook: { url: receiver.url() } });
    const supplierKey = testKey('rsa', { slot: 'pair' });

    const suppliers = await Promise.all(
      Array.from({ length: SUPPLIERS }, async (_, i) => {
        const client = i % 2 ? b! : a!;
        let cuit: string | undefined;
        for (let n = i * 10; !cuit; n++) cuit = withCheckDigit(`30${73_000_000 + n * 7}`);
        const link = await client.supplierWithLink(key, workflow.id, cuit);
        const certificate = await client.issueAtPortal(
          'sandbox',
          cuit,
          `pair${i}`,
          makeCsr({ key: supplierKey, cuit, alias: `pair${i}` }).pem,
        );
        // The upload goes to the other instance than the one that started the job.
        const uploaded = await (i % 2 ? a! : b!).uploadCertificate(link.ref, {
          certificate,
          key: pkcs8Pem(supplierKey),
        });
        expect(uploaded.status).toBe(200);
        return link;
      }),
    );

    for (let i = 0; i < 120 && receiver.deliveries.length < SUPPLIERS * 2; i++)
      await new Promise((r) => setTimeout(r, 250));
    const ids = receiver.deliveries.map((d) => d.headers['webhook-id']);
    expect(ids).toHaveLength(SUPPLIERS * 2);
    expect(new Set(ids).size).toBe(SUPPLIERS * 2);

    for (const supplier of suppliers) {
      const job = (await a!.api('GET', `/transform/v1/jobs/${supplier.jobId}`, undefined, key)).body;
      expect(job.status).toBe('completed');
      expect(
        job.webhooks.map((w: { status: string; attempts: unknown[] }) => `${w.status}:${w.attempts.length}`),
      ).toEqual(['delivered:1', 'delivered:1']);
    }
    const repeated = await query<{ name: string }>(`select name from job_steps where attempts > 1`);
    expect(repeated).toEqual([]);
    const credentials = await query<{ n: string }>(`select count(*) as n from credentials`);
    expect(Number(credentials[0]!.n)).toBe(SUPPLIERS);
  }, 180_000);
});

/** Whether the local Redis answers (it does on the machines this suite runs on; skipped elsewhere). */
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisAnswers = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(redisUrl);
  const socket = net.connect(Number(port || 6379), hostname);
  socket.setTimeout(500);
  socket.once('connect', () => {
    socket.destroy();
    resolve(true);
  });
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => {
    socket.destroy();
    resolve(false);
  });
});

const STORES: [string, Record<string, string>, RegExp][] = [
  ['PostgreSQL', {}, /Rate limits: in PostgreSQL, shared by every instance/],
  ...(redisAnswers
    ? [['Redis', { REDIS_URL: redisUrl }, /Rate limits: in Redis/] as [string, Record<string, string>, RegExp]]
    : []),
];

describe.skipIf(!serverUrl).each(STORES)('two app processes with their rate limits in %s', (_, store, banner) => {
  let pair: RunningServer[] = [];
  let pairDatabase: string;
  beforeAll(async () => {
    pairDatabase = await createScratchDatabase(serverUrl!, 'limits');
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: pairDatabase,
      ADMIN_TOKEN: 'pair-admin-token-of-thirty-two-characters',
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      RATE_LIMITS: 'on',
      ...store,
    };
    pair = [await startProduct(env), await startProduct(env)];
    await Promise.all(pair.map((instance) => instance.waitFor(banner)));
  });
  afterAll(async () => {
    await Promise.all(pair.map((instance) => instance.stop()));
    await dropScratchDatabase(serverUrl!, pairDatabase);
  });

  /** Alternates between the two instances until one answers 429; how many got through before. */
  async function callsUntilRefused(request: (baseUrl: string) => Promise<Response>, most: number) {
    for (let i = 0; i < most; i++) {
      const response = await request(pair[i % 2]!.url);
      await response.arrayBuffer();
      if (response.status === 429) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        return i;
      }
    }
    return Infinity;
  }

  it.each([
    // 10 failures per identifier: twice that would get through if each instance counted alone.
    [
      'wrong admin tokens',
      10,
      () => (baseUrl: string) =>
        fetch(`${baseUrl}/access/v1/workspaces`, {
          method: 'POST',
          headers: {
            authorization: `Bearer wrong-${randomBytes(8).toString('hex')}`,
            'content-type': 'application/json',
          },
          body: '{"name":"X","sandbox":true}',
        }),
    ],
    // 120 reads a minute per link, and its page loads count as reads.
    [
      'reads of one link, API and page',
      120,
      () => {
        const ref = randomBytes(20).toString('base64url');
        let n = 0;
        return (baseUrl: string) =>
          fetch(n++ % 3 ? `${baseUrl}/gov-ar/v1/registrations/${ref}` : `${baseUrl}/reg/${ref}`);
      },
    ],
  ])('%s: refused once both together had the limit', async (_, limit, requests) => {
    const through = await callsUntilRefused(requests(), limit * 2 + 10);
    expect(through).toBeGreaterThanOrEqual(limit);
    // Some refill while the calls run (reads: 2 a second), but nowhere near each instance's own limit.
    expect(through).toBeLessThan(limit * 1.25);
  });
});
