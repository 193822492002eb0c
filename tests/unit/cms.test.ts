import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { X509Certificate } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { CmsError, buildLoginTicketRequest, signCms, verifyCms } from '@/lib/ar/cms';
import { makeCa, makeLeaf } from '../support/pki';

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
  openssl('cms', '-sign', '-in', file(`${name}.xml`, tra), '-signer', file('signer.pem', signer.certificatePem),
    '-inkey', file('signer.key', signer.keyPem), '-outform', 'DER', '-out', out, '-binary', ...options);
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
  const signed = signCms(tra, signer.certificatePem, signer.keyPem);

  it('is verified by `openssl cms -verify` against the CA, which recovers the content', () => {
    const out = path.join(dir, 'verified.xml');
    openssl('cms', '-verify', '-inform', 'DER', '-in', file('ours.der', signed), '-CAfile', file('ca.pem', ca.certificatePem),
      '-purpose', 'any', '-out', out);
    expect(fs.readFileSync(out)).toEqual(tra);
  });

  it('carries SHA-256, the signer certificate and the contentType, messageDigest and signingTime attributes', () => {
    const printed = openssl('cms', '-cmsout', '-print', '-inform', 'DER', '-in', file('ours-print.der', signed)).toString();
    expect(printed).toContain('sha256');
    expect(printed).toMatch(/contentType[\s\S]*messageDigest[\s\S]*signingTime|signingTime[\s\S]*messageDigest/);
    expect(printed).toContain('CN=cmstest');
  });

  it('round-trips through verifyCms', () => {
    const verified = verifyCms(signed);
    expect(verified.content).toEqual(tra);
    expect(new X509Certificate(verified.signerCertificatePem).fingerprint256).toBe(new X509Certificate(signer.certificatePem).fingerprint256);
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

describe('buildLoginTicketRequest', () => {
  it('writes the TRA with a ten-minute window either side, in Argentina time', () => {
    expect(buildLoginTicketRequest({ service: 'wsfe', now: new Date('2026-11-21T10:49:01.081Z'), uniqueId: 42 })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><loginTicketRequest version="1.0"><header><uniqueId>42</uniqueId>'
      + '<generationTime>2026-11-21T07:39:01-03:00</generationTime><expirationTime>2026-11-21T07:59:01-03:00</expirationTime>'
      + '</header><service>wsfe</service></loginTicketRequest>',
    );
  });
});
