// The work an upload may make us do, bounded from the files alone: RSA keys of 2048 to 4096 bits with a
// sound public exponent, key derivations of at most ~100 ms, at most 10 certificates a file. Each refusal
// comes before the work (fast, whatever the file asks for), and the heaviest bundle we accept is opened
// and probed off the event loop.
import { generateKeyPair, type KeyObject } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CertificateError,
  validateCertificateBundle,
  type CertificateBundleInput,
  type CertificateErrorCode,
  type ValidationOptions,
} from '@/lib/ar/certificates';
import { MAX_PBKDF2_ITERATIONS, MAX_PKCS12_ITERATIONS } from '@/lib/ar/certificates/key-derivation';
import { craftedRsaKey, identityExponentKey } from '@/tests/support/crafted-keys';
import { heldMs, latenciesDuring, synchronousDerivationMs } from '@/tests/support/event-loop';
import {
  DEFAULT_KEYS,
  encryptPkcs8,
  encryptPkcs8Pbes2,
  makeCa,
  makeLeaf,
  pkcs8Pem,
  prepareKeys,
  testKey,
  trustAnchors,
  type Pbes2Kdf,
} from '@/tests/support/pki';

const CUIT = '30712345671';
const ALIAS = 'limites';
const PASSWORD = 'contraseña€';
/** Far below what any refused file cost before (a tenth of a second to minutes), far above reading a few KB of DER. */
const REFUSAL_MS = 50;

const options: ValidationOptions = {
  environment: 'sandbox',
  trustAnchors: { sandbox: [], live: [] },
  supplierCuit: CUIT,
};
const leafWith = (key: KeyObject) => makeLeaf({ ca: makeCa('sandbox'), cuit: CUIT, alias: ALIAS, key });
const bundleOf = (key: KeyObject): CertificateBundleInput => ({
  certificate: leafWith(key).certificatePem,
  key: pkcs8Pem(key),
});
const encrypted = (key: KeyObject, kdf: Pbes2Kdf): CertificateBundleInput => ({
  certificate: leafWith(key).certificatePem,
  key: encryptPkcs8Pbes2(key, PASSWORD, kdf),
  password: PASSWORD,
});
/** The leaf and `others` more certificates of the same CA, in one file. */
const chainFile = (others: number) => {
  const ca = makeCa('sandbox');
  const extra = Array.from(
    { length: others },
    (_, i) => makeLeaf({ ca, cuit: CUIT, alias: `otro${i}`, key: testKey('rsa', { slot: 'other' }) }).certificatePem,
  );
  return [leafWith(testKey()).certificatePem, ...extra].join('');
};

let rsa4096: KeyObject;
let exponent3: KeyObject;

beforeAll(async () => {
  await prepareKeys([...DEFAULT_KEYS, { slot: 'default' }, { bits: 4096, slot: 'limits' }]);
  rsa4096 = testKey('rsa', { bits: 4096, slot: 'limits' });
  exponent3 = (await promisify(generateKeyPair)('rsa', { modulusLength: 2048, publicExponent: 3 })).privateKey;
  options.trustAnchors = trustAnchors();
}, 60_000);

async function refusal(input: CertificateBundleInput): Promise<{ error: CertificateError; ms: number }> {
  const started = performance.now();
  try {
    await validateCertificateBundle(input, options);
  } catch (error) {
    if (error instanceof CertificateError) return { error, ms: performance.now() - started };
    throw error;
  }
  throw new Error('expected a CertificateError, but the bundle was accepted');
}

type Refused = [string, () => CertificateBundleInput, CertificateErrorCode, RegExp];

const REFUSED: Refused[] = [
  ['RSA 4097 bits', () => bundleOf(craftedRsaKey({ bits: 4097 })), 'key_unsupported', /longer than 4096 bits/],
  ['RSA 8192 bits', () => bundleOf(craftedRsaKey({ bits: 8192 })), 'key_unsupported', /longer than 4096 bits/],
  [
    'RSA 32768 bits, random factors (a ~25 KB file; signing with it took ten seconds)',
    () => bundleOf(craftedRsaKey({ bits: 32_768 })),
    'key_unsupported',
    /longer than 4096 bits/,
  ],
  [
    'public exponent 1: each message is its own signature',
    () => bundleOf(identityExponentKey(testKey())),
    'key_unsupported',
    /public exponent/,
  ],
  [
    'public exponent 2^32 + 1',
    () => bundleOf(craftedRsaKey({ exponent: 2 ** 32 + 1 })),
    'key_unsupported',
    /public exponent/,
  ],
  [
    'an even public exponent, 65536',
    () => bundleOf(craftedRsaKey({ exponent: 65_536 })),
    'key_unsupported',
    /public exponent/,
  ],
  [
    'a public exponent of 8192 bits',
    () => bundleOf(craftedRsaKey({ exponent: 2n ** 8191n + 1n })),
    'key_unsupported',
    /public exponent/,
  ],
  [
    'encrypted, with more than 8 KiB of ciphertext (a 16384-bit key)',
    () => encrypted(craftedRsaKey({ bits: 16_384 }), { pbkdf2: { prf: 'sha256', iterations: 2048 } }),
    'key_unsupported',
    /longer than 4096 bits/,
  ],
  [
    'PBKDF2-HMAC-SHA256, one iteration past the limit',
    () => encrypted(testKey(), { pbkdf2: { prf: 'sha256', iterations: MAX_PBKDF2_ITERATIONS.sha256 + 1 } }),
    'key_unreadable',
    /more iterations than we accept/,
  ],
  [
    'PBKDF2-HMAC-SHA1, one iteration past the limit',
    () => encrypted(testKey(), { pbkdf2: { prf: 'sha1', iterations: MAX_PBKDF2_ITERATIONS.sha1 + 1 } }),
    'key_unreadable',
    /more iterations than we accept/,
  ],
  [
    'PBKDF2-HMAC-SHA512, one iteration past the limit',
    () => encrypted(testKey(), { pbkdf2: { prf: 'sha512', iterations: MAX_PBKDF2_ITERATIONS.sha512 + 1 } }),
    'key_unreadable',
    /more iterations than we accept/,
  ],
  [
    'scrypt N=2^15, r=8, p=1 (N·r·p over 250 000)',
    () => encrypted(testKey(), { scrypt: { N: 2 ** 15, r: 8, p: 1 } }),
    'key_unreadable',
    /more iterations than we accept/,
  ],
  [
    'PKCS#12 PBE 3DES, one iteration past the limit',
    () => ({
      certificate: leafWith(testKey()).certificatePem,
      key: encryptPkcs8(testKey(), PASSWORD, { cipher: '3des', iterations: MAX_PKCS12_ITERATIONS + 1 }),
      password: PASSWORD,
    }),
    'key_unreadable',
    /more iterations than we accept/,
  ],
  [
    'a certificate file of 11 certificates',
    () => ({ certificate: chainFile(10), key: pkcs8Pem(testKey()) }),
    'certificate_unreadable',
    /more than 10 certificates/,
  ],
  [
    'a certificate file of 64 KiB of BEGIN lines',
    () => ({ certificate: '-----BEGIN A-----'.repeat(3800), key: pkcs8Pem(testKey()) }),
    'certificate_unreadable',
    /could not read the certificate/,
  ],
  [
    'a key file of 64 KiB of BEGIN lines',
    () => ({ certificate: leafWith(testKey()).certificatePem, key: '-----BEGIN CERTIFICATE-----'.repeat(2400) }),
    'key_unreadable',
    /could not read the private key/,
  ],
];

describe('refused from the file alone, before any work', () => {
  it.each(REFUSED.map(([name, input, code, message]) => [name, code, input, message] as const))(
    '%s → %s',
    async (_name, code, input, message) => {
      const bundle = input();
      const { error, ms } = await refusal(bundle);
      expect(error.code).toBe(code);
      expect(error.messages.en).toMatch(message);
      expect(error.messages.es).not.toBe(error.messages.en);
      expect(ms).toBeLessThan(REFUSAL_MS);
    },
  );
});

type Accepted = [string, () => CertificateBundleInput];

const ACCEPTED: Accepted[] = [
  ['RSA 4096 bits', () => bundleOf(rsa4096)],
  ['public exponent 3', () => bundleOf(exponent3)],
  [
    'PBKDF2-HMAC-SHA256 at the limit',
    () => encrypted(testKey(), { pbkdf2: { prf: 'sha256', iterations: MAX_PBKDF2_ITERATIONS.sha256 } }),
  ],
  [
    'scrypt as OpenSSL writes it (N=16384, r=8, p=1)',
    () => encrypted(testKey(), { scrypt: { N: 16_384, r: 8, p: 1 } }),
  ],
  [
    'PKCS#12 PBE 3DES at the limit',
    () => ({
      certificate: leafWith(testKey()).certificatePem,
      key: encryptPkcs8(testKey(), PASSWORD, { cipher: '3des', iterations: MAX_PKCS12_ITERATIONS }),
      password: PASSWORD,
    }),
  ],
  ['a certificate file of 10 certificates', () => ({ certificate: chainFile(9), key: pkcs8Pem(testKey()) })],
];

describe('accepted up to the limits', () => {
  it.each(ACCEPTED)('%s', async (_name, input) => {
    const bundle = await validateCertificateBundle(input(), options);
    expect([bundle.cuit, bundle.alias]).toEqual([CUIT, ALIAS]);
  });
});

describe('the heaviest bundle we accept is opened and probed off the event loop', () => {
  // Before, each validation held the event loop for the whole derivation and signing probe: three held it
  // for at least three derivations. What one takes on this machine right now is the yardstick.
  it('three validations of a 4096-bit key behind PBKDF2-HMAC-SHA256 at the limit', async () => {
    const bundle = encrypted(rsa4096, { pbkdf2: { prf: 'sha256', iterations: MAX_PBKDF2_ITERATIONS.sha256 } });
    const yardstick = synchronousDerivationMs(MAX_PBKDF2_ITERATIONS.sha256);
    const validations = (async () => {
      for (let run = 0; run < 3; run++) await validateCertificateBundle(bundle, options);
    })();
    const held = heldMs(await latenciesDuring(validations));
    expect(held, `held ${held.toFixed(0)} ms in all, against one derivation's ${yardstick.toFixed(0)} ms`).toBeLessThan(
      1.5 * yardstick,
    );
  });
});
