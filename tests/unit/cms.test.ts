import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { X509Certificate, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CmsError, buildLoginTicketRequest, signCms, verifyCms } from '@/lib/ar/cms';
import { craftedRsaKey, identityExponentKey } from '@/tests/support/crafted-keys';
import { makeCa, makeLeaf, pkcs8Pem, testKey } from '@/tests/support/pki';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const ca = makeCa('sandbox');
const signer = makeLeaf({ ca, cuit: '20123456786', alias: 'cmstest' });
const tra = Buffer.from(buildLoginTicketRequest({ service: 'wsfe', now: new Date('2026-11-21T10:49:01Z') }), 'utf8');

const file = (name: string, content: string | Buffer) => {
  const target = path.join(dir, name);
  fs.writeFileSync(target, content);
  return target;
};
const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'pipe', 'pipe'] });

/** A CMS made by the openssl command line, for verifyCms to read. */
function opensslSigned(name: string, ...options: string[]): Buffer {
  const out = path.join(dir, `${name}.der`);
  openssl(
    'cms',
    '-sign',
    '-in',
    file(`${name}.xml`, tra),
    '-signer',
    file('signer.pem', signer.certificatePem),
    '-inkey',
    file('signer.key', signer.keyPem),
    '-outform',
    'DER',
    '-out',
    out,
    '-binary',
    ...options,
  );
  return fs.readFileSync(out);
}

function reasonOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof CmsError) return error.reason;
    throw error;
  }
  return undefined;
}

describe('signCms', () => {
  let signed: Buffer;
  beforeAll(async () => {
    signed = await signCms(tra, signer.certificatePem, signer.keyPem);
  });

  it('is verified by `openssl cms -verify` against the CA, which recovers the content', () => {
    const out = path.join(dir, 'verified.xml');
    openssl(
      'cms',
      '-verify',
      '-inform',
      'DER',
      '-in',
      file('ours.der', signed),
      '-CAfile',
      file('ca.pem', ca.certificatePem),
      '-purpose',
      'any',
      '-out',
      out,
    );
    expect(fs.readFileSync(out)).toEqual(tra);
  });

  it('carries SHA-256, the signer certificate and the contentType, messageDigest and signingTime attributes', () => {
    const printed = openssl(
      'cms',
      '-cmsout',
      '-print',
      '-inform',
      'DER',
      '-in',
      file('ours-print.der', signed),
    ).toString();
    expect(printed).toContain('sha256');
    expect(printed).toMatch(/contentType[\s\S]*messageDigest[\s\S]*signingTime|signingTime[\s\S]*messageDigest/);
    expect(printed).toContain('CN=cmstest');
  });

  it('round-trips through verifyCms', () => {
    const verified = verifyCms(signed);
    expect(verified.content).toEqual(tra);
    expect(new X509Certificate(verified.signerCertificatePem).fingerprint256).toBe(
      new X509Certificate(signer.certificatePem).fingerprint256,
    );
    expect(verified.certificatesPem).toHaveLength(1);
  });

  it('fails as bad_signature when the content or the signature is tampered with', () => {
    const at = signed.indexOf(Buffer.from('<service>wsfe'));
    const content = Buffer.from(signed);
    content[at + 9] = 'x'.charCodeAt(0);
    expect(reasonOf(() => verifyCms(content))).toBe('bad_signature');
    const signature = Buffer.from(signed);
    signature[signature.length - 1]! ^= 0xff;
    expect(reasonOf(() => verifyCms(signature))).toBe('bad_signature');
  });
});

describe('verifyCms on what openssl makes', () => {
  it.each([
    ['sha256', []],
    ['sha1', ['-md', 'sha1']],
    ['streamed BER with indefinite lengths', ['-stream']],
    ['no signed attributes', ['-noattr']],
  ])('%s verifies', (name, options) => {
    const verified = verifyCms(opensslSigned(name.replace(/\W+/g, '-'), '-nodetach', ...options));
    expect(verified.content).toEqual(tra);
  });

  it.each([
    ['garbage', () => Buffer.from('hello'), 'malformed'],
    ['a certificate, not a CMS', () => new X509Certificate(signer.certificatePem).raw, 'malformed'],
    ['detached content', () => opensslSigned('detached'), 'bad_signature'],
    ['no certificates', () => opensslSigned('nocerts', '-nodetach', '-nocerts'), 'no_signer_certificate'],
  ])('%s → %s', (_name, make, reason) => {
    expect(reasonOf(() => verifyCms(make()))).toBe(reason);
  });
});

describe('verifyCms computes only with keys within the RSA limits', () => {
  /** A CMS our signCms makes with `key`, under a certificate the test CA issued for it. */
  const signedWith = (key: KeyObject) => {
    const leaf = makeLeaf({ ca, cuit: '20123456786', alias: 'cmslimits', key });
    return () => signCms(tra, leaf.certificatePem, pkcs8Pem(key));
  };
  /** openssl's CMS with `extra` more certificates beside the signer's. */
  const withCertificates = (extra: number) => () => {
    const others = Array.from(
      { length: extra },
      (_, i) =>
        makeLeaf({ ca, cuit: '20123456786', alias: `otro${i}`, key: testKey('rsa', { slot: 'other' }) }).certificatePem,
    );
    return Promise.resolve(
      opensslSigned(`certfile-${extra}`, '-nodetach', '-certfile', file(`others-${extra}.pem`, others.join(''))),
    );
  };

  it.each([
    // Its signatures verify (each message is its own signature), so anyone could forge one.
    ['a signer whose key has public exponent 1', 'bad_signature', signedWith(identityExponentKey(signer.privateKey))],
    ['a signer of 1024 bits', 'bad_signature', signedWith(testKey('rsa', { bits: 1024, slot: 'cms' }))],
    ['a signer of 4097 bits', 'bad_signature', signedWith(craftedRsaKey({ bits: 4097 }))],
    ['a CMS carrying 11 certificates', 'malformed', withCertificates(10)],
  ] as const)('%s → %s', async (_name, reason, make) => {
    const cms = await make();
    expect(reasonOf(() => verifyCms(cms))).toBe(reason);
  });

  it('reads a CMS carrying 10 certificates', async () => {
    expect(verifyCms(await withCertificates(9)()).content).toEqual(tra);
  });
});

describe('buildLoginTicketRequest', () => {
  it('writes the TRA with a ten-minute window either side, in Argentina time', () => {
    expect(buildLoginTicketRequest({ service: 'wsfe', now: new Date('2026-11-21T10:49:01.081Z'), uniqueId: 42 })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><loginTicketRequest version="1.0"><header><uniqueId>42</uniqueId>' +
        '<generationTime>2026-11-21T07:39:01-03:00</generationTime><expirationTime>2026-11-21T07:59:01-03:00</expirationTime>' +
        '</header><service>wsfe</service></loginTicketRequest>',
    );
  });
});
