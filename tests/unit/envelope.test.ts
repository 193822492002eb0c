import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSecret, sealSecret, sealedKeyId, SecretUnreadableError } from '@/lib/crypto/sealing';
import { devKeyFile, masterKeys } from '@/lib/crypto/master-keys';

const KEY_A = randomBytes(32).toString('base64');
const KEY_B = randomBytes(32).toString('base64');
const idOf = (key: string) => createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex').slice(0, 16);
const CONTEXT = {
  ownerId: '0190c0de-0000-7000-8000-000000000001',
  entryId: '0190c0de-0000-7000-8000-000000000002',
  purpose: 'certificate.key',
};
const SECRET = Buffer.from('-----BEGIN PRIVATE KEY----- contraseña ñandú 🔑');

const ENV = ['ENCRYPTION_KEY', 'DATA_DIR', 'APP_ENV'] as const;
let saved: Record<string, string | undefined>;
let dataDir: string;

beforeEach(() => {
  saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'envelope-test-'));
  process.env.DATA_DIR = dataDir;
  process.env.ENCRYPTION_KEY = KEY_A;
  delete process.env.APP_ENV;
});

afterEach(() => {
  for (const name of ENV) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected it to throw');
}

function unreadable(open: () => unknown) {
  const error = thrown(open);
  expect(error).toBeInstanceOf(SecretUnreadableError);
  expect(error.message).not.toContain(SECRET.toString());
}

/** The sealed string with one of its base64url parts changed at the byte level. */
function flipByte(sealed: string, part: number, byte = 0): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[part]!, 'base64url');
  bytes[byte] = bytes[byte]! ^ 0x01;
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

describe('sealSecret / openSecret', () => {
  it.each([
    ['a short non-ASCII secret', SECRET],
    ['an empty secret', Buffer.alloc(0)],
    ['a 64 KiB secret', randomBytes(64 * 1024)],
  ])('round-trips %s', (_, plaintext) => {
    const sealed = sealSecret(plaintext, CONTEXT);
    expect(sealed).toMatch(/^v1\.[0-9a-f]{16}(\.[A-Za-z0-9_-]*){4}$/);
    expect(openSecret(sealed, CONTEXT).equals(plaintext)).toBe(true);
  });

  it('seals the same plaintext differently every time, naming the newest key', () => {
    const [one, two] = [sealSecret(SECRET, CONTEXT), sealSecret(SECRET, CONTEXT)];
    expect(one).not.toBe(two);
    expect(sealedKeyId(one)).toBe(idOf(KEY_A));
    expect(one).not.toContain(SECRET.toString('base64url'));
  });

  it.each([
    ['wrapped key: its iv', 2, 0],
    ['wrapped key: its tag', 2, 12],
    ['wrapped key: its ciphertext', 2, 28],
    ['iv', 3, 0],
    ['ciphertext', 4, 5],
    ['tag', 5, 15],
  ])('fails when a byte of the %s is changed', (_, part, byte) => {
    unreadable(() => openSecret(flipByte(sealSecret(SECRET, CONTEXT), part, byte), CONTEXT));
  });

  it('fails when the version, key id or shape is changed', () => {
    const sealed = sealSecret(SECRET, CONTEXT);
    const [, keyId, ...rest] = sealed.split('.');
    unreadable(() => openSecret(sealed.replace(/^v1/, 'v2'), CONTEXT));
    unreadable(() => openSecret(['v1', idOf(KEY_B), ...rest].join('.'), CONTEXT));
    unreadable(() => openSecret(`${sealed}.`, CONTEXT));
    unreadable(() => openSecret(sealed.slice(0, -4), CONTEXT)); // a truncated tag
    unreadable(() => openSecret('', CONTEXT));
    // A configured key that is not the one named: the wrapped data key does not authenticate.
    process.env.ENCRYPTION_KEY = `${KEY_A},${KEY_B}`;
    unreadable(() => openSecret(['v1', idOf(KEY_B), ...rest].join('.'), CONTEXT));
    expect(keyId).toBe(idOf(KEY_A));
  });

  it('fails when any single character of the stored string is changed, even in padding bits', () => {
    const sealed = sealSecret(Buffer.from('pw'), CONTEXT);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < sealed.length; i++) {
      const lowBitFlipped = alphabet[alphabet.indexOf(sealed[i]!) ^ 1] ?? 'A';
      for (const other of [lowBitFlipped, '!', '=']) {
        unreadable(() => openSecret(sealed.slice(0, i) + other + sealed.slice(i + 1), CONTEXT));
      }
    }
  });

  it.each([
    ['owner', { ...CONTEXT, ownerId: '0190c0de-0000-7000-8000-000000000009' }],
    ['entry', { ...CONTEXT, entryId: '0190c0de-0000-7000-8000-000000000009' }],
    ['entry (none)', { ...CONTEXT, entryId: null }],
    ['purpose', { ...CONTEXT, purpose: 'certificate.password' }],
  ])('fails in another %s', (_, context) => {
    unreadable(() => openSecret(sealSecret(SECRET, CONTEXT), context));
  });
});

describe('master keys', () => {
  it('rotates: older keys still open, new seals use the newest, a removed key no longer opens', () => {
    const underA = sealSecret(SECRET, CONTEXT);
    process.env.ENCRYPTION_KEY = ` ${KEY_B} , ${KEY_A} `;
    expect(openSecret(underA, CONTEXT).equals(SECRET)).toBe(true);
    expect(sealedKeyId(sealSecret(SECRET, CONTEXT))).toBe(idOf(KEY_B));
    expect([...masterKeys().byId.keys()]).toEqual([idOf(KEY_B), idOf(KEY_A)]);
    process.env.ENCRYPTION_KEY = KEY_B;
    unreadable(() => openSecret(underA, CONTEXT));
  });

  it('makes a development key file with mode 0600 under DATA_DIR, and reuses it', () => {
    delete process.env.ENCRYPTION_KEY;
    process.env.DATA_DIR = path.join(dataDir, 'first');
    const sealed = sealSecret(SECRET, CONTEXT);
    const file = devKeyFile();
    expect(file).toBe(path.join(dataDir, 'first', 'encryption.key'));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const key = fs.readFileSync(file, 'utf8').trim();
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    expect(sealedKeyId(sealed)).toBe(idOf(key));

    process.env.DATA_DIR = path.join(dataDir, 'second');
    expect(masterKeys().newest.id).not.toBe(idOf(key));
    process.env.DATA_DIR = path.join(dataDir, 'first');
    expect(openSecret(sealed, CONTEXT).equals(SECRET)).toBe(true);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(key);
  });

  it('refuses to run in production without ENCRYPTION_KEY, and makes no key file', () => {
    process.env.APP_ENV = 'production';
    delete process.env.ENCRYPTION_KEY;
    expect(() => masterKeys()).toThrow(/ENCRYPTION_KEY is not set.*base64 of 32 random bytes/);
    expect(() => sealSecret(SECRET, CONTEXT)).toThrow(/ENCRYPTION_KEY/);
    expect(fs.existsSync(devKeyFile())).toBe(false);
    process.env.ENCRYPTION_KEY = KEY_A;
    expect(masterKeys().newest.id).toBe(idOf(KEY_A));
  });

  it.each([
    ['16 bytes', randomBytes(16).toString('base64')],
    ['33 bytes', randomBytes(33).toString('base64')],
    ['not base64', 'this is not a key, at all!'],
    ['hex', randomBytes(32).toString('hex')],
    ['an empty entry', `${KEY_A},`],
    ['a bad older entry', `${KEY_A},${randomBytes(31).toString('base64')}`],
  ])('rejects a malformed ENCRYPTION_KEY: %s, without echoing it', (_, value) => {
    process.env.ENCRYPTION_KEY = value;
    const { message } = thrown(() => masterKeys());
    expect(message).toMatch(/ENCRYPTION_KEY.*exactly 32 bytes/);
    for (const entry of value.split(',').filter(Boolean)) expect(message).not.toContain(entry);
  });
});
