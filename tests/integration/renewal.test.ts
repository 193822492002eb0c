// Renewal end to end: a registration job on a Registered entry issues a new link, the wizard says it
// is a renewal with the current certificate's expiry, the old certificate keeps serving the supplier's
// authority calls until a new one fully validates, and then stays as sealed history, never returned.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { getDb } from '@/lib/db/client';
import { credentials, secrets } from '@/lib/db/schema';
import { getActiveCredential, openCredential } from '@/lib/gov-ar/credentials';
import { authorityTicket } from '@/lib/authority/tickets';
import { createSupplier, getEntry, getJob, readyWorkspace } from '@/tests/support/scenario';
import { drainAll } from '@/tests/support/outbox';
import { makeCsr, pkcs8Pem, testKey } from '@/tests/support/pki';
import {
  authorizeService,
  getRegistration,
  issueFromCsr,
  requestCsr,
  startRegistration,
  upload,
  useEmulator,
} from '@/tests/support/registration';
import { startWebhookReceiver } from '@/tests/support/webhook-receiver';

const emulator = useEmulator();
const pemBody = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

/** The supplier's authority login, as every later call (points of sale, invoices) makes it. */
async function loginWithActiveCertificate(entryId: string) {
  const active = (await getActiveCredential(entryId))!;
  await authorityTicket(await openCredential(active), 'wsfe');
  return active.serial;
}

describe('renewing a Registered supplier', () => {
  it('keeps the old certificate working until the new one validates, then keeps it only as sealed history', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const workspace = await readyWorkspace({ webhook: { url: receiver.url() } });
      const entry = await createSupplier(workspace.apiKey);
      const cuit = entry.data.tax_id.code as string;
      const start = () =>
        startRegistration({
          apiKey: workspace.apiKey,
          ownerId: workspace.owner_id,
          workflowId: workspace.workflow.id,
          entryId: entry.id,
          cuit,
          environment: 'sandbox',
        });

      const first = await start();
      const { body: csr } = await requestCsr(first.ref);
      await authorizeService(emulator(), 'sandbox', cuit, csr.alias);
      const registered = await upload(first.ref, {
        certificate: await issueFromCsr(emulator(), 'sandbox', csr.alias, csr.csr),
      });
      expect(registered.status).toBe(200);
      const oldSerial = registered.body.certificate.serial;

      const renewal = await start();
      expect(renewal.ref).not.toBe(first.ref);
      const view = (await getRegistration(renewal.ref)).body;
      expect(view).toMatchObject({
        renewal: true,
        current_certificate: { serial: oldSerial, not_after: registered.body.certificate.not_after },
      });
      expect((await getEntry(workspace.apiKey, entry.id)).body.status).toBe('Registered');
      expect(await loginWithActiveCertificate(entry.id)).toBe(oldSerial);

      // A new certificate that does not validate (its web service not authorised) changes nothing.
      const ownKey = testKey('rsa', { slot: 'renewal' });
      const alias = 'renewal-unauthorised';
      const unauthorised = await issueFromCsr(emulator(), 'sandbox', alias, makeCsr({ key: ownKey, cuit, alias }).pem);
      const refused = await upload(renewal.ref, { certificate: unauthorised, key: pkcs8Pem(ownKey) });
      expect(refused.body.code).toBe('service_not_authorized');
      expect(await loginWithActiveCertificate(entry.id)).toBe(oldSerial);
      expect((await getRegistration(renewal.ref)).body.current_certificate.serial).toBe(oldSerial);

      const { body: newCsr } = await requestCsr(renewal.ref);
      await authorizeService(emulator(), 'sandbox', cuit, newCsr.alias);
      const renewed = await upload(renewal.ref, {
        certificate: await issueFromCsr(emulator(), 'sandbox', newCsr.alias, newCsr.csr),
      });
      expect(renewed.status).toBe(200);
      const newSerial = renewed.body.certificate.serial;
      expect(newSerial).not.toBe(oldSerial);
      expect(await loginWithActiveCertificate(entry.id)).toBe(newSerial);

      const { body: stored } = await getEntry(workspace.apiKey, entry.id);
      expect(stored.status).toBe('Registered');
      expect(stored.meta.filter((m: { key: string }) => m.key === 'certificate')).toMatchObject([
        { value: { serial: newSerial, state: 'valid' } },
      ]);
      expect(JSON.stringify(stored)).not.toContain(oldSerial);
      expect((await getJob(workspace.apiKey, renewal.jobId)).body.status).toBe('completed');

      const db = await getDb();
      const [old] = await db
        .select()
        .from(credentials)
        .where(and(eq(credentials.entryId, entry.id), eq(credentials.serial, oldSerial)));
      expect(old).toMatchObject({ status: 'replaced', replacedAt: expect.any(Date) });
      // Kept encrypted: it still opens, and its row holds no part of it in the clear.
      const oldKeyPem = (await openCredential(old!)).privateKeyPem;
      const [oldKey] = await db.select().from(secrets).where(eq(secrets.id, old!.keySecretId));
      expect(oldKeyPem).toMatch(/PRIVATE KEY/);
      expect(oldKey!.sealed).not.toContain(pemBody(oldKeyPem).slice(0, 40));

      await drainAll();
      const completed = receiver.deliveries
        .map(
          (d) =>
            new Webhook(workspace.workflow.webhook.secret).verify(
              d.body,
              d.headers as Record<string, string>,
            ) as Record<string, any>,
        )
        .filter((e) => e.event === 'registration.completed');
      expect(completed.map((e) => [e.transform_job_id, e.data.certificate.serial])).toEqual([
        [first.jobId, oldSerial],
        [renewal.jobId, newSerial],
      ]);
      expect(JSON.stringify(completed)).not.toMatch(/PRIVATE KEY|password/i);
    } finally {
      await receiver.close();
    }
  });
});
