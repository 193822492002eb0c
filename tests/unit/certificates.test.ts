import { execFileSync } from 'node:child_process';
import { createHash, createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  CERTIFICATE_ERROR_MESSAGES,
  CertificateError,
  validateCertificateBundle,
  type CertificateBundleInput,
  type CertificateErrorCode,
  type ValidationOptions,
} from '@/lib/ar/certificates';
import {
  DEFAULT_KEYS,
  encryptLegacyPem,
  encryptPkcs8,
  encryptPkcs8Der,
  encryptPkcs8Native,
  makeCa,
  makeCsr,
  makeLeaf,
  prepareKeys,
  testKey,
  trustAnchors,
  withCrlf,
  withUtf8Bom,
  type TestLeaf,
} from '@/tests/support/pki';

const CUIT = '30712345671';
const OTHER_CUIT = '20123456786';
const ALIAS = 'facturacion';
const PASSWORD = 'contraseña€';
const DAY = 86_400_000;

let leaf: TestLeaf;
let options: ValidationOptions;

beforeAll(async () => {
  await prepareKeys([...DEFAULT_KEYS, { slot: 'leaf', bits: 1024 }]);
  leaf = makeLeaf({ ca: makeCa('sandbox'), cuit: CUIT, alias: ALIAS });
  options = { environment: 'sandbox', trustAnchors: trustAnchors(), supplierCuit: CUIT };
});

/** The key with its private exponent and a CRT exponent altered: it parses and matches its certificate, but signs garbage. */
function damagedPrivateHalf(key: KeyObject): string {
  const jwk = key.export({ format: 'jwk' });
  const flip = (value: string) => {
    const bytes = Buffer.from(value, 'base64url');
    bytes[bytes.length >> 1]! ^= 0x10;
    return bytes.toString('base64url');
  };
  return createPrivateKey({ key: { ...jwk, d: flip(jwk.d!), dp: flip(jwk.dp!) }, format: 'jwk' })
    .export({ type: 'pkcs8', format: 'pem' })
    .toString();
}

const sandboxLeaf = (extra: Partial<Parameters<typeof makeLeaf>[0]> = {}) =>
  makeLeaf({ ca: makeCa('sandbox'), cuit: CUIT, alias: ALIAS, ...extra });

async function failure(
  input: CertificateBundleInput,
  extra: Partial<ValidationOptions> = {},
): Promise<CertificateError> {
  try {
    await validateCertificateBundle(input, { ...options, ...extra });
  } catch (error) {
    if (error instanceof CertificateError) return error;
    throw error;
  }
  throw new Error('expected a CertificateError, but the bundle was accepted');
}

type Case = [
  string,
  () => CertificateBundleInput,
  CertificateErrorCode,
  'certificate' | 'key' | 'password',
  Partial<ValidationOptions>?,
];

// One row per local error code (and the variants a supplier really produces); input → code and field.
const cases: Case[] = [
  ['no certificate', () => ({ key: leaf.keyPem }), 'certificate_missing', 'certificate'],
  ['a blank certificate', () => ({ certificate: ' \r\n\t', key: leaf.keyPem }), 'certificate_missing', 'certificate'],
  ['an empty file', () => ({ certificate: Buffer.alloc(0), key: leaf.keyPem }), 'certificate_missing', 'certificate'],
  [
    'text that is no certificate',
    () => ({ certificate: 'hola', key: leaf.keyPem }),
    'certificate_unreadable',
    'certificate',
  ],
  [
    'random bytes',
    () => ({ certificate: Buffer.from([0x30, 0x82, 1, 2, 3, 4]), key: leaf.keyPem }),
    'certificate_unreadable',
    'certificate',
  ],
  [
    'a corrupt PEM body',
    () => ({ certificate: leaf.certificatePem.replace(/^MII/m, 'M*I'), key: leaf.keyPem }),
    'certificate_unreadable',
    'certificate',
  ],
  [
    'a truncated certificate',
    () => ({ certificate: leaf.certificateDer.subarray(0, 300), key: leaf.keyPem }),
    'certificate_unreadable',
    'certificate',
  ],
  [
    'the key uploaded as the certificate',
    () => ({ certificate: leaf.keyPem, key: leaf.keyPem }),
    'certificate_unreadable',
    'certificate',
  ],
  [
    'a CSR (PEM)',
    () => ({ certificate: makeCsr({ key: leaf.privateKey, cuit: CUIT, alias: ALIAS }).pem, key: leaf.keyPem }),
    'certificate_is_request',
    'certificate',
  ],
  [
    'a CSR (DER)',
    () => ({ certificate: makeCsr({ key: leaf.privateKey, cuit: CUIT, alias: ALIAS }).der, key: leaf.keyPem }),
    'certificate_is_request',
    'certificate',
  ],
  ['no key and none generated', () => ({ certificate: leaf.certificatePem }), 'key_missing', 'key'],
  ['a blank key', () => ({ certificate: leaf.certificatePem, key: '\n' }), 'key_missing', 'key'],
  [
    'the certificate uploaded as the key',
    () => ({ certificate: leaf.certificatePem, key: leaf.certificatePem }),
    'key_unreadable',
    'key',
  ],
  [
    'the certificate (DER) uploaded as the key',
    () => ({ certificate: leaf.certificatePem, key: leaf.certificateDer }),
    'key_unreadable',
    'key',
  ],
  [
    'garbage as the key',
    () => ({ certificate: leaf.certificatePem, key: 'not a key at all' }),
    'key_unreadable',
    'key',
  ],
  [
    'a corrupt PKCS#8 body',
    () => ({ certificate: leaf.certificatePem, key: leaf.keyPem.replace(/^MII.{10}/m, 'MIIAAAAAAAAAAA') }),
    'key_unreadable',
    'key',
  ],
  // Found by tests/integration/fuzz-uploads.test.ts: it matched its certificate, and the authority refused its signatures (a 503).
  [
    'a key damaged in its private half',
    () => ({ certificate: leaf.certificatePem, key: damagedPrivateHalf(leaf.privateKey) }),
    'key_unreadable',
    'key',
  ],
  [
    'an EC key',
    () => ({ certificate: leaf.certificatePem, key: testKey('ec').export({ type: 'pkcs8', format: 'pem' }) }),
    'key_unsupported',
    'key',
  ],
  [
    'an EC certificate and key',
    () => {
      const ec = sandboxLeaf({ keyType: 'ec' });
      return { certificate: ec.certificatePem, key: ec.keyPem };
    },
    'key_unsupported',
    'key',
  ],
  [
    'an Ed25519 key',
    () => ({ certificate: leaf.certificatePem, key: testKey('ed25519').export({ type: 'pkcs8', format: 'pem' }) }),
    'key_unsupported',
    'key',
  ],
  [
    'RSA 1024',
    () => {
      const weak = sandboxLeaf({ bits: 1024 });
      return { certificate: weak.certificatePem, key: weak.pkcs1Pem };
    },
    'key_too_weak',
    'key',
  ],
  [
    'encrypted PKCS#8, no password',
    () => ({ certificate: leaf.certificatePem, key: encryptPkcs8Native(leaf.privateKey, PASSWORD) }),
    'key_password_required',
    'password',
  ],
  [
    'legacy encrypted PEM, empty password',
    () => ({ certificate: leaf.certificatePem, key: encryptLegacyPem(leaf.privateKey, PASSWORD), password: '' }),
    'key_password_required',
    'password',
  ],
  [
    'encrypted PKCS#8, wrong password',
    () => ({
      certificate: leaf.certificatePem,
      key: encryptPkcs8Native(leaf.privateKey, PASSWORD),
      password: 'contrasena€',
    }),
    'key_password_invalid',
    'password',
  ],
  [
    'legacy PEM, wrong password',
    () => ({ certificate: leaf.certificatePem, key: encryptLegacyPem(leaf.privateKey, PASSWORD), password: 'x' }),
    'key_password_invalid',
    'password',
  ],
  [
    'PBES2 DES (forge path), wrong password',
    () => ({
      certificate: leaf.certificatePem,
      key: encryptPkcs8(leaf.privateKey, PASSWORD, { cipher: 'des' }),
      password: 'x',
    }),
    'key_password_invalid',
    'password',
  ],
  [
    'another key',
    () => ({
      certificate: leaf.certificatePem,
      key: testKey('rsa', { slot: 'other' }).export({ type: 'pkcs8', format: 'pem' }),
    }),
    'key_mismatch',
    'key',
  ],
  [
    'expired',
    () => {
      const old = sandboxLeaf({ notBefore: new Date(Date.now() - 800 * DAY), notAfter: new Date(Date.now() - DAY) });
      return { certificate: old.certificatePem, key: old.keyPem };
    },
    'certificate_expired',
    'certificate',
  ],
  [
    'not valid yet',
    () => {
      const soon = sandboxLeaf({ notBefore: new Date(Date.now() + DAY) });
      return { certificate: soon.certificatePem, key: soon.keyPem };
    },
    'certificate_not_yet_valid',
    'certificate',
  ],
  [
    'issued by a look-alike CA (same name, other key)',
    () => {
      const fake = makeLeaf({ ca: makeCa('lookalike-sandbox'), cuit: CUIT, alias: ALIAS });
      return { certificate: fake.certificatePem, key: fake.keyPem };
    },
    'certificate_untrusted',
    'certificate',
  ],
  [
    'a look-alike without a key identifier: only the signature tells',
    () => {
      const fake = makeLeaf({
        ca: makeCa('lookalike-sandbox'),
        cuit: CUIT,
        alias: ALIAS,
        authorityKeyIdentifier: false,
      });
      return { certificate: fake.certificatePem, key: fake.keyPem };
    },
    'certificate_untrusted',
    'certificate',
  ],
  [
    'signed with its own key under the CA name',
    () => {
      const self = makeLeaf({
        ca: { ...makeCa('sandbox'), privateKey: testKey('rsa', { slot: 'leaf' }) },
        cuit: CUIT,
        alias: ALIAS,
      });
      return { certificate: self.certificatePem, key: self.keyPem };
    },
    'certificate_untrusted',
    'certificate',
  ],
  [
    'no anchors configured',
    () => ({ certificate: leaf.certificatePem, key: leaf.keyPem }),
    'certificate_untrusted',
    'certificate',
    { trustAnchors: { sandbox: [], live: [] } },
  ],
  [
    'a live certificate in sandbox',
    () => {
      const live = makeLeaf({ ca: makeCa('live'), cuit: CUIT, alias: ALIAS });
      return { certificate: live.certificatePem, key: live.keyPem };
    },
    'certificate_wrong_environment',
    'certificate',
  ],
  [
    'a sandbox certificate in live',
    () => ({ certificate: leaf.certificatePem, key: leaf.keyPem }),
    'certificate_wrong_environment',
    'certificate',
    { environment: 'live' },
  ],
  [
    'another CUIT',
    () => ({ certificate: leaf.certificatePem, key: leaf.keyPem }),
    'certificate_cuit_mismatch',
    'certificate',
    { supplierCuit: OTHER_CUIT },
  ],
  [
    'no serialNumber in the subject',
    () => {
      const bare = sandboxLeaf({ subject: [{ shortName: 'CN', value: ALIAS }] });
      return { certificate: bare.certificatePem, key: bare.keyPem };
    },
    'certificate_cuit_mismatch',
    'certificate',
  ],
  [
    'a serialNumber that is not "CUIT …"',
    () => {
      const odd = sandboxLeaf({
        subject: [
          { name: 'serialNumber', value: CUIT },
          { shortName: 'CN', value: ALIAS },
        ],
      });
      return { certificate: odd.certificatePem, key: odd.keyPem };
    },
    'certificate_cuit_mismatch',
    'certificate',
  ],
];

describe('validateCertificateBundle: each failure maps to one code and the field to fix', () => {
  const rows = cases.map(([name, input, code, field, extra]) => [name, code, field, input, extra] as const);
  it.each(rows)('%s → %s', async (_name, code, field, input, extra) => {
    const error = await failure(input(), extra);
    expect(error.code).toBe(code);
    expect(error.field).toBe(field);
    expect(error.messages.es.length).toBeGreaterThan(20);
    expect(error.messages.en.length).toBeGreaterThan(20);
  });

  it('covers every local code', () => {
    const local = Object.keys(CERTIFICATE_ERROR_MESSAGES).filter(
      (code) => !['certificate_revoked', 'service_not_authorized', 'authority_unavailable'].includes(code),
    );
    expect(new Set(cases.map(([, , code]) => code))).toEqual(new Set(local));
  });
});

type Accepted = [string, () => CertificateBundleInput, (() => Partial<ValidationOptions>)?];

// Every encoding a supplier may hand us; each must validate to the same certificate and key.
const accepted: Accepted[] = [
  ['PEM text + PKCS#8 PEM', () => ({ certificate: leaf.certificatePem, key: leaf.keyPem })],
  ['PEM as bytes', () => ({ certificate: Buffer.from(leaf.certificatePem), key: Buffer.from(leaf.keyPem) })],
  ['DER certificate + DER PKCS#8', () => ({ certificate: leaf.certificateDer, key: leaf.keyDer })],
  ['DER PKCS#1 key', () => ({ certificate: leaf.certificateDer, key: leaf.pkcs1Der })],
  ['PKCS#1 PEM ("RSA PRIVATE KEY")', () => ({ certificate: leaf.certificatePem, key: leaf.pkcs1Pem })],
  ['UTF-8 BOM on both', () => ({ certificate: withUtf8Bom(leaf.certificatePem), key: withUtf8Bom(leaf.pkcs1Pem) })],
  ['CRLF line endings', () => ({ certificate: withCrlf(leaf.certificatePem), key: withCrlf(leaf.keyPem) })],
  [
    'BOM, CRLF and surrounding whitespace',
    () => ({
      certificate: withUtf8Bom(`\r\n  ${withCrlf(leaf.certificatePem)}\r\n\r\n`),
      key: `  \n${leaf.keyPem}\n\n`,
    }),
  ],
  [
    'base64 pasted without the PEM armour',
    () => ({ certificate: leaf.certificateDer.toString('base64'), key: leaf.keyPem }),
  ],
  [
    'one .pem holding certificate and key, as the key',
    () => ({ certificate: leaf.certificatePem, key: `${leaf.certificatePem}${leaf.pkcs1Pem}` }),
  ],
  [
    'encrypted PKCS#8 as OpenSSL 3 writes it (PBES2, HMAC-SHA256, AES-256)',
    () => ({
      certificate: leaf.certificatePem,
      key: encryptPkcs8Native(leaf.privateKey, PASSWORD),
      password: PASSWORD,
    }),
  ],
  [
    'encrypted PKCS#8, HMAC-SHA1 + AES-128',
    () => ({
      certificate: leaf.certificatePem,
      key: encryptPkcs8(leaf.privateKey, PASSWORD, { prf: 'sha1', cipher: 'aes128' }),
      password: PASSWORD,
    }),
  ],
  [
    'encrypted PKCS#8, HMAC-SHA384 + AES-192',
    () => ({
      certificate: leaf.certificatePem,
      key: encryptPkcs8(leaf.privateKey, PASSWORD, { prf: 'sha384', cipher: 'aes192' }),
      password: PASSWORD,
    }),
  ],
  [
    'encrypted PKCS#8, HMAC-SHA512 + AES-256',
    () => ({
      certificate: leaf.certificatePem,
      key: encryptPkcs8(leaf.privateKey, PASSWORD, { prf: 'sha512' }),
      password: PASSWORD,
    }),
  ],
  [
    'encrypted PKCS#8, PBES2 single DES (OpenSSL 3 cannot: forge fallback)',
    () => ({
      certificate: leaf.certificatePem,
      key: encryptPkcs8(leaf.privateKey, PASSWORD, { cipher: 'des' }),
      password: PASSWORD,
    }),
  ],
  [
    'encrypted PKCS#8, PKCS#12 PBE 3DES',
    () => ({
      certificate: leaf.certificatePem,
      key: encryptPkcs8(leaf.privateKey, 'clave', { cipher: '3des' }),
      password: 'clave',
    }),
  ],
  [
    'encrypted PKCS#8 as DER',
    () => ({
      certificate: leaf.certificateDer,
      key: encryptPkcs8Der(leaf.privateKey, PASSWORD, { prf: 'sha256' }),
      password: PASSWORD,
    }),
  ],
  [
    'legacy encrypted PEM, AES-256-CBC',
    () => ({ certificate: leaf.certificatePem, key: encryptLegacyPem(leaf.privateKey, PASSWORD), password: PASSWORD }),
  ],
  [
    'legacy encrypted PEM, DES-EDE3-CBC',
    () => ({
      certificate: leaf.certificatePem,
      key: encryptLegacyPem(leaf.privateKey, PASSWORD, 'des-ede3-cbc'),
      password: PASSWORD,
    }),
  ],
  [
    'legacy encrypted PEM, DES-CBC (forge fallback), CRLF',
    () => ({
      certificate: leaf.certificatePem,
      key: withCrlf(encryptLegacyPem(leaf.privateKey, PASSWORD, 'des-cbc')),
      password: PASSWORD,
    }),
  ],
  [
    'a key encrypted with an empty password and a blank field',
    () => ({ certificate: leaf.certificatePem, key: encryptPkcs8Native(leaf.privateKey, ''), password: '' }),
  ],
  [
    'a password on an unencrypted key is ignored',
    () => ({ certificate: leaf.certificatePem, key: leaf.keyPem, password: 'whatever' }),
  ],
  [
    'no upload: the key we generated for /csr',
    () => ({ certificate: leaf.certificatePem }),
    () => ({ generatedKeyPem: leaf.keyPem }),
  ],
  [
    'CUIT written with hyphens in the options',
    () => ({ certificate: leaf.certificatePem, key: leaf.keyPem }),
    () => ({ supplierCuit: '30-71234567-1' }),
  ],
  [
    'a live certificate in live',
    () => {
      const live = makeLeaf({ ca: makeCa('live'), cuit: CUIT, alias: ALIAS });
      return { certificate: live.certificatePem, key: live.keyPem };
    },
    () => ({ environment: 'live' }),
  ],
];

describe('validateCertificateBundle: accepted encodings', () => {
  it.each(accepted)('%s', async (_name, input, extra = () => ({})) => {
    const bundle = await validateCertificateBundle(input(), { ...options, ...extra() });
    expect(bundle.cuit).toBe(CUIT);
    expect(bundle.alias).toBe(ALIAS);
    expect(createPrivateKey(bundle.privateKeyPem).export({ type: 'pkcs1', format: 'der' })).toEqual(leaf.pkcs1Der);
  });

  it('reads a leaf + chain file whichever order it comes in, and returns the chain', async () => {
    const ca = makeCa('sandbox').certificatePem;
    for (const certificate of [
      `${leaf.certificatePem}${ca}`,
      withCrlf(`${ca}\n${leaf.certificatePem}`),
      `${ca}${leaf.certificatePem}${ca}`,
    ]) {
      const bundle = await validateCertificateBundle({ certificate, key: leaf.keyPem }, options);
      expect(bundle.certificatePem).toBe(leaf.certificatePem);
      expect(bundle.chainPems).toEqual([ca]);
    }
  });

  it('prefers an uploaded key over the generated one', async () => {
    const other = testKey('rsa', { slot: 'other' }).export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(
      (
        await validateCertificateBundle(
          { certificate: leaf.certificatePem, key: leaf.keyPem },
          { ...options, generatedKeyPem: other },
        )
      ).cuit,
    ).toBe(CUIT);
    const error = await failure({ certificate: leaf.certificatePem }, { generatedKeyPem: other });
    // With our own key there is nothing for the supplier to fix but the certificate.
    expect([error.code, error.field]).toEqual(['key_mismatch', 'certificate']);
    expect(error.messages.en).toMatch(/request \(CSR\) we prepared/);
  });

  it('refuses a key whose key derivation would hold the server for seconds', async () => {
    const asn1 = forge.asn1.fromDer(encryptPkcs8Der(leaf.privateKey, PASSWORD).toString('binary'));
    // EncryptedPrivateKeyInfo → algorithm → PBES2 params → PBKDF2 → params → iterationCount
    const kdfParams = (
      (((asn1.value as forge.asn1.Asn1[])[0]!.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]!
        .value as forge.asn1.Asn1[]
    )[1]!;
    (kdfParams.value as forge.asn1.Asn1[])[1]!.value = forge.asn1.integerToDer(50_000_000).getBytes();
    const key = Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
    const started = Date.now();
    expect((await failure({ certificate: leaf.certificatePem, key, password: PASSWORD })).code).toBe('key_unreadable');
    expect(Date.now() - started).toBeLessThan(200);
  });
});

describe('validateCertificateBundle: the returned bundle', () => {
  it('describes the certificate', async () => {
    const notBefore = new Date(Math.floor(Date.now() / 1000) * 1000 - DAY);
    const notAfter = new Date(notBefore.getTime() + 730 * DAY);
    const issued = sandboxLeaf({ organization: 'Panadería Ñandú S.A.', notBefore, notAfter });
    const bundle = await validateCertificateBundle({ certificate: issued.certificateDer, key: issued.keyPem }, options);
    const x509 = new X509Certificate(issued.certificateDer);
    expect(bundle).toEqual({
      certificatePem: issued.certificatePem,
      chainPems: [],
      privateKeyPem: expect.stringMatching(/^-----BEGIN PRIVATE KEY-----\n/),
      alias: ALIAS,
      cuit: CUIT,
      serial: issued.serial,
      issuer: 'CN=Computadores Test, O=AFIP, C=AR',
      subject: `CN=${ALIAS}, serialNumber=CUIT ${CUIT}, O=Panadería Ñandú S.A., C=AR`,
      notBefore,
      notAfter,
      fingerprint: createHash('sha256').update(issued.certificateDer).digest('hex'),
    });
    expect(bundle.fingerprint).toBe(x509.fingerprint256.replaceAll(':', '').toLowerCase());
    expect(bundle.serial).toBe(x509.serialNumber.toLowerCase());
    expect(bundle.privateKeyPem).not.toMatch(/ENCRYPTED/);
  });

  it('is valid from notBefore to notAfter inclusive, judged at `now`', async () => {
    const input = { certificate: leaf.certificatePem, key: leaf.keyPem };
    const { notBefore, notAfter } = await validateCertificateBundle(input, options); // as encoded: whole seconds
    expect((await validateCertificateBundle(input, { ...options, now: notBefore })).cuit).toBe(CUIT);
    expect((await validateCertificateBundle(input, { ...options, now: notAfter })).cuit).toBe(CUIT);
    expect((await failure(input, { now: new Date(notAfter.getTime() + 1000) })).code).toBe('certificate_expired');
    expect((await failure(input, { now: new Date(notBefore.getTime() - 1000) })).code).toBe(
      'certificate_not_yet_valid',
    );
  });
});

describe('validateCertificateBundle: the first failure in DESIGN.md order wins', () => {
  const expiredLeaf = () =>
    sandboxLeaf({ notBefore: new Date(Date.now() - 800 * DAY), notAfter: new Date(Date.now() - DAY) });
  const otherKeyPem = () => testKey('rsa', { slot: 'other' }).export({ type: 'pkcs8', format: 'pem' }).toString();
  const order: Array<[string, () => CertificateBundleInput, CertificateErrorCode, Partial<ValidationOptions>?]> = [
    ['unreadable certificate before missing key', () => ({ certificate: 'x' }), 'certificate_unreadable'],
    [
      'CSR before missing key',
      () => ({ certificate: makeCsr({ key: leaf.privateKey, cuit: CUIT, alias: ALIAS }).pem }),
      'certificate_is_request',
    ],
    [
      'unreadable key before anything about the certificate',
      () => ({ certificate: expiredLeaf().certificatePem, key: 'x' }),
      'key_unreadable',
    ],
    [
      'password required before key mismatch',
      () => ({
        certificate: leaf.certificatePem,
        key: encryptPkcs8Native(testKey('rsa', { slot: 'other' }), PASSWORD),
      }),
      'key_password_required',
    ],
    [
      'weak key before key mismatch',
      () => ({
        certificate: leaf.certificatePem,
        key: testKey('rsa', { bits: 1024, slot: 'leaf' }).export({ type: 'pkcs8', format: 'pem' }),
      }),
      'key_too_weak',
    ],
    [
      'key mismatch before expiry',
      () => ({ certificate: expiredLeaf().certificatePem, key: otherKeyPem() }),
      'key_mismatch',
    ],
    [
      'expiry before trust',
      () => {
        const old = makeLeaf({
          ca: makeCa('lookalike-sandbox'),
          cuit: CUIT,
          alias: ALIAS,
          notAfter: new Date(Date.now() - DAY),
        });
        return { certificate: old.certificatePem, key: old.keyPem };
      },
      'certificate_expired',
    ],
    [
      'not-yet-valid before wrong environment',
      () => {
        const soon = makeLeaf({ ca: makeCa('live'), cuit: CUIT, alias: ALIAS, notBefore: new Date(Date.now() + DAY) });
        return { certificate: soon.certificatePem, key: soon.keyPem };
      },
      'certificate_not_yet_valid',
    ],
    [
      'wrong environment before CUIT',
      () => {
        const live = makeLeaf({ ca: makeCa('live'), cuit: OTHER_CUIT, alias: ALIAS });
        return { certificate: live.certificatePem, key: live.keyPem };
      },
      'certificate_wrong_environment',
    ],
    [
      'untrusted before CUIT',
      () => {
        const fake = makeLeaf({ ca: makeCa('lookalike-sandbox'), cuit: OTHER_CUIT, alias: ALIAS });
        return { certificate: fake.certificatePem, key: fake.keyPem };
      },
      'certificate_untrusted',
    ],
  ];
  it.each(order)('%s', async (_name, input, code, extra) => {
    expect((await failure(input(), extra)).code).toBe(code);
  });
});

describe('secrets stay out of errors', () => {
  it('no message, detail or stack carries the password or key material', async () => {
    const secret = 'Ñandú-secreto-€42';
    const encrypted = encryptPkcs8Native(leaf.privateKey, secret);
    const attempts: CertificateBundleInput[] = [
      { certificate: leaf.keyPem, key: leaf.keyPem, password: secret },
      { certificate: leaf.certificatePem, key: encrypted, password: `${secret}x` },
      { certificate: leaf.certificatePem, key: encrypted },
      { certificate: leaf.certificatePem, key: leaf.keyPem.slice(0, 400), password: secret },
      {
        certificate: leaf.certificatePem,
        key: testKey('rsa', { slot: 'other' }).export({ type: 'pkcs8', format: 'pem' }),
        password: secret,
      },
    ];
    const keyLines = [leaf.keyPem, leaf.pkcs1Pem, encrypted].flatMap((pem) =>
      pem.split('\n').filter((line) => line.length >= 32 && !line.startsWith('-----')),
    );
    for (const input of attempts) {
      const error = await failure(input, { supplierCuit: OTHER_CUIT });
      const said = [
        error.message,
        error.messages.es,
        error.messages.en,
        String(error),
        error.stack,
        JSON.stringify(error),
        JSON.stringify(error.details),
      ].join('\n');
      expect(said).not.toContain(secret);
      expect(said).not.toContain('secreto');
      for (const line of keyLines) expect(said).not.toContain(line.slice(0, 32));
      expect(error.cause).toBeUndefined(); // library errors might quote what they failed to parse
    }
  });
});

describe('CERTIFICATE_ERROR_MESSAGES', () => {
  const codes = Object.keys(CERTIFICATE_ERROR_MESSAGES) as CertificateErrorCode[];

  it('has the 18 contract codes, each in Spanish and English, for any details', () => {
    expect(codes).toHaveLength(18);
    const detailSets = [
      {},
      { environment: 'sandbox' as const },
      { environment: 'live' as const, service: 'wsfex', cuit: CUIT },
      { generatedKey: true },
    ];
    for (const code of codes) {
      for (const details of detailSets) {
        const { es, en } = CERTIFICATE_ERROR_MESSAGES[code](details);
        expect(es.trim().length, `${code} es`).toBeGreaterThan(30);
        expect(en.trim().length, `${code} en`).toBeGreaterThan(30);
        expect(es).not.toBe(en);
        expect(`${es} ${en}`).not.toMatch(/undefined|\[object/);
      }
      const error = new CertificateError(code);
      expect(error).toBeInstanceOf(Error);
      expect([error.name, error.code, error.message]).toEqual(['CertificateError', code, error.messages.en]);
    }
  });

  it('tells how to fix what the authority reports', () => {
    const sandbox = new CertificateError('service_not_authorized', { service: 'wsfe', environment: 'sandbox' });
    expect(sandbox.field).toBeUndefined();
    expect(sandbox.messages.es).toContain('wsfe');
    expect(sandbox.messages.es).toContain('Crear autorización a servicio');
    const live = new CertificateError('service_not_authorized', { service: 'wsfex', environment: 'live' });
    expect(live.messages.en).toContain('wsfex');
    expect(live.messages.es).toMatch(/Administrador de Relaciones de Clave Fiscal.*Nueva Relación/);
    expect(new CertificateError('certificate_revoked', { environment: 'live' }).messages.es).toMatch(
      /revocado.*nuevo.*Administración de Certificados Digitales/,
    );
    expect(new CertificateError('certificate_revoked').field).toBe('certificate');
    expect(new CertificateError('authority_unavailable').messages.en).toMatch(/few minutes/);
    expect(new CertificateError('authority_unavailable').field).toBeUndefined();
  });

  it('names the environments and the CUIT where they matter', async () => {
    expect(
      (await failure({ certificate: leaf.certificatePem, key: leaf.keyPem }, { environment: 'live' })).messages.en,
    ).toMatch(/for testing \(homologación\), but this registration is for production/);
    expect(
      (await failure({ certificate: leaf.certificatePem, key: leaf.keyPem }, { supplierCuit: OTHER_CUIT })).messages.es,
    ).toContain('20-12345678-6');
    expect((await failure({ key: leaf.keyPem }, { environment: 'live' })).messages.en).toMatch(/ARCA/);
  });
});

describe('the fixtures, checked by a tool we did not write', () => {
  const openssl = (args: string[]) =>
    execFileSync('openssl', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const hasOpenssl = (() => {
    try {
      return openssl(['version']).startsWith('OpenSSL');
    } catch {
      return false;
    }
  })();

  it.skipIf(!hasOpenssl)(
    'openssl verifies the leaf against its CA and prints the same issuer, subject and serial',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'pki-'));
      onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
      const issued = sandboxLeaf({ organization: 'Panadería Ñandú S.A.' });
      writeFileSync(join(dir, 'ca.pem'), makeCa('sandbox').certificatePem);
      writeFileSync(join(dir, 'leaf.pem'), issued.certificatePem);
      writeFileSync(join(dir, 'req.pem'), makeCsr({ key: leaf.privateKey, cuit: CUIT, alias: ALIAS }).pem);
      expect(openssl(['verify', '-CAfile', join(dir, 'ca.pem'), join(dir, 'leaf.pem')])).toContain('OK');
      expect(openssl(['req', '-in', join(dir, 'req.pem'), '-verify', '-noout'])).toBe('');
      const printed = openssl([
        'x509',
        '-in',
        join(dir, 'leaf.pem'),
        '-noout',
        '-issuer',
        '-subject',
        '-serial',
        '-nameopt',
        'RFC2253,-esc_msb',
      ]);
      const bundle = await validateCertificateBundle(
        { certificate: issued.certificatePem, key: issued.keyPem },
        options,
      );
      const comma = (dn: string) => dn.replaceAll(', ', ',');
      expect(printed).toContain(`issuer=${comma(bundle.issuer)}\n`);
      expect(printed).toContain(`subject=${comma(bundle.subject)}\n`);
      expect(printed).toContain(`serial=${bundle.serial.toUpperCase()}\n`);
    },
  );
});
