// The daily expiry sweep, with a clock the test sets: the entry's certificate record turns
// `expiring`, one `registration.certificate_expiring` per certificate and threshold (30, 7, 1 days),
// and a certificate that has run out marks the entry `Expired` until a renewal replaces it.
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { and, eq, sql } from 'drizzle-orm';
import { sweepCertificateExpiry, SWEEP_EVENTS_PER_SECOND } from '@/lib/gov-ar/expiry-sweep';
import { readDueCertificates } from '@/lib/gov-ar/queries';
import { getDb } from '@/lib/db/client';
import { credentials, webhookDeliveries } from '@/lib/db/schema';
import { captureQueries } from '@/lib/db/query-log';
import { claimTask } from '@/lib/transform/queries';
import { drainWebhookDeliveries } from '@/lib/webhooks/delivery';
import { createSupplier, getEntry, readyWorkspace } from '@/tests/support/scenario';
import { completeRegistration, getRegistration, startRegistration, useEmulator } from '@/tests/support/registration';
import { useWebhookReceiver } from '@/tests/support/use-webhook-receiver';
import { seedScale } from '@/tests/support/scale-seed';

const emulator = useEmulator();
const DAY = 86_400_000;

const receiverOf = useWebhookReceiver();

/** A sandbox supplier registered through the link, on a workflow whose webhook posts to the receiverOf(). */
async function registeredSupplier(options: { webhook?: boolean } = {}) {
  const workspace = await readyWorkspace(options.webhook === false ? {} : { webhook: { url: receiverOf().url() } });
  const entry = await createSupplier(workspace.apiKey);
  const registration = await startRegistration({
    apiKey: workspace.apiKey,
    ownerId: workspace.owner_id,
    workflowId: workspace.workflow.id,
    entryId: entry.id,
    cuit: entry.data.tax_id.code,
    environment: 'sandbox',
  });
  const certificate = await registerThrough(registration.ref, registration.cuit);
  await drainWebhookDeliveries();
  receiverOf().deliveries.length = 0;
  return {
    ...registration,
    secret: workspace.workflow.webhook?.secret as string,
    certificate,
    notAfter: new Date(certificate.not_after),
  };
}

const credentialStatus = async (serial: string) => {
  const db = await getDb();
  const [row] = await db.select({ status: credentials.status }).from(credentials).where(eq(credentials.serial, serial));
  return row?.status;
};

const registerThrough = (ref: string, cuit: string) => completeRegistration(emulator(), { ref, cuit });

async function sweepAndSend(now: Date) {
  const result = await sweepCertificateExpiry(now);
  await drainWebhookDeliveries();
  return result;
}

const certificateRecord = async (apiKey: string, entryId: string) =>
  (await getEntry(apiKey, entryId)).body.meta.find((m: { key: string }) => m.key === 'certificate');
/** The events this supplier's workflow sent (the sweep covers every workspace; other tests' suppliers too). */
const events = (supplier: { secret: string; entryId: string }) =>
  receiverOf()
    .deliveries.filter((d) => JSON.parse(d.body).silo_entry_id === supplier.entryId)
    .map(
      (d) => new Webhook(supplier.secret).verify(d.body, d.headers as Record<string, string>) as Record<string, any>,
    );

describe('the certificate record on the entry', () => {
  it('shows the certificate in use, valid, once the supplier is registered', async () => {
    const supplier = await registeredSupplier();
    expect(await certificateRecord(supplier.apiKey, supplier.entryId)).toMatchObject({
      src: 'gov-ar',
      key: 'certificate',
      value: {
        alias: supplier.certificate.alias,
        serial: supplier.certificate.serial,
        not_after: supplier.certificate.not_after,
        state: 'valid',
      },
    });
    await sweepAndSend(new Date());
    expect(events(supplier)).toHaveLength(0);
  });
});

describe('registration.certificate_expiring', () => {
  it('warns once at 30, 7 and 1 days before expiry, however often the sweep runs', async () => {
    const supplier = await registeredSupplier();
    const at = (daysBefore: number) => new Date(supplier.notAfter.getTime() - daysBefore * DAY);

    await sweepAndSend(at(31));
    expect(events(supplier)).toHaveLength(0);
    for (const [i, [daysBefore, threshold]] of (
      [
        [29.5, 30],
        [6.5, 7],
        [0.5, 1],
      ] as const
    ).entries()) {
      await sweepAndSend(at(daysBefore));
      await sweepAndSend(at(daysBefore - 0.1));
      expect(events(supplier)).toHaveLength(i + 1);
      const [event] = events(supplier).slice(-1);
      expect(event).toMatchObject({
        event: 'registration.certificate_expiring',
        owner_id: supplier.ownerId,
        silo_entry_id: supplier.entryId,
        siloEntryId: supplier.entryId,
        transform_job_id: supplier.jobId,
        data: {
          threshold_days: threshold,
          days_left: Math.floor(daysBefore),
          certificate: { serial: supplier.certificate.serial },
        },
      });
      expect(JSON.stringify(event)).not.toMatch(/PRIVATE KEY/);
    }
    expect((await certificateRecord(supplier.apiKey, supplier.entryId)).value.state).toBe('expiring');
    expect((await getEntry(supplier.apiKey, supplier.entryId)).body.status).toBe('Registered');
  });

  it('sends one warning, for the nearest threshold, to a certificate first seen past several', async () => {
    const supplier = await registeredSupplier();
    await sweepAndSend(new Date(supplier.notAfter.getTime() - 5 * DAY));
    await sweepAndSend(new Date(supplier.notAfter.getTime() - 4 * DAY));
    expect(events(supplier).map((e) => e.data.threshold_days)).toEqual([7]);
  });

  it('marks the certificate without a webhook to tell', async () => {
    const supplier = await registeredSupplier({ webhook: false });
    expect((await sweepAndSend(new Date(supplier.notAfter.getTime() - 10 * DAY))).warned).toBeGreaterThanOrEqual(1);
    expect((await certificateRecord(supplier.apiKey, supplier.entryId)).value.state).toBe('expiring');
    expect(receiverOf().deliveries.filter((d) => JSON.parse(d.body).silo_entry_id === supplier.entryId)).toHaveLength(
      0,
    );
  });
});

describe('an expired certificate', () => {
  it('marks the entry Expired, says so once, and a renewal makes it Registered again', async () => {
    const supplier = await registeredSupplier();
    const after = new Date(supplier.notAfter.getTime() + 3600_000);
    expect((await sweepAndSend(after)).expired).toBeGreaterThanOrEqual(1);
    await sweepAndSend(after);

    const { body: entry } = await getEntry(supplier.apiKey, supplier.entryId);
    expect(entry.status).toBe('Expired');
    // Marked as run out, the certificate is out of the sweep's range for good.
    expect(await credentialStatus(supplier.certificate.serial)).toBe('expired');
    const due = await readDueCertificates(new Date(after.getTime() + 365 * DAY), 10_000);
    expect(due.map((d) => d.credential.serial)).not.toContain(supplier.certificate.serial);
    expect(entry.meta.find((m: { key: string }) => m.key === 'certificate').value.state).toBe('expired');
    expect(events(supplier).map((e) => e.event)).toEqual(['registration.certificate_expired']);
    expect(events(supplier)[0]).toMatchObject({
      data: { status: 'Expired', certificate: { serial: supplier.certificate.serial } },
    });

    const renewal = await startRegistration({ ...supplier });
    expect((await getRegistration(renewal.ref)).body).toMatchObject({
      renewal: true,
      current_certificate: { serial: supplier.certificate.serial },
    });
    expect((await getEntry(supplier.apiKey, supplier.entryId)).body.status).toBe('Expired');
    const renewed = await registerThrough(renewal.ref, supplier.cuit);
    const { body: after2 } = await getEntry(supplier.apiKey, supplier.entryId);
    expect(after2.status).toBe('Registered');
    expect(after2.meta.find((m: { key: string }) => m.key === 'certificate').value).toMatchObject({
      serial: renewed.serial,
      state: 'valid',
    });
    expect(await credentialStatus(supplier.certificate.serial)).toBe('replaced');
  });
});

describe('the daily schedule', () => {
  it('lets one caller a day run the sweep, whichever instance it is', async () => {
    const now = new Date('2031-05-01T03:00:00.000Z');
    expect(await claimTask('test-sweep', DAY, now)).toBe(true);
    expect(await claimTask('test-sweep', DAY, now)).toBe(false);
    expect(await claimTask('test-sweep', DAY, new Date(now.getTime() + 23 * 3600_000))).toBe(false);
    expect(await claimTask('test-sweep', DAY, new Date(now.getTime() + DAY))).toBe(true);
  });
});

// Last in the file: these certificates run out in ten days, and a sweep of a later day would count them.
describe('a sweep that finds many certificates', () => {
  it('reads them a page at a time and spreads the events it raises', async () => {
    const workspace = await readyWorkspace({ webhook: { url: receiverOf().url() } });
    const db = await getDb();
    await seedScale((statement) => db.execute(sql.raw(statement)), {
      ownerId: workspace.owner_id,
      workflowId: workspace.workflow.id,
      suppliers: 30,
    });
    await db
      .update(credentials)
      .set({ notAfter: sql`now() + interval '10 days'` })
      .where(eq(credentials.ownerId, workspace.owner_id));

    const { result, queries } = await captureQueries(() => sweepCertificateExpiry(new Date(), { pageSize: 7 }));
    expect(result.warned).toBeGreaterThanOrEqual(30);
    const pages = queries.filter((query) => /from "credentials"/.test(query.sql) && /\blimit\b/.test(query.sql));
    expect(pages).toHaveLength(Math.floor(result.examined / 7) + 1);

    const deliveries = await db
      .select({ dueAt: webhookDeliveries.nextAttemptAt })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.ownerId, workspace.owner_id),
          eq(webhookDeliveries.event, 'registration.certificate_expiring'),
        ),
      );
    expect(deliveries).toHaveLength(30);
    // Due SWEEP_EVENTS_PER_SECOND a second, from when the sweep began.
    const first = Math.min(...deliveries.map((d) => d.dueAt.getTime()));
    const perSecond = new Map<number, number>();
    for (const { dueAt } of deliveries) {
      const second = Math.floor((dueAt.getTime() - first) / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    }
    expect([...perSecond.entries()].sort(([a], [b]) => a - b)).toEqual([
      [0, 10],
      [1, 10],
      [2, 10],
    ]);
    expect(SWEEP_EVENTS_PER_SECOND).toBe(10);

    // The next day's sweep reads them again (they are still due) but writes nothing: nothing is new.
    const again = await captureQueries(() => sweepCertificateExpiry(new Date(Date.now() + DAY), { pageSize: 7 }));
    expect(again.result).toMatchObject({ warned: 0, expired: 0 });
    expect(again.queries.filter((query) => !/^select/i.test(query.sql))).toEqual([]);
  });
});
