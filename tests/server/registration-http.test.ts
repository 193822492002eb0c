// The whole registration over HTTP against `npm start`, as an integrator and a supplier would do it,
// with the app's own emulator as the authority: sandbox with the request we generate, and live with
// the supplier's own key and a point of sale.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '@/lib/ar/cuit';
import { encryptPkcs8, makeCsr, testKey } from '@/tests/support/pki';
import { productClient } from '@/tests/support/product-client';
import { startProduct, type RunningServer } from '@/tests/support/server-process';
import { createScratchDatabase, dropScratchDatabase } from '@/tests/support/scratch-database';

const serverUrl = process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-onboarding-e2e-'));
let databaseUrl: string | undefined;
let server: RunningServer;
let client: ReturnType<typeof productClient>;
const api: ReturnType<typeof productClient>['api'] = (...args) => client.api(...args);
const uploadCertificate: ReturnType<typeof productClient>['uploadCertificate'] = (...args) =>
  client.uploadCertificate(...args);

beforeAll(async () => {
  if (serverUrl) databaseUrl = await createScratchDatabase(serverUrl, 'e2e');
  server = await startProduct({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ADMIN_TOKEN: 'e2e-admin',
    WEBHOOK_ALLOW_PRIVATE: '1',
  });
  await server.waitFor(/registration link: \S+/);
  client = productClient(server.url, 'e2e-admin');
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl && serverUrl) await dropScratchDatabase(serverUrl, databaseUrl);
});

/** An integrator's side: workspace, Argentina app, workflow, supplier, job; returns the link's ref. */
async function registrationLink(sandbox: boolean, cuit: string, workflowExtra: Record<string, unknown> = {}) {
  const { key, workflow } = await client.workspace(sandbox, workflowExtra);
  return { key, ...(await client.supplierWithLink(key, workflow.id, cuit)) };
}

describe(`a registration over HTTP (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('completes in the sandbox with the request we generate', async () => {
    const cuit = withCheckDigit('3071999001')!;
    const { key, entryId, ref, linkUrl } = await registrationLink(true, cuit);
    const page = await fetch(linkUrl.replace(/^https?:\/\/[^/]+/, server.url));
    expect(page.status).toBe(200);
    // The company step is filled in the server-rendered HTML already, not only after hydration.
    expect(await page.text()).toMatch(/<input[^>]*value="Distribuidora Añil S\.A\."/);
    expect((await api('GET', `/gov-ar/v1/registrations/${ref}`)).body).toMatchObject({
      environment: 'sandbox',
      services: ['wsfe'],
    });

    const { body: csr } = await api('POST', `/gov-ar/v1/registrations/${ref}/csr`);
    const issued = await api('POST', '/emulator/portal/certificates', {
      environment: 'sandbox',
      alias: csr.alias,
      csr: csr.csr,
    });
    expect(
      (
        await api('POST', '/emulator/portal/authorizations', {
          environment: 'sandbox',
          cuit,
          alias: csr.alias,
          service: 'wsfe',
        })
      ).status,
    ).toBe(201);

    const uploaded = await uploadCertificate(ref, { certificate: issued.body.certificate });
    expect(uploaded).toMatchObject({
      status: 200,
      body: { status: 'Registered', certificate: { cuit, alias: csr.alias } },
    });
    expect((await api('GET', `/silo/v1/entries/${entryId}`, undefined, key)).body.status).toBe('Registered');
    expect((await api('GET', `/gov-ar/v1/registrations/${ref}`)).status).toBe(409);
  });

  it("completes in live with the supplier's own encrypted key and reports its point of sale", async () => {
    const cuit = withCheckDigit('2033999002')!;
    const { key, entryId, ref } = await registrationLink(false, cuit);
    const supplierKey = testKey('rsa', { slot: 'e2e-live' });
    const issued = await api('POST', '/emulator/portal/certificates', {
      environment: 'live',
      alias: 'caja1',
      csr: makeCsr({ key: supplierKey, cuit, alias: 'caja1' }).pem,
    });
    await api('POST', '/emulator/portal/authorizations', {
      environment: 'live',
      cuit,
      alias: 'caja1',
      service: 'wsfe',
    });
    await api('POST', '/emulator/portal/points-of-sale', { environment: 'live', cuit, number: 12 });

    const refused = await uploadCertificate(ref, {
      certificate: issued.body.certificate,
      key: encryptPkcs8(supplierKey, 'clave'),
    });
    expect(refused.body.code).toBe('key_password_required');
    const uploaded = await uploadCertificate(ref, {
      certificate: issued.body.certificate,
      key: encryptPkcs8(supplierKey, 'clave'),
      password: 'clave',
    });
    expect(uploaded.status).toBe(200);
    expect((await api('GET', `/silo/v1/entries/${entryId}`, undefined, key)).body.status).toBe('Registered');
    const points = await api('GET', `/gov-ar/v1/registrations/${ref}/points-of-sale`);
    expect(points.body).toMatchObject({ environment: 'live', list: [{ number: 12, blocked: false }] });
  });

  it("lets only the workflow's allowed origins frame the wizard, and speaks the supplier's language", async () => {
    const { ref } = await registrationLink(true, withCheckDigit('3071999004')!, {
      allowed_origins: ['https://console.example.com'],
    });
    const page = await fetch(`${server.url}/reg/${ref}`);
    expect(page.status).toBe(200);
    const policy = (response: Response) => response.headers.get('content-security-policy')!.split('; ');
    expect(policy(page)).toContain("frame-ancestors 'self' https://console.example.com");
    expect(policy(page)).toContainEqual(
      expect.stringMatching(/^script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'$/),
    );
    const nonce = /'nonce-([^']+)'/.exec(page.headers.get('content-security-policy')!)![1];
    const html = await page.text();
    // Every script Next writes into the page carries this response's nonce.
    expect(html.match(/<script\b[^>]*>/g)!.every((tag) => tag.includes(`nonce="${nonce}"`))).toBe(true);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.headers.get('strict-transport-security')).toBeNull(); // development: HSTS only in production
    expect(html).toContain('<html lang="es-AR"');

    const other = await registrationLink(true, withCheckDigit('3071999006')!);
    expect(policy(await fetch(`${server.url}/reg/${other.ref}`))).toContain("frame-ancestors 'self'");
    const unknown = await fetch(`${server.url}/reg/${'x'.repeat(27)}`);
    expect(unknown.status).toBe(404);
    expect(policy(unknown)).toContain("frame-ancestors 'self'");
    for (const other of ['/', '/emulator', '/docs/api', '/console']) {
      const answer = await fetch(`${server.url}${other}`);
      expect(policy(answer), other).toContain("frame-ancestors 'none'");
      expect(answer.headers.get('x-content-type-options'), other).toBe('nosniff');
    }

    const english = await fetch(`${server.url}/reg/${ref}`, { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(await english.text()).toContain('<html lang="en"');
    const chosen = await fetch(`${server.url}/reg/${ref}`, {
      headers: { 'accept-language': 'en-US', cookie: 'lang=es-AR' },
    });
    expect(await chosen.text()).toContain('<html lang="es-AR"');
  });
});
