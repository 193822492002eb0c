// The wizard's server side: progress saved per link (merge, resume, validation), the confirmed legal
// name in the generated request, the company data recorded on the entry, the "already registered"
// summary, and the origins allowed to embed the wizard.
import { describe, expect, it } from 'vitest';
import forge from 'node-forge';
import * as progressRoute from '@/app/gov-ar/v1/registrations/[ref]/progress/route';
import { allowedOriginsFor } from '@/lib/gov-ar/registration/link';
import { contentSecurityPolicy } from '@/lib/server/security-headers';
import { getRegisteredSummary } from '@/lib/gov-ar/registration/summary';
import { newRef } from '@/lib/ids';
import { call } from '@/tests/support/call';
import {
  authorizeService,
  getRegistration,
  issueFromCsr,
  openRegistration,
  requestCsr,
  startRegistration,
  upload,
  useEmulator,
} from '@/tests/support/registration';
import { createRegistrationWorkflow, createSupplier, getEntry, readyWorkspace } from '@/tests/support/scenario';

const emulator = useEmulator();
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const saveProgress = (ref: string, body: unknown) => call(progressRoute.PUT, { method: 'PUT', params: { ref }, body });

const company = {
  legal_name: 'Panadería Ñandú S.R.L.',
  fiscal_address: 'Av. Corrientes 1234, CABA',
  activity_code: '107121',
  tax_classification: 'responsable_inscripto',
};

/** Registers the link with the request we generate; returns the upload's answer. */
async function registerWithGeneratedKey(ref: string, cuit: string) {
  const { body: csr } = await requestCsr(ref);
  await authorizeService(emulator(), 'sandbox', cuit, csr.alias);
  const certificate = await issueFromCsr(emulator(), 'sandbox', csr.alias, csr.csr);
  const uploaded = await upload(ref, { certificate });
  expect(uploaded.status).toBe(200);
  return uploaded.body;
}

const csrOrganization = (pem: string) => {
  const field = forge.pki.certificationRequestFromPem(pem).subject.getField('O') as { value: string };
  return forge.util.decodeUtf8(field.value);
};

describe('PUT /gov-ar/v1/registrations/{ref}/progress', () => {
  it('starts at the company step, saves, merges and is what the link shows on any device', async () => {
    const { ref } = await openRegistration();
    const fresh = await getRegistration(ref);
    expect(fresh.body).toMatchObject({ step: 'company', progress: { step: 'company' }, allowed_origins: [] });

    const saved = await saveProgress(ref, {
      step: 'path',
      company: { ...company, legal_name: `  ${company.legal_name} ` },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ progress: { step: 'path', company, updated_at: expect.stringMatching(ISO) } });

    // A save that leaves company or path out keeps what was stored.
    expect((await saveProgress(ref, { step: 'portal', path: 'generate' })).body.progress).toMatchObject({
      step: 'portal',
      company,
      path: 'generate',
    });
    const later = await saveProgress(ref, { step: 'upload' });
    expect(later.body.progress).toEqual({
      step: 'upload',
      company,
      path: 'generate',
      updated_at: expect.stringMatching(ISO),
    });

    const resumed = await getRegistration(ref);
    expect(resumed.body.step).toBe('upload');
    expect(resumed.body.progress).toEqual(later.body.progress);

    // Going back and correcting replaces the company data as a whole.
    const corrected = { ...company, tax_classification: 'monotributista' };
    expect((await saveProgress(ref, { step: 'company', company: corrected })).body.progress).toMatchObject({
      step: 'company',
      company: corrected,
      path: 'generate',
    });
  });

  it.each([
    ['no step', {}, 'step'],
    ['an unknown step', { step: 'payment' }, 'step'],
    ['an unknown field', { step: 'company', colour: 'red' }, 'colour'],
    ['an unknown path', { step: 'path', path: 'buy' }, 'path'],
    [
      'a five-digit activity code',
      { step: 'company', company: { ...company, activity_code: '10712' } },
      'company.activity_code',
    ],
    [
      'a lettered activity code',
      { step: 'company', company: { ...company, activity_code: 'abcdef' } },
      'company.activity_code',
    ],
    ['a blank legal name', { step: 'company', company: { ...company, legal_name: '   ' } }, 'company.legal_name'],
    [
      'a legal name too long',
      { step: 'company', company: { ...company, legal_name: 'x'.repeat(301) } },
      'company.legal_name',
    ],
    [
      'a too short fiscal address',
      { step: 'company', company: { ...company, fiscal_address: 'ab' } },
      'company.fiscal_address',
    ],
    [
      'an unknown tax classification',
      { step: 'company', company: { ...company, tax_classification: 'autonomo' } },
      'company.tax_classification',
    ],
    [
      'no tax classification',
      { step: 'company', company: { ...company, tax_classification: undefined } },
      'company.tax_classification',
    ],
    [
      'a CUIT in the company data (read-only)',
      { step: 'company', company: { ...company, cuit: '30712345671' } },
      'company.cuit',
    ],
  ])('answers 422 naming the field for %s', async (_case, body, field) => {
    const { ref } = await openRegistration();
    const { status, body: error } = await saveProgress(ref, body);
    expect(status).toBe(422);
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toHaveProperty([field], expect.any(String));
    expect((await getRegistration(ref)).body.progress).toEqual({ step: 'company' });
  });

  it('is link_not_found for an unknown or malformed ref, and link_used once registered', async () => {
    for (const ref of [newRef(), 'short']) {
      const unknown = await saveProgress(ref, { step: 'path' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe('link_not_found');
    }
    const { ref, cuit } = await openRegistration();
    await registerWithGeneratedKey(ref, cuit);
    const used = await saveProgress(ref, { step: 'done' });
    expect(used.status).toBe(409);
    expect(used.body.code).toBe('link_used');
  });
});

describe('the confirmed company data', () => {
  it('names the generated request (O=) after the corrected legal name', async () => {
    const { ref } = await openRegistration({ name: 'Nombre Viejo S.A.' });
    await saveProgress(ref, {
      step: 'path',
      company: { ...company, legal_name: 'Nombre Corregido S.R.L.' },
      path: 'generate',
    });
    const { body: csr } = await requestCsr(ref);
    expect(csrOrganization(csr.csr)).toBe('Nombre Corregido S.R.L.');
  });

  it("leaves the entry's name in the request when nothing was confirmed", async () => {
    const { ref } = await openRegistration({ name: 'Distribuidora Añil S.A.' });
    expect(csrOrganization((await requestCsr(ref)).body.csr)).toBe('Distribuidora Añil S.A.');
  });

  it('is recorded on the entry as a gov-ar company meta record when the upload succeeds, not before', async () => {
    const registration = await openRegistration();
    await saveProgress(registration.ref, { step: 'upload', company, path: 'generate' });
    expect((await upload(registration.ref, { certificate: 'not a certificate' })).status).toBe(422);
    const before = await getEntry(registration.apiKey, registration.entryId);
    expect(before.body.meta.map((m: { key: string }) => m.key)).toEqual(['link', 'registration']);

    await registerWithGeneratedKey(registration.ref, registration.cuit);
    const { body: entry } = await getEntry(registration.apiKey, registration.entryId);
    expect(entry.status).toBe('Registered');
    expect(entry.meta.filter((m: { key: string }) => m.key === 'company')).toEqual([
      expect.objectContaining({
        src: 'gov-ar',
        key: 'company',
        value: company,
        indexed: false,
        shared: false,
        entry_id: registration.entryId,
      }),
    ]);
  });

  it('adds no company record when the supplier confirmed none', async () => {
    const registration = await openRegistration();
    await registerWithGeneratedKey(registration.ref, registration.cuit);
    const { body: entry } = await getEntry(registration.apiKey, registration.entryId);
    expect(entry.meta.map((m: { key: string }) => m.key).sort()).toEqual(['certificate', 'link', 'registration']);
  });
});

describe('the "already registered" summary', () => {
  it('is only for finished registrations and shows the certificate in use', async () => {
    const registration = await openRegistration({ name: 'Ferretería Güemes S.A.' });
    expect(await getRegisteredSummary(registration.ref)).toBeUndefined();
    expect(await getRegisteredSummary(newRef())).toBeUndefined();

    const uploaded = await registerWithGeneratedKey(registration.ref, registration.cuit);
    expect(await getRegisteredSummary(registration.ref)).toEqual({
      ref: registration.ref,
      status: 'Registered',
      supplier: { name: 'Ferretería Güemes S.A.', cuit: registration.cuit },
      environment: 'sandbox',
      certificate: { alias: uploaded.certificate.alias, not_after: uploaded.certificate.not_after, services: ['wsfe'] },
    });
  });
});

describe('allowed_origins', () => {
  it('are normalised, kept on the workflow, shown on the registration and make the CSP', async () => {
    const workspace = await readyWorkspace();
    const workflow = await createRegistrationWorkflow(workspace.apiKey, {
      allowed_origins: [
        'https://console.example.com',
        'HTTPS://Console.Example.com/',
        'http://localhost:8080',
        'https://erp.example.com:443',
      ],
    });
    expect(workflow.allowed_origins).toEqual([
      'https://console.example.com',
      'http://localhost:8080',
      'https://erp.example.com',
    ]);
    expect(workspace.workflow.allowed_origins).toEqual([]);

    const entry = await createSupplier(workspace.apiKey);
    const { ref } = await startRegistration({
      apiKey: workspace.apiKey,
      ownerId: workspace.owner_id,
      workflowId: workflow.id,
      entryId: entry.id,
      cuit: entry.data.tax_id.code,
      environment: 'sandbox',
    });
    expect((await getRegistration(ref)).body.allowed_origins).toEqual(workflow.allowed_origins);
    expect(await allowedOriginsFor(ref)).toEqual(workflow.allowed_origins);
    expect(await allowedOriginsFor(newRef())).toEqual([]);
    expect(await allowedOriginsFor('not a ref')).toEqual([]);
    const policy = (origins?: string[]) => contentSecurityPolicy({ nonce: 'n', frameAncestors: origins }).split('; ');
    expect(policy(await allowedOriginsFor(ref))).toContain(
      "frame-ancestors 'self' https://console.example.com http://localhost:8080 https://erp.example.com",
    );
    expect(policy([])).toContain("frame-ancestors 'self'");
    expect(policy(undefined)).toContain("frame-ancestors 'none'");
  });

  it.each([
    ['a path', ['https://console.example.com/embed'], 'allowed_origins.0'],
    ['a query', ['https://console.example.com?x=1'], 'allowed_origins.0'],
    ['a fragment', ['https://console.example.com#x'], 'allowed_origins.0'],
    ['credentials', ['https://user@console.example.com'], 'allowed_origins.0'],
    ['another scheme', ['ftp://console.example.com'], 'allowed_origins.0'],
    ['no scheme', ['console.example.com'], 'allowed_origins.0'],
    ['a wildcard', ['https://*.example.com'], 'allowed_origins.0'],
    ['a CSP injection', ["https://a.example.com; script-src 'unsafe-inline'"], 'allowed_origins.0'],
    ['a bad second origin', ['https://ok.example.com', 'https://bad example.com'], 'allowed_origins.1'],
    ['not a list', 'https://console.example.com', 'allowed_origins'],
    ['more than 20', Array.from({ length: 21 }, (_, i) => `https://c${i}.example.com`), 'allowed_origins'],
  ])('answers 422 naming the field for %s', async (_case, origins, field) => {
    const workspace = await readyWorkspace();
    const workflowsRoute = await import('@/app/transform/v1/workflows/route');
    const { status, body } = await call(workflowsRoute.POST, {
      token: workspace.apiKey,
      body: { template: 'ar-supplier-registration', allowed_origins: origins },
    });
    expect(status).toBe(422);
    expect(body.code).toBe('validation_failed');
    expect(body.fields).toHaveProperty([field], expect.any(String));
  });
});
