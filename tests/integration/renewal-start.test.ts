// A renewal starts from what the first registration left (issue 17, point 2): the company data the
// supplier confirmed, and the certificate's alias, which our new request keeps so that the portal adds a
// certificate to it and its authorizations carry over; the wizard then asks only for a missing service.
import { describe, expect, it } from 'vitest';
import forge from 'node-forge';
import * as progressRoute from '@/app/gov-ar/v1/registrations/[ref]/progress/route';
import { makeCsr, pkcs8Pem, testKey } from '@/tests/support/pki';
import { call } from '@/tests/support/call';
import {
  authorizeService,
  getRegistration,
  issueFromCsr,
  requestCsr,
  startRegistration,
  upload,
  useEmulator,
} from '@/tests/support/registration';
import { createRegistrationWorkflow, createSupplier, readyWorkspace } from '@/tests/support/scenario';

const emulator = useEmulator();
const saveProgress = (ref: string, body: unknown) => call(progressRoute.PUT, { method: 'PUT', params: { ref }, body });

const company = {
  legal_name: 'Panadería Ñandú S.R.L.',
  fiscal_address: 'Av. Corrientes 1234, CABA',
  activity_code: '107121',
  tax_classification: 'responsable_inscripto',
};

async function registeredSupplier() {
  const workspace = await readyWorkspace();
  const entry = await createSupplier(workspace.apiKey);
  const cuit = entry.data.tax_id.code as string;
  const start = (workflowId = workspace.workflow.id) =>
    startRegistration({
      apiKey: workspace.apiKey,
      ownerId: workspace.owner_id,
      workflowId,
      entryId: entry.id,
      cuit,
      environment: 'sandbox',
    });
  return { workspace, entry, cuit, start };
}

describe('a renewal starts from the last registration', () => {
  it('offers the confirmed company data, keeps the alias and knows which services that alias is authorized for', async () => {
    const { cuit, start } = await registeredSupplier();
    const first = await start();
    expect((await saveProgress(first.ref, { step: 'path', company, path: 'generate' })).status).toBe(200);
    // A first registration has nothing to start from.
    const firstView = (await getRegistration(first.ref)).body;
    expect(firstView).toMatchObject({ renewal: false, authorized_services: [] });
    const { body: csr } = await requestCsr(first.ref);
    await authorizeService(emulator(), 'sandbox', cuit, csr.alias);
    expect(
      (await upload(first.ref, { certificate: await issueFromCsr(emulator(), 'sandbox', csr.alias, csr.csr) })).status,
    ).toBe(200);

    const renewal = await start();
    const view = (await getRegistration(renewal.ref)).body;
    expect(view).toMatchObject({
      renewal: true,
      progress: { step: 'company', company },
      authorized_services: ['wsfe'],
      current_certificate: { alias: csr.alias, services: ['wsfe'] },
    });

    // What the supplier saves wins over what was offered.
    const corrected = { ...company, fiscal_address: 'Av. de Mayo 500, CABA' };
    await saveProgress(renewal.ref, { step: 'path', company: corrected });
    expect((await getRegistration(renewal.ref)).body.progress.company).toEqual(corrected);

    // The same alias, so the authorization made for it still holds: the new certificate validates at once.
    const { body: renewed } = await requestCsr(renewal.ref);
    expect(renewed.alias).toBe(csr.alias);
    expect(renewed.csr).not.toBe(csr.csr);
    const subject = forge.pki.certificationRequestFromPem(renewed.csr).subject;
    expect(subject.getField('CN')?.value).toBe(csr.alias);
    const uploaded = await upload(renewal.ref, {
      certificate: await issueFromCsr(emulator(), 'sandbox', renewed.alias, renewed.csr),
    });
    expect(uploaded.status).toBe(200);
  });

  it('keeps the alias of a certificate the supplier brought, and asks only for a service it lacks', async () => {
    const { workspace, cuit, start } = await registeredSupplier();
    const first = await start();
    const key = testKey('rsa', { slot: 'renewal-own' });
    const alias = 'caja-mostrador';
    await authorizeService(emulator(), 'sandbox', cuit, alias);
    const own = await issueFromCsr(emulator(), 'sandbox', alias, makeCsr({ key, cuit, alias }).pem);
    expect((await upload(first.ref, { certificate: own, key: pkcs8Pem(key) })).status).toBe(200);

    // The integrator now also issues tourism invoices (T → wsct): the alias has wsfe only.
    const touristic = await createRegistrationWorkflow(workspace.apiKey, { invoice_types: ['A', 'B', 'C', 'T'] });
    const renewal = await start(touristic.id);
    const view = (await getRegistration(renewal.ref)).body;
    expect(view.services).toEqual(['wsfe', 'wsct']);
    expect(view.authorized_services).toEqual(['wsfe']);
    expect(view.progress.company).toBeUndefined();
    expect((await requestCsr(renewal.ref)).body.alias).toBe(alias);
  });
});
