// A supplier goes from link to Registered through the gov-ar service, against the emulated authority
// over HTTP: with a request we generate, with their own encrypted key, in live with points of sale,
// and as a renewal.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { databaseText } from '@/tests/support/database-dump';
import { getJob, getEntry } from '@/tests/support/scenario';
import { encryptPkcs8, makeCsr, testKey } from '@/tests/support/pki';
import { portal } from '@/tests/support/emulator-client';
import {
  authorizeService,
  completeRegistration,
  getPointsOfSale,
  getRegistration,
  issueFromCsr,
  openRegistration,
  requestCsr,
  startRegistration,
  upload,
  useEmulator,
} from '@/tests/support/registration';

const emulator = useEmulator();

const pemBody = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

describe('a sandbox registration with the request we generate', () => {
  it('takes the supplier from link to Registered, storing nothing in plaintext', async () => {
    const registration = await openRegistration({ name: 'Panadería Ñandú S.R.L.' });
    const view = await getRegistration(registration.ref);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      ref: registration.ref,
      environment: 'sandbox',
      status: 'Processing',
      services: ['wsfe'],
      supplier: { name: 'Panadería Ñandú S.R.L.', tax_id: { country: 'AR', code: registration.cuit } },
    });

    const csr = await requestCsr(registration.ref);
    expect(csr.status).toBe(200);
    expect(csr.body.csr).toContain('BEGIN CERTIFICATE REQUEST');
    expect((await requestCsr(registration.ref)).body).toEqual(csr.body); // a reload gets the same request

    const certificate = await issueFromCsr(emulator(), 'sandbox', csr.body.alias, csr.body.csr);
    await authorizeService(emulator(), 'sandbox', registration.cuit, csr.body.alias, 'wsfe');
    const uploaded = await upload(registration.ref, { certificate });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toMatchObject({
      status: 'Registered',
      certificate: {
        alias: csr.body.alias,
        cuit: registration.cuit,
        issuer: 'CN=Computadores Test, O=AFIP, C=AR',
        services: ['wsfe'],
      },
    });
    expect(Date.parse(uploaded.body.certificate.not_after) - Date.now()).toBeGreaterThan(700 * 86_400_000);

    expect((await getEntry(registration.apiKey, registration.entryId)).body.status).toBe('Registered');
    expect((await getJob(registration.apiKey, registration.jobId)).body.status).toBe('completed');
    expect((await getRegistration(registration.ref)).body.code).toBe('link_used');
    expect((await upload(registration.ref, { certificate })).body.code).toBe('link_used');

    const everything = await databaseText();
    expect(everything).toContain(registration.cuit);
    expect(everything).not.toMatch(/PRIVATE KEY/);
    expect(uploaded.body.certificate).not.toHaveProperty('key');
  });

  it('lists the sandbox points of sale with the stored credentials and the cached ticket', async () => {
    const registration = await openRegistration();
    const { body: csr } = await requestCsr(registration.ref);
    const certificate = await issueFromCsr(emulator(), 'sandbox', csr.alias, csr.csr);
    await authorizeService(emulator(), 'sandbox', registration.cuit, csr.alias);
    expect((await upload(registration.ref, { certificate })).status).toBe(200);

    const none = await getPointsOfSale(registration.ref);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ environment: 'sandbox', any_number_allowed: true, list: [] });
    await portal(emulator(), 'points-of-sale', { environment: 'sandbox', cuit: registration.cuit, number: 7 });
    const some = await getPointsOfSale(registration.ref);
    expect(some.body.list).toEqual([{ number: 7, emission_type: 'CAE', blocked: false, dropped_on: null }]);
  });
});

describe("a live registration with the supplier's own encrypted key", () => {
  it('accepts certificate and key (password in UTF-8) and reports the live points of sale', async () => {
    const registration = await openRegistration({ environment: 'live' });
    const key = testKey('rsa', { slot: 'live-supplier' });
    const alias = 'facturador';
    const certificate = await issueFromCsr(
      emulator(),
      'live',
      alias,
      makeCsr({ key, cuit: registration.cuit, alias }).pem,
    );
    await authorizeService(emulator(), 'live', registration.cuit, alias);
    await portal(emulator(), 'points-of-sale', { environment: 'live', cuit: registration.cuit, number: 3 });
    await portal(emulator(), 'points-of-sale', {
      environment: 'live',
      cuit: registration.cuit,
      number: 4,
      blocked: true,
    });
    const password = 'contraseña€segura';

    const uploaded = await upload(registration.ref, { certificate, key: encryptPkcs8(key, password), password });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.certificate.issuer).toBe('CN=Computadores, O=AFIP, C=AR');

    const points = await getPointsOfSale(registration.ref);
    expect(points.body.any_number_allowed).toBe(false);
    expect(points.body.list).toEqual([
      { number: 3, emission_type: 'CAE', blocked: false, dropped_on: null },
      { number: 4, emission_type: 'CAE', blocked: true, dropped_on: null },
    ]);
    const everything = await databaseText();
    expect(everything).not.toContain(password);
    expect(everything).not.toContain(pemBody(key.export({ type: 'pkcs8', format: 'pem' }).toString()).slice(0, 64));
  });
});

describe('a renewal', () => {
  it('keeps the supplier Registered and replaces the certificate only once the new one validates', async () => {
    const first = await openRegistration();
    const { body: csr } = await requestCsr(first.ref);
    await authorizeService(emulator(), 'sandbox', first.cuit, csr.alias);
    const oldCertificate = await issueFromCsr(emulator(), 'sandbox', csr.alias, csr.csr);
    const registered = await upload(first.ref, { certificate: oldCertificate });
    expect(registered.status).toBe(200);

    const renewal = await startRegistration({ ...first });
    expect((await getEntry(first.apiKey, first.entryId)).body.status).toBe('Registered');
    const view = await getRegistration(renewal.ref);
    expect(view.body).toMatchObject({
      renewal: true,
      current_certificate: { serial: registered.body.certificate.serial },
    });

    // A failed attempt changes nothing: the old certificate is still the active one.
    expect((await upload(renewal.ref, { certificate: 'not a certificate' })).body.code).toBe('certificate_unreadable');
    expect((await getRegistration(renewal.ref)).body.current_certificate.serial).toBe(
      registered.body.certificate.serial,
    );

    const { body: newCsr } = await requestCsr(renewal.ref);
    const newCertificate = await issueFromCsr(emulator(), 'sandbox', newCsr.alias, newCsr.csr);
    const renewed = await upload(renewal.ref, { certificate: newCertificate });
    expect(renewed.status).toBe(200);
    expect(renewed.body.certificate.serial).not.toBe(registered.body.certificate.serial);
    expect((await getEntry(first.apiKey, first.entryId)).body.status).toBe('Registered');
    const db = await getDb();
    const history = (await db.execute(
      sql`select status from credentials where entry_id = ${first.entryId} order by created_at`,
    )) as unknown as { rows: { status: string }[] };
    expect(history.rows.map((r) => r.status)).toEqual(['replaced', 'active']);
  });
});

describe('the points of sale of a link', () => {
  it("are asked only with the certificate that link handed over, while it is the supplier's current one", async () => {
    const first = await openRegistration();
    const codes = async (links: Record<string, string>) =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(links).map(
            async ([name, ref]) => [name, (await getPointsOfSale(ref)).body.code ?? 'list'] as const,
          ),
        ),
      );

    expect(await codes({ first: first.ref })).toEqual({ first: 'registration_incomplete' });
    await completeRegistration(emulator(), first);
    expect(await codes({ first: first.ref })).toEqual({ first: 'list' });

    const renewal = await startRegistration({ ...first });
    expect(await codes({ first: first.ref, renewal: renewal.ref })).toEqual({
      first: 'list',
      renewal: 'registration_incomplete',
    });
    await completeRegistration(emulator(), renewal);
    expect(await codes({ first: first.ref, renewal: renewal.ref })).toEqual({ first: 'link_used', renewal: 'list' });
  });
});

describe('concurrent uploads to one link', () => {
  it('register exactly once', async () => {
    const registration = await openRegistration();
    const { body: csr } = await requestCsr(registration.ref);
    await authorizeService(emulator(), 'sandbox', registration.cuit, csr.alias);
    const certificate = await issueFromCsr(emulator(), 'sandbox', csr.alias, csr.csr);
    const results = await Promise.all(Array.from({ length: 8 }, () => upload(registration.ref, { certificate })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const refused of results.filter((r) => r.status !== 200)) expect(refused.body.code).toBe('link_used');
    const db = await getDb();
    const count = (await db.execute(
      sql`select count(*)::int as n from credentials where entry_id = ${registration.entryId}`,
    )) as unknown as { rows: { n: number }[] };
    expect(count.rows[0]!.n).toBe(1);
  });
});
