// The entry's gov-ar/registration record (issue 17): where the supplier is in the wizard and what is
// still pending, kept current by the server on each step, the upload and each points-of-sale answer;
// `pending` on registration.completed while a live supplier has no point of sale; a used live link
// that keeps leading to the points of sale (and stays closed to uploads); the company step's prefill.
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import * as progressRoute from '@/app/gov-ar/v1/registrations/[ref]/progress/route';
import { findRegistration } from '@/lib/gov-ar/registration/context';
import { noteLinkOpened } from '@/lib/gov-ar/registration/link-visits';
import { generateKeyAndCsr } from '@/lib/ar/csr';
import { getFollowUpView } from '@/lib/gov-ar/registration/view';
import { call } from '@/tests/support/call';
import { portal } from '@/tests/support/emulator-client';
import { drainAll } from '@/tests/support/outbox';
import {
  completeRegistration,
  getPointsOfSale,
  getRegistration,
  requestCsr,
  startRegistration,
  upload,
  useEmulator,
} from '@/tests/support/registration';
import { createSupplier, getEntry, readyWorkspace } from '@/tests/support/scenario';
import { useWebhookReceiver } from '@/tests/support/use-webhook-receiver';

const emulator = useEmulator();
const receiver = useWebhookReceiver();
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const company = {
  legal_name: 'Panadería Ñandú S.R.L.',
  fiscal_address: 'Av. Corrientes 1234, CABA',
  activity_code: '107121',
  tax_classification: 'exento',
};
const saveProgress = (ref: string, body: unknown) => call(progressRoute.PUT, { method: 'PUT', params: { ref }, body });

async function registrationFor(environment: 'sandbox' | 'live', data: Record<string, unknown> = {}) {
  const workspace = await readyWorkspace({ sandbox: environment === 'sandbox', webhook: { url: receiver().url() } });
  const entry = await createSupplier(workspace.apiKey, data);
  const registration = await startRegistration({
    apiKey: workspace.apiKey,
    ownerId: workspace.owner_id,
    workflowId: workspace.workflow.id,
    entryId: entry.id,
    cuit: entry.data.tax_id.code,
    environment,
  });
  return { ...registration, secret: workspace.workflow.webhook.secret as string };
}

async function recordOf(apiKey: string, entryId: string) {
  const { body } = await getEntry(apiKey, entryId);
  const records = body.meta.filter((m: { src: string; key: string }) => m.src === 'gov-ar' && m.key === 'registration');
  expect(records).toHaveLength(1);
  return records[0];
}

async function completedEvents(secret: string, jobId: string) {
  await drainAll();
  // The receiver hears every workspace of the file: verify only this job's deliveries, with its secret.
  return receiver()
    .deliveries.filter((d) => JSON.parse(d.body).transform_job_id === jobId)
    .map((d) => new Webhook(secret).verify(d.body, d.headers as Record<string, string>) as Record<string, any>)
    .filter((event) => event.event === 'registration.completed');
}

async function eventsOf(secret: string, jobId: string, name: string) {
  await drainAll();
  return receiver()
    .deliveries.filter((d) => JSON.parse(d.body).transform_job_id === jobId)
    .map((d) => new Webhook(secret).verify(d.body, d.headers as Record<string, string>) as Record<string, any>)
    .filter((event) => event.event === name);
}

describe('what the supplier did with the link (issue 31)', () => {
  it('says whether the link was opened, counts the uploads, keeps the newest refusal and raises registration.upload_failed', async () => {
    const registration = await registrationFor('sandbox');
    const { apiKey, entryId, ref } = registration;
    expect((await recordOf(apiKey, entryId)).value).toMatchObject({
      link_opened_at: null,
      upload_attempts: 0,
      last_failed_upload: null,
    });

    await noteLinkOpened((await findRegistration(ref))!);
    const opened = (await recordOf(apiKey, entryId)).value;
    expect(opened).toMatchObject({ step: 'company', link_opened_at: expect.stringMatching(ISO), upload_attempts: 0 });
    // A second visit keeps the first one's time.
    await noteLinkOpened((await findRegistration(ref))!);
    expect((await recordOf(apiKey, entryId)).value.link_opened_at).toBe(opened.link_opened_at);

    const unreadable = await upload(ref, { certificate: 'not a certificate', key: 'not a key' });
    expect(unreadable.status).toBe(422);
    const tooLarge = await upload(ref, { certificate: Buffer.alloc(70 * 1024, 65) });
    expect(tooLarge.status).toBe(413);
    const afterRefusals = (await recordOf(apiKey, entryId)).value;
    expect(afterRefusals).toMatchObject({
      step: 'company',
      pending: ['company', 'certificate', 'service_authorization'],
      upload_attempts: 2,
      last_failed_upload: { code: 'file_too_large', message: tooLarge.body.message, at: expect.stringMatching(ISO) },
    });
    expect(Date.parse(afterRefusals.last_failed_upload.at)).toBeGreaterThanOrEqual(Date.parse(opened.link_opened_at));

    const events = await eventsOf(registration.secret, registration.jobId, 'registration.upload_failed');
    expect(events.map((event) => event.data.registration.last_failed_upload.code).sort()).toEqual(
      [unreadable.body.code, 'file_too_large'].sort(),
    );
    expect(events.map((event) => event.data.registration.upload_attempts).sort()).toEqual([1, 2]);

    await completeRegistration(emulator(), registration);
    expect((await recordOf(apiKey, entryId)).value).toMatchObject({
      step: 'done',
      upload_attempts: 3,
      link_opened_at: opened.link_opened_at,
    });
    // A used link records nothing more.
    await upload(ref, { certificate: 'late' });
    expect((await recordOf(apiKey, entryId)).value.upload_attempts).toBe(3);
  }, 120_000);
});

describe("before the upload, what the authority's portal holds (issue 31)", () => {
  it('shows the certificate made from our request and the alias authorized as soon as the emulator has them', async () => {
    const registration = await registrationFor('sandbox');
    const { apiKey, entryId, ref, cuit } = registration;
    await saveProgress(ref, { step: 'path', company });
    expect((await getRegistration(ref)).body.portal_record).toEqual({
      certificate_issued: false,
      authorized_services: [],
    });

    const { body: csr } = await requestCsr(ref);
    // A certificate under the same alias from another key (an older request, another system's) is not ours.
    const other = await generateKeyAndCsr({ legalName: company.legal_name, alias: csr.alias, cuit });
    await portal(emulator(), 'certificates', { environment: 'sandbox', alias: csr.alias, csr: other.csrPem });
    // Nor is one made from our request in the other environment.
    await portal(emulator(), 'certificates', { environment: 'live', alias: csr.alias, csr: csr.csr });
    expect((await getRegistration(ref)).body.portal_record.certificate_issued).toBe(false);

    const issued = await portal(emulator(), 'certificates', { environment: 'sandbox', alias: csr.alias, csr: csr.csr });
    expect((await getRegistration(ref)).body.portal_record).toEqual({
      certificate_issued: true,
      authorized_services: [],
    });
    expect((await getRegistration(ref)).body.pending).toEqual(['certificate', 'service_authorization']);

    await portal(emulator(), 'authorizations', { environment: 'sandbox', cuit, alias: csr.alias, service: 'wsfe' });
    const view = (await getRegistration(ref)).body;
    expect(view.portal_record).toEqual({ certificate_issued: true, authorized_services: ['wsfe'] });
    // The authorization is done at the authority: only the upload is still owed, in the view and in the record.
    expect(view.pending).toEqual(['certificate']);
    await saveProgress(ref, { step: 'upload', path: 'generate' });
    expect((await recordOf(apiKey, entryId)).value.pending).toEqual(['certificate']);

    // A revoked certificate is no longer one the portal holds for the request.
    await portal(emulator(), 'revocations', { environment: 'sandbox', certificate: issued.body.certificate });
    expect((await getRegistration(ref)).body.portal_record.certificate_issued).toBe(false);
  }, 120_000);

  it('has no record against ARCA, whose portal cannot be asked: the upload is the first proof', async () => {
    const registration = await registrationFor('sandbox');
    await saveProgress(registration.ref, { step: 'path', company });
    await requestCsr(registration.ref);
    const previous = process.env.AR_AUTHORITY;
    process.env.AR_AUTHORITY = 'afip';
    try {
      const view = (await getRegistration(registration.ref)).body;
      expect(view).not.toHaveProperty('portal_record');
      expect(view.pending).toEqual(['certificate', 'service_authorization']);
    } finally {
      process.env.AR_AUTHORITY = previous;
    }
  }, 60_000);
});

describe('the gov-ar/registration meta record', () => {
  it('follows a sandbox supplier from the link to the end, pending only what the server has not seen done', async () => {
    const registration = await registrationFor('sandbox');
    const { apiKey, entryId, ref } = registration;
    expect(await recordOf(apiKey, entryId)).toMatchObject({
      src: 'gov-ar',
      key: 'registration',
      indexed: false,
      shared: false,
      entry_id: entryId,
      value: {
        step: 'company',
        path: null,
        updated_at: expect.stringMatching(ISO),
        pending: ['company', 'certificate', 'service_authorization'],
      },
    });

    expect((await saveProgress(ref, { step: 'path', company })).status).toBe(200);
    expect((await recordOf(apiKey, entryId)).value).toMatchObject({
      step: 'path',
      path: null,
      pending: ['certificate', 'service_authorization'],
    });
    expect((await getRegistration(ref)).body.pending).toEqual(['certificate', 'service_authorization']);

    // Seeing the authorisation screen proves nothing: it stays pending until the authority accepts the upload.
    await saveProgress(ref, { step: 'authorize', path: 'generate' });
    const atAuthorize = (await recordOf(apiKey, entryId)).value;
    expect(atAuthorize).toMatchObject({
      step: 'authorize',
      path: 'generate',
      pending: ['certificate', 'service_authorization'],
    });

    const { body: csr } = await requestCsr(ref);
    const certificate = (
      await portal(emulator(), 'certificates', { environment: 'sandbox', alias: csr.alias, csr: csr.csr })
    ).body.certificate;
    const refused = await upload(ref, { certificate });
    expect(refused.body.code).toBe('service_not_authorized');
    expect((await recordOf(apiKey, entryId)).value).toMatchObject({
      step: 'authorize',
      pending: ['certificate', 'service_authorization'],
    });

    await completeRegistration(emulator(), registration);
    const done = (await recordOf(apiKey, entryId)).value;
    expect(done).toEqual({
      step: 'done',
      path: 'generate',
      updated_at: expect.stringMatching(ISO),
      pending: [],
      link_opened_at: null,
      // The refusal above, then the accepted upload.
      upload_attempts: 2,
      last_failed_upload: {
        code: 'service_not_authorized',
        message: refused.body.message,
        at: expect.stringMatching(ISO),
      },
    });
    const [event] = await completedEvents(registration.secret, registration.jobId);
    expect(event!.data.status).toBe('Registered');
    expect(event!.data).not.toHaveProperty('pending');
    // Done: the sandbox link is simply used.
    expect(await getFollowUpView((await findRegistration(ref))!)).toBeUndefined();
  }, 120_000);

  it('keeps point_of_sale pending for a live supplier until the authority reports a usable one, and says so on registration.completed', async () => {
    const registration = await registrationFor('live');
    const { apiKey, entryId, ref, cuit } = registration;
    expect((await recordOf(apiKey, entryId)).value.pending).toEqual([
      'company',
      'certificate',
      'service_authorization',
      'point_of_sale',
    ]);
    await saveProgress(ref, { step: 'upload', company, path: 'generate' });

    const certificate = await completeRegistration(emulator(), { ref, cuit, environment: 'live' });
    expect((await recordOf(apiKey, entryId)).value).toMatchObject({
      step: 'points_of_sale',
      pending: ['point_of_sale'],
    });
    const [event] = await completedEvents(registration.secret, registration.jobId);
    expect(event!.data).toMatchObject({
      status: 'Registered',
      pending: ['point_of_sale'],
      certificate: { serial: certificate.serial },
    });

    // The used link still leads to the points of sale; everything that would change the registration is closed.
    const followUp = await getFollowUpView((await findRegistration(ref))!);
    expect(followUp).toMatchObject({
      step: 'points_of_sale',
      pending: ['point_of_sale'],
      environment: 'live',
      completed: { status: 'Registered', certificate: { serial: certificate.serial, alias: certificate.alias } },
      progress: { company: { tax_classification: 'exento' } },
    });
    for (const closed of [
      await upload(ref, { certificate: 'x' }),
      await requestCsr(ref),
      await saveProgress(ref, { step: 'done' }),
      await getRegistration(ref),
    ]) {
      expect(closed.status).toBe(409);
      expect(closed.body.code).toBe('link_used');
    }

    // Asked again with none there: still pending. Then one is added at the portal (a blocked one does not count).
    expect((await getPointsOfSale(ref)).body.list).toEqual([]);
    expect((await recordOf(apiKey, entryId)).value.pending).toEqual(['point_of_sale']);
    expect((await portal(emulator(), 'points-of-sale', { environment: 'live', cuit, number: 3 })).status).toBe(201);
    expect((await getPointsOfSale(ref)).body.list).toMatchObject([{ number: 3, blocked: false }]);
    expect((await recordOf(apiKey, entryId)).value).toMatchObject({ step: 'points_of_sale', pending: [] });
    expect(await getFollowUpView((await findRegistration(ref))!)).toBeUndefined();
  });

  it('records no pending point of sale on registration.completed when the live supplier already has one', async () => {
    const registration = await registrationFor('live');
    await portal(emulator(), 'points-of-sale', { environment: 'live', cuit: registration.cuit, number: 7 });
    await completeRegistration(emulator(), { ...registration, environment: 'live' });
    expect((await recordOf(registration.apiKey, registration.entryId)).value.pending).toEqual([]);
    const [event] = await completedEvents(registration.secret, registration.jobId);
    expect(event!.data).not.toHaveProperty('pending');
  });
});

describe("the company step's starting values", () => {
  it('come from the GOBL party on the entry: name, first usable address and email', async () => {
    const { ref } = await registrationFor('sandbox', {
      name: 'Ferretería El Tornillo S.R.L.',
      addresses: [{ street: 'Av. Belgrano', num: '890', locality: 'Córdoba', code: 'X5000', region: 'Córdoba' }],
      emails: [{ addr: 'not an email' }, { addr: 'compras@tornillo.com.ar' }],
    });
    expect((await getRegistration(ref)).body.prefill).toEqual({
      legal_name: 'Ferretería El Tornillo S.R.L.',
      fiscal_address: 'Av. Belgrano 890, Córdoba (X5000), Córdoba',
      email: 'compras@tornillo.com.ar',
    });
  });

  it('accept IVA Exento and an optional email, and refuse a malformed one on its field', async () => {
    const { ref } = await registrationFor('sandbox');
    const saved = await saveProgress(ref, { step: 'path', company: { ...company, email: 'pagos@nandu.com.ar' } });
    expect(saved.body.progress.company).toEqual({ ...company, email: 'pagos@nandu.com.ar' });
    const refused = await saveProgress(ref, { step: 'path', company: { ...company, email: 'pagos at nandu' } });
    expect(refused.status).toBe(422);
    expect(refused.body.fields).toHaveProperty(['company.email']);
  });
});
