// Every way POST /gov-ar/v1/registrations/{ref}/certificate can fail, through the real route handlers
// and the emulated authority over HTTP: one contract code per row, each answered with the field to fix
// and messages in Spanish and English, each storing nothing and leaving the link usable.
import net from 'node:net';
import { createPrivateKey, randomBytes, type KeyObject } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import * as certificateRoute from '@/app/gov-ar/v1/registrations/[ref]/certificate/route';
import { openRegistrationKey } from '@/lib/gov-ar/registration/generated-key';
import { getRegistrationKey } from '@/lib/gov-ar/registration/queries';
import { call, type CallResult } from '@/tests/support/call';
import { portal } from '@/tests/support/emulator-client';
import { freshCuit } from '@/tests/support/scenario';
import { MAX_PBKDF2_ITERATIONS } from '@/lib/ar/certificates/key-derivation';
import { craftedRsaKey, identityExponentKey } from '@/tests/support/crafted-keys';
import {
  encryptLegacyPem,
  encryptPkcs8,
  encryptPkcs8Pbes2,
  makeCa,
  makeCsr,
  makeLeaf,
  prepareKeys,
  testKey,
  withCrlf,
  withUtf8Bom,
  type LeafOptions,
} from '@/tests/support/pki';
import {
  authorizeService,
  getPointsOfSale,
  getRegistration,
  issueFromCsr,
  openRegistration,
  requestCsr,
  upload,
  useEmulator,
  type OpenRegistration,
  type UploadFields,
} from '@/tests/support/registration';

beforeAll(() =>
  prepareKeys([
    { slot: 'ca:sandbox' },
    { slot: 'ca:live' },
    { slot: 'ca:lookalike-sandbox' },
    { slot: 'leaf' },
    { slot: 'other' },
    { bits: 1024, slot: 'leaf' },
    { type: 'ec', slot: 'leaf' },
  ]),
);
const emulator = useEmulator();

const PASSWORD = 'contraseña-secreta-4711';
const WRONG_PASSWORD = 'no-es-la-contraseña-0815';
const DAY = 86_400_000;
const big = 'A'.repeat(65 * 1024);

// Every response body of this file, and what must never appear in one (see the last test).
const bodies: string[] = [];
const probes = new Set<string>([PASSWORD, WRONG_PASSWORD]);
async function seen<T extends CallResult>(response: Promise<T>): Promise<T> {
  const result = await response;
  bodies.push(JSON.stringify(result.body ?? null));
  return result;
}
/** Private parts of a key, in the encodings a leak could take, or the tail of an uploaded key's text. */
function remember<T extends KeyObject | string>(key: T): T {
  if (typeof key === 'string') {
    for (const block of key.matchAll(/-----BEGIN [A-Z ]*PRIVATE KEY-----([\s\S]*?)-----END/g)) {
      probes.add(
        block[1]!
          .replace(/^[\w-]+:.*$/gm, '')
          .replace(/\s+/g, '')
          .slice(-68, -4),
      );
    }
    return key;
  }
  // The private exponent as hex, and as base64 at each of the three alignments it can have inside a PEM or JWK.
  const d = Buffer.from(key.export({ format: 'jwk' }).d!, 'base64url');
  probes.add(d.toString('hex').slice(8, 48));
  for (const shift of [0, 1, 2]) {
    const base64 = Buffer.concat([Buffer.alloc(shift), d])
      .toString('base64')
      .slice(4, 44);
    probes.add(base64).add(base64.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return key;
}
const keyPem = (key: KeyObject) => remember(remember(key).export({ type: 'pkcs8', format: 'pem' }).toString());
const pkcs1Pem = (key: KeyObject) => remember(remember(key).export({ type: 'pkcs1', format: 'pem' }).toString());

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await (await getDb()).execute(query)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}
const secretRows = () => count(sql`select count(*)::int as n from secrets`);
const credentialRows = (entryId: string) =>
  count(sql`select count(*)::int as n from credentials where entry_id = ${entryId}`);

interface Expected {
  status?: number;
  code: string;
  field?: 'certificate' | 'key' | 'password';
  newTicketSecrets?: number;
}

/**
 * Uploads as files and, when all is text, again as pasted text: both give the same answer, and the
 * failure stored nothing (no credential, no secret) and left the link usable.
 */
async function expectFailure(registration: OpenRegistration, fields: UploadFields, expected: Expected) {
  const secretsBefore = await secretRows();
  const pastable = [fields.certificate, fields.key].every((value) => value === undefined || typeof value === 'string');
  let last: CallResult | undefined;
  for (const asText of pastable ? [false, true] : [false]) {
    const result = await seen(upload(registration.ref, { ...fields, asText }));
    expect({ status: result.status, code: result.body.code, asText }).toEqual({
      status: expected.status ?? 422,
      code: expected.code,
      asText,
    });
    expect(Object.keys(result.body.fields ?? {})).toEqual(expected.field ? [expected.field] : []);
    expect(result.body.message).toEqual(expect.any(String));
    expect(result.body.messages.es.length).toBeGreaterThan(20);
    expect(result.body.messages.en.length).toBeGreaterThan(20);
    expect(result.body.messages.es).not.toBe(result.body.messages.en);
    last = result;
  }
  expect(await credentialRows(registration.entryId)).toBe(0);
  expect(await secretRows()).toBe(secretsBefore + (expected.newTicketSecrets ?? 0));
  expect((await seen(getRegistration(registration.ref))).status).toBe(200);
  return last!;
}

type Links = { sandbox: OpenRegistration; live: OpenRegistration; generated: OpenRegistration };
let links: Links;
let alias = 0;
/** A certificate as the authority issues it, for the link's supplier unless told otherwise. */
function leafFor(registration: OpenRegistration, options: Partial<LeafOptions> = {}) {
  const name = `errores${++alias}`;
  const { certificatePem, certificateDer, privateKey, serial } = makeLeaf({
    ca: makeCa(registration.environment),
    cuit: registration.cuit,
    alias: name,
    ...options,
  });
  return { alias: name, certificatePem, certificateDer, privateKey, serial, keyPem: keyPem(privateKey) };
}
const pair = (registration: OpenRegistration, options: Partial<LeafOptions> = {}) => {
  const leaf = leafFor(registration, options);
  return { certificate: leaf.certificatePem, key: leaf.keyPem };
};

beforeAll(async () => {
  links = {
    sandbox: await openRegistration(),
    live: await openRegistration({ environment: 'live' }),
    generated: await openRegistration(),
  };
  expect((await seen(requestCsr(links.generated.ref))).status).toBe(200);
  remember(createPrivateKey(remember(await openRegistrationKey((await getRegistrationKey(links.generated.ref))!))));
});

type Row = [
  label: string,
  link: keyof Links,
  build: (registration: OpenRegistration) => UploadFields,
  expected: Expected,
];
const LOCAL: Row[] = [
  [
    'a 65 KiB certificate file',
    'sandbox',
    (r) => ({ certificate: big, key: leafFor(r).keyPem }),
    { status: 413, code: 'file_too_large', field: 'certificate' },
  ],
  [
    'a 65 KiB key file',
    'sandbox',
    (r) => ({ certificate: leafFor(r).certificatePem, key: big }),
    { status: 413, code: 'file_too_large', field: 'key' },
  ],
  [
    'no certificate',
    'sandbox',
    (r) => ({ key: leafFor(r).keyPem }),
    { code: 'certificate_missing', field: 'certificate' },
  ],
  [
    'a certificate that is not one',
    'sandbox',
    (r) => ({ certificate: 'not a certificate', key: leafFor(r).keyPem }),
    { code: 'certificate_unreadable', field: 'certificate' },
  ],
  [
    'the request (CSR) as the certificate',
    'sandbox',
    (r) => {
      const leaf = leafFor(r);
      return { certificate: makeCsr({ key: leaf.privateKey, cuit: r.cuit, alias: 'errores' }).pem, key: leaf.keyPem };
    },
    { code: 'certificate_is_request', field: 'certificate' },
  ],
  [
    'no key and no request made',
    'sandbox',
    (r) => ({ certificate: leafFor(r).certificatePem }),
    { code: 'key_missing', field: 'key' },
  ],
  [
    'a key that is garbage',
    'sandbox',
    (r) => ({ certificate: leafFor(r).certificatePem, key: 'garbage' }),
    { code: 'key_unreadable', field: 'key' },
  ],
  [
    'the certificate as the key',
    'sandbox',
    (r) => ({ ...pair(r), key: pair(r).certificate }),
    { code: 'key_unreadable', field: 'key' },
  ],
  [
    'an EC key and certificate',
    'sandbox',
    (r) => pair(r, { keyType: 'ec' }),
    { code: 'key_unsupported', field: 'key' },
  ],
  [
    'a 1024-bit RSA key',
    'sandbox',
    (r) => ({ ...pair(r, { bits: 1024 }), key: pkcs1Pem(testKey('rsa', { bits: 1024, slot: 'leaf' })) }),
    { code: 'key_too_weak', field: 'key' },
  ],
  [
    'an encrypted key without its password',
    'sandbox',
    (r) => {
      const leaf = leafFor(r);
      return { certificate: leaf.certificatePem, key: remember(encryptPkcs8(leaf.privateKey, PASSWORD)) };
    },
    { code: 'key_password_required', field: 'password' },
  ],
  [
    'an encrypted PKCS#8 key with the wrong password',
    'sandbox',
    (r) => {
      const leaf = leafFor(r);
      return {
        certificate: leaf.certificatePem,
        key: remember(encryptPkcs8(leaf.privateKey, PASSWORD)),
        password: WRONG_PASSWORD,
      };
    },
    { code: 'key_password_invalid', field: 'password' },
  ],
  [
    'a legacy encrypted PEM key with the wrong password',
    'sandbox',
    (r) => {
      const leaf = leafFor(r);
      return {
        certificate: leaf.certificatePem,
        key: remember(encryptLegacyPem(leaf.privateKey, PASSWORD)),
        password: WRONG_PASSWORD,
      };
    },
    { code: 'key_password_invalid', field: 'password' },
  ],
  // Bounds read from the files before any work (see tests/unit/certificate-limits.test.ts for all of them).
  [
    'an 8192-bit RSA key with random factors',
    'sandbox',
    (r) => pair(r, { key: craftedRsaKey({ bits: 8192 }) }),
    { code: 'key_unsupported', field: 'key' },
  ],
  [
    'a key with public exponent 1',
    'sandbox',
    (r) => {
      // d = 1 as well: nothing secret to look for in the answers but the file's text.
      const leaf = makeLeaf({
        ca: makeCa('sandbox'),
        cuit: r.cuit,
        alias: `errores${++alias}`,
        key: identityExponentKey(testKey('rsa', { slot: 'leaf' })),
      });
      return { certificate: leaf.certificatePem, key: remember(leaf.keyPem) };
    },
    { code: 'key_unsupported', field: 'key' },
  ],
  [
    'a key encrypted with more PBKDF2 iterations than we allow',
    'sandbox',
    (r) => {
      const leaf = leafFor(r);
      const key = remember(
        encryptPkcs8Pbes2(leaf.privateKey, PASSWORD, {
          pbkdf2: { prf: 'sha256', iterations: MAX_PBKDF2_ITERATIONS.sha256 + 1 },
        }),
      );
      return { certificate: leaf.certificatePem, key, password: PASSWORD };
    },
    { code: 'key_unreadable', field: 'key' },
  ],
  [
    'a certificate file of 11 certificates',
    'sandbox',
    (r) => {
      const leaf = leafFor(r);
      const others = Array.from(
        { length: 10 },
        () => leafFor(r, { key: testKey('rsa', { slot: 'other' }) }).certificatePem,
      );
      return { certificate: [leaf.certificatePem, ...others].join(''), key: leaf.keyPem };
    },
    { code: 'certificate_unreadable', field: 'certificate' },
  ],
  [
    "another key than the certificate's",
    'sandbox',
    (r) => ({
      certificate: leafFor(r).certificatePem,
      key: keyPem(testKey('rsa', { slot: 'other' })),
    }),
    { code: 'key_mismatch', field: 'key' },
  ],
  [
    'a certificate not made from the request we generated',
    'generated',
    (r) => ({ certificate: leafFor(r).certificatePem }),
    { code: 'key_mismatch', field: 'certificate' },
  ],
  [
    'an expired certificate',
    'sandbox',
    (r) => pair(r, { notBefore: new Date(Date.now() - 800 * DAY), notAfter: new Date(Date.now() - DAY) }),
    { code: 'certificate_expired', field: 'certificate' },
  ],
  [
    'a certificate valid from tomorrow',
    'sandbox',
    (r) => pair(r, { notBefore: new Date(Date.now() + DAY) }),
    { code: 'certificate_not_yet_valid', field: 'certificate' },
  ],
  [
    'a certificate from a look-alike CA',
    'sandbox',
    (r) => pair(r, { ca: makeCa('lookalike-sandbox') }),
    { code: 'certificate_untrusted', field: 'certificate' },
  ],
  [
    'a live certificate to a sandbox link',
    'sandbox',
    (r) => pair(r, { ca: makeCa('live') }),
    { code: 'certificate_wrong_environment', field: 'certificate' },
  ],
  [
    'a sandbox certificate to a live link',
    'live',
    (r) => pair(r, { ca: makeCa('sandbox') }),
    { code: 'certificate_wrong_environment', field: 'certificate' },
  ],
  [
    "another supplier's certificate",
    'sandbox',
    (r) => pair(r, { cuit: freshCuit('20') }),
    { code: 'certificate_cuit_mismatch', field: 'certificate' },
  ],
];

describe('local validation failures', () => {
  it.each(LOCAL.map(([label, ...rest]): Row => [`${rest[2].code}: ${label}`, ...rest]))(
    '%s',
    async (_label, link, build, expected) => {
      await expectFailure(links[link], build(links[link]), expected);
    },
  );

  it('415 unsupported_media_type for a JSON body', async () => {
    const { ref } = links.sandbox;
    const result = await seen(
      call(certificateRoute.POST, { params: { ref }, body: { certificate: 'x', password: PASSWORD } }),
    );
    expect(result.status).toBe(415);
    expect(result.body.code).toBe('unsupported_media_type');
    expect(result.body.messages.es && result.body.messages.en).toBeTruthy();
    expect((await seen(getRegistration(ref))).status).toBe(200);
  });

  it('after all of those, the same links still register (pasted as text, or with the generated key)', async () => {
    for (const registration of [links.sandbox, links.live]) {
      const leaf = leafFor(registration);
      await authorizeService(emulator(), registration.environment, registration.cuit, leaf.alias);
      const pasted = await seen(
        upload(registration.ref, { certificate: leaf.certificatePem, key: leaf.keyPem, asText: true }),
      );
      expect(pasted.status).toBe(200);
      expect(pasted.body).toMatchObject({
        status: 'Registered',
        certificate: { cuit: registration.cuit, serial: leaf.serial },
      });
    }
    const { ref, cuit } = links.generated;
    const { body: csr } = await seen(requestCsr(ref));
    await authorizeService(emulator(), 'sandbox', cuit, csr.alias);
    const certificate = await issueFromCsr(emulator(), 'sandbox', csr.alias, csr.csr);
    expect((await seen(upload(ref, { certificate }))).status).toBe(200);
  });
});

describe('failures at the authority', () => {
  it('certificate_revoked: a certificate the authority revoked', async () => {
    const registration = await openRegistration();
    const leaf = leafFor(registration);
    await authorizeService(emulator(), 'sandbox', registration.cuit, leaf.alias);
    expect(
      (await portal(emulator(), 'revocations', { environment: 'sandbox', certificate: leaf.certificatePem })).status,
    ).toBe(201);
    await expectFailure(
      registration,
      { certificate: leaf.certificatePem, key: leaf.keyPem },
      { code: 'certificate_revoked', field: 'certificate' },
    );
  });

  it('service_not_authorized: no authorization at all names wsfe', async () => {
    const registration = await openRegistration();
    const leaf = leafFor(registration);
    const result = await expectFailure(
      registration,
      { certificate: leaf.certificatePem, key: leaf.keyPem },
      { code: 'service_not_authorized' },
    );
    expect(result.body.service).toBe('wsfe');
  });

  it('service_not_authorized: invoice types A and T with only wsfe authorised names wsct', async () => {
    const registration = await openRegistration({ invoiceTypes: ['A', 'T'] });
    expect((await seen(getRegistration(registration.ref))).body.services).toEqual(['wsfe', 'wsct']);
    const leaf = leafFor(registration);
    await authorizeService(emulator(), 'sandbox', registration.cuit, leaf.alias, 'wsfe');
    // The wsfe login succeeded before wsct was refused: its ticket stays cached (sealed, per certificate,
    // no entry), since the authority refuses a second login while it is valid. Nothing else is stored.
    const result = await expectFailure(
      registration,
      { certificate: leaf.certificatePem, key: leaf.keyPem },
      { code: 'service_not_authorized', newTicketSecrets: 1 },
    );
    expect(result.body.service).toBe('wsct');
    expect(result.body.messages.es).toContain('wsct');
    expect(
      await count(sql`select count(*)::int as n from authority_tickets t join secrets s on s.id = t.secret_id
      where t.service = 'wsfe' and s.entry_id is null and s.purpose = 'wsaa_ticket:wsfe' and t.owner_id = ${registration.ownerId}`),
    ).toBe(1);

    await authorizeService(emulator(), 'sandbox', registration.cuit, leaf.alias, 'wsct');
    const registered = await seen(upload(registration.ref, { certificate: leaf.certificatePem, key: leaf.keyPem }));
    expect(registered.status).toBe(200);
    expect(registered.body.certificate.services).toEqual(['wsfe', 'wsct']);
  });

  it('503 authority_unavailable with Retry-After when the authority cannot be reached', async () => {
    const registration = await openRegistration();
    const leaf = leafFor(registration);
    await authorizeService(emulator(), 'sandbox', registration.cuit, leaf.alias);
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const url = process.env.AR_EMULATOR_URL;
    process.env.AR_EMULATOR_URL = `http://127.0.0.1:${port}`;
    try {
      const result = await expectFailure(
        registration,
        { certificate: leaf.certificatePem, key: leaf.keyPem },
        { status: 503, code: 'authority_unavailable' },
      );
      expect(Number(result.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      process.env.AR_EMULATOR_URL = url;
    }
    expect((await seen(upload(registration.ref, { certificate: leaf.certificatePem, key: leaf.keyPem }))).status).toBe(
      200,
    );
  });
});

describe('the link', () => {
  const everyCall = (ref: string) => [
    seen(getRegistration(ref)),
    seen(requestCsr(ref)),
    seen(upload(ref, { certificate: 'x' })),
    seen(getPointsOfSale(ref)),
  ];

  it('404 link_not_found for an unknown or a malformed ref, on every call', async () => {
    for (const ref of [randomBytes(24).toString('base64url'), 'short', 'not a ref at all, with spaces and / slashes']) {
      const results = await Promise.all(everyCall(ref));
      expect(results.map((r) => [r.status, r.body.code])).toEqual(Array(4).fill([404, 'link_not_found']));
    }
  });

  it('409 registration_incomplete for the points of sale before a certificate', async () => {
    const result = await seen(getPointsOfSale((await openRegistration()).ref));
    expect([result.status, result.body.code]).toEqual([409, 'registration_incomplete']);
  });

  it("accepts a DER certificate file, then answers 409 link_used to the link's calls", async () => {
    const registration = await openRegistration();
    const leaf = leafFor(registration);
    await authorizeService(emulator(), 'sandbox', registration.cuit, leaf.alias);
    const der = await seen(upload(registration.ref, { certificate: leaf.certificateDer, key: leaf.keyPem }));
    expect(der.status).toBe(200);
    const results = await Promise.all(everyCall(registration.ref).slice(0, 3));
    expect(results.map((r) => [r.status, r.body.code])).toEqual(Array(3).fill([409, 'link_used']));
  });

  it('accepts a PEM certificate and key with a byte-order mark and CRLF line endings', async () => {
    const registration = await openRegistration({ environment: 'live' });
    const leaf = leafFor(registration);
    await authorizeService(emulator(), 'live', registration.cuit, leaf.alias);
    const result = await seen(
      upload(registration.ref, {
        certificate: withUtf8Bom(withCrlf(leaf.certificatePem)),
        key: withUtf8Bom(withCrlf(leaf.keyPem)),
      }),
    );
    expect(result.status).toBe(200);
    expect(result.body.certificate.issuer).toBe('CN=Computadores, O=AFIP, C=AR');
  });
});

it('never answers with key material or a password', () => {
  expect(bodies.length).toBeGreaterThan(60);
  expect(probes.size).toBeGreaterThan(10);
  const all = bodies.join('\n');
  expect(all).not.toMatch(/PRIVATE KEY-----(\\[rn]|\s)*(Proc-Type|[A-Za-z0-9+/]{40})/);
  const compact = all.replace(/\\[rn]|\s/g, ''); // a PEM would be broken into lines
  for (const probe of probes) expect(probe.length >= 20 && !compact.includes(probe), probe.slice(0, 12)).toBe(true);
});
