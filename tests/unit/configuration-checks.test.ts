// What production refuses to start with (the emulator without AR_EMULATOR_IN_PRODUCTION=1, an
// ADMIN_TOKEN under 32 characters) and what it starts with only under a printed warning.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkConfiguration } from '@/lib/server/configuration-checks';
import { restoreEnvAfterEach } from '@/tests/support/env-restore';
import { makeCa } from '@/tests/support/pki';

const NAMES = [
  'APP_ENV',
  'NODE_ENV',
  'AR_AUTHORITY',
  'AR_EMULATOR_IN_PRODUCTION',
  'ADMIN_TOKEN',
  'RATE_LIMITS',
  'AR_REGISTER_CERT_LIVE',
  'AR_REGISTER_KEY_LIVE',
  'AR_SANDBOX_CA_CERT',
  'AR_LIVE_CA_CERT',
] as const;
const env = process.env as Record<string, string | undefined>;
restoreEnvAfterEach(NAMES);

const LONG = 'x'.repeat(32);
const production = { APP_ENV: 'production' };

// The authority's CAs as PEM files (test CAs of the same names), and files that are not.
const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-files-'));
const file = (name: string, text: string) => {
  fs.writeFileSync(path.join(directory, name), text);
  return path.join(directory, name);
};
const cas = {
  AR_SANDBOX_CA_CERT: file('sandbox.pem', makeCa('sandbox').certificatePem),
  AR_LIVE_CA_CERT: file('live.pem', makeCa('live').certificatePem),
};
const afip = { ...production, AR_AUTHORITY: 'afip', ...cas };

describe('start-up configuration checks', () => {
  it.each([
    [
      'development, emulator, short token',
      { APP_ENV: 'development', AR_AUTHORITY: 'emulator', ADMIN_TOKEN: 'short' },
      [],
    ],
    ['production against the real authority', { ...afip, ADMIN_TOKEN: LONG }, []],
    ['production, the authority by default (afip), no ADMIN_TOKEN', { ...production, ...cas }, []],
    ['development against the real authority, no CA files', { APP_ENV: 'development', AR_AUTHORITY: 'afip' }, []],
    [
      'production, emulator, AR_EMULATOR_IN_PRODUCTION=1',
      { ...production, AR_AUTHORITY: 'emulator', AR_EMULATOR_IN_PRODUCTION: '1', ADMIN_TOKEN: LONG },
      [/WARNING: the built-in emulator answers as the tax authority in production .*needs ADMIN_TOKEN\.$/],
    ],
    [
      'production, emulator, AR_EMULATOR_IN_PRODUCTION=1, no ADMIN_TOKEN',
      { ...production, AR_AUTHORITY: 'emulator', AR_EMULATOR_IN_PRODUCTION: '1' },
      [/the portal is closed/],
    ],
    ['production, RATE_LIMITS=off', { ...afip, RATE_LIMITS: 'off' }, [/RATE_LIMITS=off/]],
  ])('starts: %s', (_, given, warnings) => {
    for (const name of NAMES) delete env[name];
    Object.assign(env, given);
    const printed = checkConfiguration();
    expect(printed).toHaveLength(warnings.length);
    warnings.forEach((pattern, i) => expect(printed[i]).toMatch(pattern));
  });

  it.each([
    [
      'production, AR_AUTHORITY=emulator alone',
      { ...production, AR_AUTHORITY: 'emulator', ADMIN_TOKEN: LONG },
      /AR_EMULATOR_IN_PRODUCTION=1/,
    ],
    [
      'production, AR_EMULATOR_IN_PRODUCTION=yes (only 1 counts)',
      { ...production, AR_AUTHORITY: 'emulator', AR_EMULATOR_IN_PRODUCTION: 'yes' },
      /AR_EMULATOR_IN_PRODUCTION=1/,
    ],
    [
      'NODE_ENV=production, emulator',
      { NODE_ENV: 'production', AR_AUTHORITY: 'emulator' },
      /AR_AUTHORITY=emulator in production/,
    ],
    // Without the authority's CAs every certificate would be certificate_untrusted: refused, naming the variables.
    [
      'production, afip, neither CA file',
      { ...production, AR_AUTHORITY: 'afip', ADMIN_TOKEN: LONG },
      /AR_SANDBOX_CA_CERT is not set; AR_LIVE_CA_CERT is not set\. Set AR_SANDBOX_CA_CERT and AR_LIVE_CA_CERT/,
    ],
    [
      'production, the authority by default, only the sandbox CA',
      { ...production, AR_SANDBOX_CA_CERT: cas.AR_SANDBOX_CA_CERT },
      /: AR_LIVE_CA_CERT is not set\./,
    ],
    [
      'production, afip, a CA file that does not exist',
      { ...afip, AR_LIVE_CA_CERT: path.join(directory, 'missing.pem') },
      /AR_LIVE_CA_CERT \(.*missing\.pem\) cannot be read: ENOENT/,
    ],
    [
      'production, afip, a CA file with no certificate',
      { ...afip, AR_SANDBOX_CA_CERT: file('empty.pem', 'not a certificate') },
      /AR_SANDBOX_CA_CERT \(.*empty\.pem\) holds no PEM certificate/,
    ],
    [
      'production, ADMIN_TOKEN of 31 characters',
      { ...afip, ADMIN_TOKEN: 'x'.repeat(31) },
      /ADMIN_TOKEN is 31 characters long; production needs at least 32/,
    ],
    [
      'production, emulator allowed, short ADMIN_TOKEN',
      { ...production, AR_AUTHORITY: 'emulator', AR_EMULATOR_IN_PRODUCTION: '1', ADMIN_TOKEN: 'change-me' },
      /at least 32/,
    ],
    [
      'development, a register certificate without its key',
      { APP_ENV: 'development', AR_REGISTER_CERT_LIVE: '/etc/platform/register.crt' },
      /AR_REGISTER_CERT_LIVE and AR_REGISTER_KEY_LIVE are set together/,
    ],
  ])('refuses: %s', (_, given, message) => {
    for (const name of NAMES) delete env[name];
    Object.assign(env, given);
    expect(() => checkConfiguration()).toThrow(message);
  });
});
