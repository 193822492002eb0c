// Property-based uploads to POST /gov-ar/v1/registrations/{ref}/certificate. Real files from the test
// PKI (certificates and keys in every encoding a supplier may have) are damaged by random mutations and
// sent with random passwords, part names and missing parts. Whatever arrives, the answer is one of the
// contract's refusals and the database is byte for byte as before; a final valid upload proves the
// link still works. No web service is authorised until then, so even a mutation that leaves the bundle
// valid is refused (service_not_authorized) rather than consuming the link mid-run.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseFingerprint } from '@/tests/support/database-dump';
import {
  DEFAULT_KEYS,
  encryptLegacyPem,
  encryptPkcs8,
  encryptPkcs8Der,
  encryptPkcs8Native,
  makeCa,
  makeCsr,
  makeLeaf,
  pkcs8Pem,
  prepareKeys,
  testKey,
} from '@/tests/support/pki';
import {
  authorizeService,
  issueFromCsr,
  openRegistration,
  postCertificate,
  requestCsr,
  upload,
  useEmulator,
  type OpenRegistration,
} from '@/tests/support/registration';
import { getEntry, getJob } from '@/tests/support/scenario';
import { mutate, mutationsArbitrary, UPLOAD_PART_LIMIT } from '@/tests/support/upload-mutations';

// Thousands of uploads to one link: the per-link rate limit would answer most of them 429 and test nothing.
process.env.RATE_LIMITS = 'off';

const emulator = useEmulator();

const PASSWORD = 'contraseña€segura';
/** The contract's answers to a failed upload (413, or 422 with one of these codes). */
const UPLOAD_REFUSALS = new Set([
  'file_too_large',
  'certificate_missing',
  'certificate_unreadable',
  'certificate_is_request',
  'key_missing',
  'key_unreadable',
  'key_unsupported',
  'key_too_weak',
  'key_password_required',
  'key_password_invalid',
  'key_mismatch',
  'certificate_expired',
  'certificate_not_yet_valid',
  'certificate_untrusted',
  'certificate_wrong_environment',
  'certificate_cuit_mismatch',
  'certificate_revoked',
  'service_not_authorized',
]);

type Pool = Record<string, Buffer>;
interface SentPart {
  name: string;
  bytes: Buffer;
  asFile: boolean;
}

/** Mostly the right name; sometimes a near miss, another part's name, or noise. */
const fieldName = (name: string) =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constant(name) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'certificate',
        'key',
        'password',
        'Certificate',
        'cert',
        'certificate[]',
        'file',
        'clave',
        '',
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  );

/** A part made from one of the pool's files, or (with weight `absent` against 10) no such part at all. */
const partArbitrary = (pool: Pool, name: string, absent: number) =>
  fc.oneof(
    { weight: absent, arbitrary: fc.constant(null) },
    {
      weight: 10,
      arbitrary: fc.record({
        source: fc.constantFrom(...Object.keys(pool)),
        mutations: mutationsArbitrary,
        name: fieldName(name),
        asFile: fc.boolean(),
      }),
    },
  );

const passwordArbitrary = fc.option(
  fc.record({
    value: fc.oneof(
      { weight: 4, arbitrary: fc.constant(PASSWORD) },
      { weight: 1, arbitrary: fc.constantFrom(PASSWORD.normalize('NFD'), PASSWORD.toUpperCase(), ` ${PASSWORD}`, '') },
      { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
      { weight: 1, arbitrary: fc.integer({ min: UPLOAD_PART_LIMIT + 1, max: 90_000 }).map((n) => 'ñ'.repeat(n / 2)) },
    ),
    name: fieldName('password'),
    asFile: fc.boolean(),
  }),
  { freq: 4 },
);

function uploadCaseArbitrary(certificates: Pool, keys: Pool, keyAbsent: number) {
  return fc
    .record({
      certificate: partArbitrary(certificates, 'certificate', 1),
      key: partArbitrary(keys, 'key', keyAbsent),
      password: passwordArbitrary,
    })
    .map(({ certificate, key, password }): SentPart[] => [
      ...(certificate
        ? [
            {
              name: certificate.name,
              bytes: mutate(certificates[certificate.source]!, certificate.mutations),
              asFile: certificate.asFile,
            },
          ]
        : []),
      ...(key ? [{ name: key.name, bytes: mutate(keys[key.source]!, key.mutations), asFile: key.asFile }] : []),
      ...(password
        ? [{ name: password.name, bytes: Buffer.from(password.value, 'utf8'), asFile: password.asFile }]
        : []),
    ]);
}

function formOf(parts: SentPart[]): FormData {
  const form = new FormData();
  for (const part of parts) {
    if (part.asFile) form.append(part.name, new Blob([new Uint8Array(part.bytes)]), `${part.name || 'file'}.pem`);
    else form.append(part.name, part.bytes.toString('utf8'));
  }
  return form;
}

/** What the server reads of a part: a file as sent; a text field as UTF-8 with its line breaks made CRLF. */
const received = (part: SentPart) =>
  part.asFile ? part.bytes : Buffer.from(part.bytes.toString('utf8').replace(/\r\n|\r|\n/g, '\r\n'), 'utf8');

/** The refusals the contract fixes for this form whatever the files hold; otherwise any 422 of the list. */
function expectedRefusal(parts: SentPart[]): 'file_too_large' | 'certificate_missing' | undefined {
  if (parts.some((part) => received(part).length > UPLOAD_PART_LIMIT)) return 'file_too_large';
  const certificate = parts.find((part) => part.name === 'certificate'); // of repeated parts, the first counts
  if (!certificate || received(certificate).length === 0) return 'certificate_missing';
  return undefined;
}

/** What a refused upload is meant to record: the registration record's count of uploads, its newest refusal and when. */
const UPLOAD_FACTS = {
  meta_records: [
    ['value', 'upload_attempts'],
    ['value', 'last_failed_upload'],
    ['value', 'updated_at'],
    ['updated_at'],
  ],
};

/** One upload: refused as the contract says, and not a row of the database changed (but the upload facts). */
async function expectRefusedStoringNothing(ref: string, parts: SentPart[], baseline: Record<string, string>) {
  const response = await postCertificate(ref, formOf(parts));
  const expected = expectedRefusal(parts);
  expect(response.status).toBe(expected === 'file_too_large' ? 413 : 422);
  expect(UPLOAD_REFUSALS).toContain(response.body?.code);
  if (expected) expect(response.body.code).toBe(expected);
  expect(typeof response.body.message).toBe('string');
  expect(await databaseFingerprint(UPLOAD_FACTS)).toEqual(baseline);
}

async function expectStillWaiting(registration: OpenRegistration) {
  expect((await getJob(registration.apiKey, registration.jobId)).body.status).toBe('waiting');
  expect((await getEntry(registration.apiKey, registration.entryId)).body.status).toBe('Processing');
}

const KEY_SPECS = [...DEFAULT_KEYS, { type: 'ec' as const }, { bits: 1024, slot: 'weak' }];

describe("uploads of damaged files with the supplier's own key (sandbox)", () => {
  let registration: OpenRegistration;
  let certificates: Pool;
  let keys: Pool;
  let baseline: Record<string, string>;
  const alias = 'fuzz-own';

  beforeAll(async () => {
    await prepareKeys(KEY_SPECS);
    registration = await openRegistration();
    const { cuit } = registration;
    const sandbox = makeCa('sandbox');
    const leaf = makeLeaf({ ca: sandbox, cuit, alias });
    const day = 86_400_000;
    const other = testKey('rsa', { slot: 'other' });
    certificates = {
      pem: Buffer.from(leaf.certificatePem),
      der: leaf.certificateDer,
      withChain: Buffer.from(leaf.certificatePem + sandbox.certificatePem),
      liveCa: Buffer.from(makeLeaf({ ca: makeCa('live'), cuit, alias }).certificatePem),
      lookalikeCa: Buffer.from(makeLeaf({ ca: makeCa('lookalike-sandbox'), cuit, alias }).certificatePem),
      expired: Buffer.from(
        makeLeaf({
          ca: sandbox,
          cuit,
          alias,
          notBefore: new Date(Date.now() - 800 * day),
          notAfter: new Date(Date.now() - day),
        }).certificatePem,
      ),
      notYetValid: Buffer.from(
        makeLeaf({ ca: sandbox, cuit, alias, notBefore: new Date(Date.now() + 2 * day) }).certificatePem,
      ),
      otherCuit: Buffer.from(makeLeaf({ ca: sandbox, cuit: '20111111112', alias }).certificatePem),
      otherKey: Buffer.from(makeLeaf({ ca: sandbox, cuit, alias, key: other }).certificatePem),
      ecKey: Buffer.from(makeLeaf({ ca: sandbox, cuit, alias, key: testKey('ec') }).certificatePem),
      csrPem: Buffer.from(makeCsr({ key: leaf.privateKey, cuit, alias }).pem),
      csrDer: makeCsr({ key: leaf.privateKey, cuit, alias }).der,
      caItself: Buffer.from(sandbox.certificatePem),
      keyInstead: Buffer.from(leaf.keyPem),
    };
    // PBKDF2 with few iterations: thousands of cases, most with a wrong password, each deriving once.
    const cheap = { iterations: 16 };
    keys = {
      encrypted: Buffer.from(encryptPkcs8(leaf.privateKey, PASSWORD, cheap)),
      encryptedDer: encryptPkcs8Der(leaf.privateKey, PASSWORD, cheap),
      encrypted3des: Buffer.from(encryptPkcs8(leaf.privateKey, PASSWORD, { cipher: '3des', iterations: 16 })),
      encryptedOpenssl: Buffer.from(encryptPkcs8Native(leaf.privateKey, PASSWORD)),
      legacyEncrypted: Buffer.from(encryptLegacyPem(leaf.privateKey, PASSWORD)),
      pkcs8: Buffer.from(leaf.keyPem),
      pkcs8Der: leaf.keyDer,
      pkcs1: Buffer.from(leaf.pkcs1Pem),
      pkcs1Der: leaf.pkcs1Der,
      otherKey: Buffer.from(pkcs8Pem(other)),
      ec: Buffer.from(pkcs8Pem(testKey('ec'))),
      weak: Buffer.from(pkcs8Pem(testKey('rsa', { bits: 1024, slot: 'weak' }))),
      certificateInstead: Buffer.from(leaf.certificatePem),
    };
    baseline = await databaseFingerprint(UPLOAD_FACTS);
  });

  // Found by this property, both 503 authority_unavailable for a bundle that passed local validation: the
  // emulator's idle kept-alive connection reset under our WSAA client (lib/authority/soap-client.ts now sends again),
  // and a key file damaged in its private half (lib/ar/certificates/parse-key.ts now tries it: key_unreadable).
  it('refuses 1000 mutated certificate/key/password forms with a contract code, storing nothing', async () => {
    await fc.assert(
      fc.asyncProperty(uploadCaseArbitrary(certificates, keys, 1), (parts) =>
        expectRefusedStoringNothing(registration.ref, parts, baseline),
      ),
      { numRuns: 1000 },
    );
    await expectStillWaiting(registration);
  });

  it('refuses 300 raw bodies (any content type, broken multipart) with a 4xx, storing nothing', async () => {
    const boundary = 'fuzzBoundary7MA4YWxk';
    const multipart = (name: string, content: Buffer) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="c.pem"\r\n\r\n`),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const contentType = fc.oneof(
      fc.constant(`multipart/form-data; boundary=${boundary}`),
      fc.constantFrom(
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'multipart/mixed; boundary=x',
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        '',
      ),
      fc.string({ unit: fc.constantFrom(...'abcdefmultipart/-;= "'), maxLength: 40 }),
    );
    const body = fc.oneof(
      fc.uint8Array({ maxLength: 3000 }),
      fc
        .record({
          name: fieldName('certificate'),
          source: fc.constantFrom(...Object.keys(certificates)),
          mutations: mutationsArbitrary,
        })
        .map(
          ({ name, source, mutations }) => new Uint8Array(mutate(multipart(name, certificates[source]!), mutations)),
        ),
    );
    await fc.assert(
      fc.asyncProperty(contentType, body, async (type, bytes) => {
        const response = await postCertificate(registration.ref, bytes, type ? { 'content-type': type } : {});
        expect([400, 413, 415, 422]).toContain(response.status);
        expect(['malformed_request', 'unsupported_media_type', ...UPLOAD_REFUSALS]).toContain(response.body?.code);
        expect(await databaseFingerprint(UPLOAD_FACTS)).toEqual(baseline);
      }),
      { numRuns: 300 },
    );
  });

  it('still takes the valid upload afterwards', async () => {
    await expectStillWaiting(registration);
    await authorizeService(emulator(), 'sandbox', registration.cuit, alias);
    const uploaded = await upload(registration.ref, {
      certificate: certificates.pem!,
      key: keys.encrypted!,
      password: PASSWORD,
    });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.status).toBe('Registered');
  });
});

describe('uploads of damaged certificates for the key we generated (live)', () => {
  let registration: OpenRegistration;
  let certificates: Pool;
  let keys: Pool;
  let baseline: Record<string, string>;
  let alias: string;

  beforeAll(async () => {
    await prepareKeys(KEY_SPECS);
    registration = await openRegistration({ environment: 'live' });
    const csr = await requestCsr(registration.ref);
    expect(csr.status).toBe(200);
    alias = csr.body.alias;
    const issued = await issueFromCsr(emulator(), 'live', alias, csr.body.csr);
    const leaf = makeLeaf({ ca: makeCa('live'), cuit: registration.cuit, alias }); // a certificate for another key
    certificates = {
      issued: Buffer.from(issued),
      issuedCrlf: Buffer.from(issued.replace(/\n/g, '\r\n')),
      sandboxIssued: Buffer.from(await issueFromCsr(emulator(), 'sandbox', alias, csr.body.csr)),
      request: Buffer.from(csr.body.csr),
      forAnotherKey: Buffer.from(leaf.certificatePem),
    };
    keys = {
      pkcs8: Buffer.from(leaf.keyPem),
      encrypted: Buffer.from(encryptPkcs8(leaf.privateKey, PASSWORD, { iterations: 16 })),
    };
    baseline = await databaseFingerprint(UPLOAD_FACTS);
  });

  it('refuses 500 mutated certificates (with no key, or a stray one) with a contract code, storing nothing', async () => {
    await fc.assert(
      fc.asyncProperty(uploadCaseArbitrary(certificates, keys, 30), (parts) =>
        expectRefusedStoringNothing(registration.ref, parts, baseline),
      ),
      { numRuns: 500 },
    );
    await expectStillWaiting(registration);
  });

  it('still takes the certificate the portal issued afterwards', async () => {
    await authorizeService(emulator(), 'live', registration.cuit, alias);
    const uploaded = await upload(registration.ref, { certificate: certificates.issued! });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.certificate).toMatchObject({
      alias,
      cuit: registration.cuit,
      issuer: 'CN=Computadores, O=AFIP, C=AR',
    });
  });
});
