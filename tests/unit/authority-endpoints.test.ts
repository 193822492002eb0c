// Where our clients reach the authority: AFIP/ARCA's published hosts, the operator's AR_WSAA_URL_* /
// AR_WSFE_URL_* instead (an absolute URL; https in production, checked at start-up), or the emulator.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { authorityEndpoint } from '@/lib/authority/endpoints';
import { checkConfiguration } from '@/lib/server/configuration-checks';
import { restoreEnvAfterEach } from '@/tests/support/env-restore';
import { makeCa } from '@/tests/support/pki';

const NAMES = [
  'APP_ENV',
  'NODE_ENV',
  'AR_AUTHORITY',
  'AR_EMULATOR_URL',
  'PORT',
  'AR_WSAA_URL_SANDBOX',
  'AR_WSAA_URL_LIVE',
  'AR_WSFE_URL_SANDBOX',
  'AR_WSFE_URL_LIVE',
  'AR_WSFEX_URL_SANDBOX',
  'AR_WSFEX_URL_LIVE',
  'AR_WSCT_URL_SANDBOX',
  'AR_WSCT_URL_LIVE',
  'AR_SANDBOX_CA_CERT',
  'AR_LIVE_CA_CERT',
] as const;
const env = process.env as Record<string, string | undefined>;
restoreEnvAfterEach(NAMES);

function given(values: Partial<Record<(typeof NAMES)[number], string>>) {
  for (const name of NAMES) delete env[name];
  Object.assign(env, values);
}

describe('authorityEndpoint', () => {
  it("reaches WSCT (tourism) at the authority's hosts with the legacy TLS setting, the override, or the emulator", () => {
    given({ AR_AUTHORITY: 'afip' });
    expect(authorityEndpoint('sandbox', 'wsct')).toEqual({
      url: 'https://fwshomo.afip.gov.ar/wsct/CTService',
      legacyTls: true,
    });
    expect(authorityEndpoint('live', 'wsct').url).toBe('https://serviciosjava.afip.gob.ar/wsct/CTService');
    given({
      AR_AUTHORITY: 'afip',
      APP_ENV: 'production',
      AR_WSCT_URL_LIVE: 'https://ct.proxy.example.com/wsct/CTService',
    });
    expect(authorityEndpoint('live', 'wsct')).toEqual({
      url: 'https://ct.proxy.example.com/wsct/CTService',
      legacyTls: true,
    });
    expect(authorityEndpoint('sandbox', 'wsct').url).toBe('https://fwshomo.afip.gov.ar/wsct/CTService');
    given({ AR_AUTHORITY: 'afip', APP_ENV: 'production', AR_WSCT_URL_SANDBOX: 'http://ct.example.com/wsct/CTService' });
    expect(() => authorityEndpoint('sandbox', 'wsct')).toThrow(
      'AR_WSCT_URL_SANDBOX must be an https URL in production',
    );
    given({ AR_AUTHORITY: 'emulator', AR_EMULATOR_URL: 'http://127.0.0.1:4100' });
    expect(authorityEndpoint('live', 'wsct')).toEqual({
      url: 'http://127.0.0.1:4100/emulator/live/wsct/CTService',
      legacyTls: false,
    });
  });

  it("answers AFIP/ARCA's published hosts when nothing overrides them", () => {
    given({ AR_AUTHORITY: 'afip' });
    expect(authorityEndpoint('sandbox', 'wsaa')).toEqual({
      url: 'https://wsaahomo.afip.gov.ar/ws/services/LoginCms',
      legacyTls: true,
    });
    expect(authorityEndpoint('sandbox', 'wsfe').url).toBe('https://wswhomo.afip.gov.ar/wsfev1/service.asmx');
    expect(authorityEndpoint('live', 'wsaa').url).toBe('https://wsaa.afip.gov.ar/ws/services/LoginCms');
    expect(authorityEndpoint('live', 'wsfe').url).toBe('https://servicios1.afip.gov.ar/wsfev1/service.asmx');
  });

  it("answers each service and environment's own override, leaving the others alone", () => {
    given({
      AR_AUTHORITY: 'afip',
      APP_ENV: 'production',
      AR_WSFE_URL_LIVE: 'https://wsfe.proxy.example.com:8443/wsfev1/service.asmx',
      AR_WSAA_URL_SANDBOX: ' https://wsaa-homo.example.com/ws/services/LoginCms ',
    });
    expect(authorityEndpoint('live', 'wsfe')).toEqual({
      url: 'https://wsfe.proxy.example.com:8443/wsfev1/service.asmx',
      legacyTls: true,
    });
    expect(authorityEndpoint('sandbox', 'wsaa').url).toBe('https://wsaa-homo.example.com/ws/services/LoginCms');
    expect(authorityEndpoint('sandbox', 'wsfe').url).toBe('https://wswhomo.afip.gov.ar/wsfev1/service.asmx');
    expect(authorityEndpoint('live', 'wsaa').url).toBe('https://wsaa.afip.gov.ar/ws/services/LoginCms');
  });

  it('takes an http override outside production (a local stand-in), never in production', () => {
    given({
      AR_AUTHORITY: 'afip',
      APP_ENV: 'development',
      AR_WSFE_URL_SANDBOX: 'http://127.0.0.1:9000/wsfev1/service.asmx',
    });
    expect(authorityEndpoint('sandbox', 'wsfe').url).toBe('http://127.0.0.1:9000/wsfev1/service.asmx');
    env.APP_ENV = 'production';
    expect(() => authorityEndpoint('sandbox', 'wsfe')).toThrow(
      'AR_WSFE_URL_SANDBOX must be an https URL in production; it is http.',
    );
  });

  it('ignores the overrides while the emulator answers as the authority', () => {
    given({
      AR_AUTHORITY: 'emulator',
      PORT: '3100',
      AR_WSFE_URL_SANDBOX: 'https://wsfe.proxy.example.com/service.asmx',
    });
    expect(authorityEndpoint('sandbox', 'wsfe')).toEqual({
      url: 'http://127.0.0.1:3100/emulator/sandbox/wsfev1/service.asmx',
      legacyTls: false,
    });
  });
});

describe('the start-up check of the authority URLs', () => {
  it.each([
    ['not a URL', { AR_WSFE_URL_LIVE: 'wsfe.afip.gov.ar/service.asmx' }, /AR_WSFE_URL_LIVE is not an absolute URL/],
    [
      'another scheme',
      { AR_WSAA_URL_LIVE: 'ftp://wsaa.example.com/' },
      /AR_WSAA_URL_LIVE must be an http\(s\) URL; it is ftp/,
    ],
    [
      'credentials in it',
      { AR_WSAA_URL_SANDBOX: 'https://user:secret@wsaa.example.com/' },
      /AR_WSAA_URL_SANDBOX must not carry a user name or password/,
    ],
    [
      'http in production',
      { APP_ENV: 'production', AR_AUTHORITY: 'afip', AR_WSFE_URL_SANDBOX: 'http://wsfe.example.com/' },
      /AR_WSFE_URL_SANDBOX must be an https URL in production/,
    ],
  ])('refuses to start with %s', (_, values, message) => {
    given({ APP_ENV: 'development', ...values });
    expect(() => checkConfiguration()).toThrow(message);
  });

  it('starts with well-formed overrides', () => {
    // Production against the authority also needs its CAs (tests/unit/configuration-checks.test.ts).
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-files-'));
    const caFile = (name: string, pem: string) => {
      fs.writeFileSync(path.join(directory, name), pem);
      return path.join(directory, name);
    };
    given({
      APP_ENV: 'production',
      AR_AUTHORITY: 'afip',
      AR_WSAA_URL_LIVE: 'https://wsaa.example.com/ws/services/LoginCms',
      AR_SANDBOX_CA_CERT: caFile('sandbox.pem', makeCa('sandbox').certificatePem),
      AR_LIVE_CA_CERT: caFile('live.pem', makeCa('live').certificatePem),
    });
    expect(checkConfiguration()).toEqual([]);
  });
});

describe('WSFEX (exports)', () => {
  it("answers the authority's hosts, each environment's own override, and the emulator's path", () => {
    given({ AR_AUTHORITY: 'afip' });
    expect(authorityEndpoint('sandbox', 'wsfex')).toEqual({
      url: 'https://wswhomo.afip.gov.ar/wsfexv1/service.asmx',
      legacyTls: true,
    });
    expect(authorityEndpoint('live', 'wsfex').url).toBe('https://servicios1.afip.gov.ar/wsfexv1/service.asmx');
    given({ AR_AUTHORITY: 'afip', AR_WSFEX_URL_LIVE: 'https://fex.proxy.example.com/wsfexv1/service.asmx' });
    expect(authorityEndpoint('live', 'wsfex').url).toBe('https://fex.proxy.example.com/wsfexv1/service.asmx');
    expect(authorityEndpoint('sandbox', 'wsfex').url).toBe('https://wswhomo.afip.gov.ar/wsfexv1/service.asmx');
    given({ AR_AUTHORITY: 'emulator', AR_EMULATOR_URL: 'http://127.0.0.1:3999' });
    expect(authorityEndpoint('live', 'wsfex')).toEqual({
      url: 'http://127.0.0.1:3999/emulator/live/wsfexv1/service.asmx',
      legacyTls: false,
    });
  });

  it('refuses an http WSFEX host in production, naming the variable', () => {
    given({ APP_ENV: 'production', AR_AUTHORITY: 'afip', AR_WSFEX_URL_SANDBOX: 'http://fex.example.com/' });
    expect(() => authorityEndpoint('sandbox', 'wsfex')).toThrow(
      'AR_WSFEX_URL_SANDBOX must be an https URL in production; it is http.',
    );
  });
});
