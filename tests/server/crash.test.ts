// A server killed (SIGKILL) while uploads are being accepted and webhooks are in flight, then
// started again on the same data: every accepted registration ends Registered, every link that was
// not used still works, and every event arrives at least once, always under one webhook-id.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '@/lib/ar/cuit';
import { encryptPkcs8, makeCsr, testKey } from '@/tests/support/pki';
import { productClient } from '@/tests/support/product-client';
import { startProduct, type RunningServer } from '@/tests/support/server-process';
import { createScratchDatabase, dropScratchDatabase } from '@/tests/support/scratch-database';
import { startWebhookReceiver, type WebhookReceiver } from '@/tests/support/webhook-receiver';

const SUPPLIERS = 8;
const serverUrl = process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-onboarding-crash-'));
const env = () => ({
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  ADMIN_TOKEN: 'crash-admin',
  WEBHOOK_ALLOW_PRIVATE: '1',
  RATE_LIMITS: 'off',
});
let databaseUrl: string | undefined;
let server: RunningServer | undefined;
let receiver: WebhookReceiver;

beforeAll(async () => {
  if (serverUrl) databaseUrl = await createScratchDatabase(serverUrl, 'crash');
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await server?.stop();
  await receiver.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl && serverUrl) await dropScratchDatabase(serverUrl, databaseUrl);
});

async function start(): Promise<RunningServer> {
  const started = await startProduct(env());
  await started.waitFor(/is up on/);
  return started;
}

async function eventually<T>(what: string, probe: () => Promise<T | undefined>, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe(`a crash mid-registration (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('loses no registration and no webhook, and duplicates none beyond a redelivery with the same id', async () => {
    server = await start();
    let client = productClient(server.url, 'crash-admin');
    const { key, workflow } = await client.workspace(true, { webhook: { url: receiver.url() } });
    const supplierKey = testKey('rsa', { slot: 'crash' });
    const suppliers = [];
    for (let i = 0, n = 0; i < SUPPLIERS; i++) {
      let cuit: string | undefined;
      while (!cuit) cuit = withCheckDigit(`30${72_000_000 + ++n * 13}`);
      const link = await client.supplierWithLink(key, workflow.id, cuit);
      const certificate = await client.issueAtPortal(
        'sandbox',
        cuit,
        `crash${i}`,
        makeCsr({ key: supplierKey, cuit, alias: `crash${i}` }).pem,
      );
      suppliers.push({ ...link, cuit, certificate });
    }
    const parts = (certificate: string) => ({
      certificate,
      key: encryptPkcs8(supplierKey, 'clave'),
      password: 'clave',
    });

    // Slow answers keep webhook deliveries in flight when the server dies.
    receiver.reply({ status: 200, delayMs: 400 });
    const uploads = suppliers.map((s) => client.uploadCertificate(s.ref, parts(s.certificate)).catch(() => undefined));
    await Promise.race([
      Promise.any(uploads.map((u) => u.then((a) => a ?? Promise.reject()))),
      new Promise((r) => setTimeout(r, 1500)),
    ]);
    await server.stop('SIGKILL');
    const answered = (await Promise.all(uploads)).filter((answer) => answer?.status === 200).length;
    const deliveredBeforeCrash = receiver.deliveries.length;

    server = await start();
    client = productClient(server.url, 'crash-admin');
    receiver.reply({ status: 200 });
    for (const supplier of suppliers) {
      const entry = async () => (await client.api('GET', `/silo/v1/entries/${supplier.entryId}`, undefined, key)).body;
      const accepted = (await entry()).meta.some((m: { key: string }) => m.key === 'certificate');
      // An upload the dead server had not accepted left the link as it was: the supplier tries again.
      if (!accepted)
        expect((await client.uploadCertificate(supplier.ref, parts(supplier.certificate))).status).toBe(200);
      await eventually(`entry ${supplier.entryId} Registered`, async () =>
        (await entry()).status === 'Registered' ? true : undefined,
      );
    }

    const byEvent = await eventually('every event delivered', async () => {
      const events = new Map<string, Set<string>>();
      for (const delivery of receiver.deliveries) {
        const body = JSON.parse(delivery.body);
        expect(delivery.headers['webhook-id']).toBe(body.id);
        const name = `${body.transform_job_id} ${body.event}`;
        events.set(name, (events.get(name) ?? new Set()).add(body.id));
      }
      return events.size === SUPPLIERS * 2 ? events : undefined;
    });
    for (const [name, ids] of byEvent) expect(ids.size, name).toBe(1);
    console.info(
      `[crash] ${answered}/${SUPPLIERS} uploads answered before the kill; ${deliveredBeforeCrash} webhooks had arrived; ${receiver.deliveries.length} deliveries in all for ${byEvent.size} events`,
    );
    // The entry turns Registered in the last step; the job is marked completed just after (or, when the
    // crash fell in between, once the step's lease runs out and the restarted runner repeats it).
    for (const supplier of suppliers) {
      await eventually(`job ${supplier.jobId} completed`, async () =>
        (await client.api('GET', `/transform/v1/jobs/${supplier.jobId}`, undefined, key)).body.status === 'completed'
          ? true
          : undefined,
      );
    }
  }, 240_000);
});
