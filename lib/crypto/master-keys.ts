// The master keys that wrap every secret's data key: ENCRYPTION_KEY in production (newest first, so
// keys can rotate), or a key file under DATA_DIR so that a fresh clone runs without any setup.
import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { dataDir, isProduction } from '@/lib/config';
import { processSingleton } from '@/lib/process-singleton';

export interface MasterKey {
  /** First 16 hex characters of SHA-256 of the key: names the key in stored values without revealing it. */
  id: string;
  key: Buffer;
}

export interface MasterKeys {
  newest: MasterKey;
  byId: Map<string, MasterKey>;
}

const KEY_BYTES = 32;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const HOW_TO_MAKE_ONE = 'generate one with `openssl rand -base64 32`';

// Keyed by where the keys came from, so a changed ENCRYPTION_KEY (or DATA_DIR) is read afresh.
const cache = processSingleton('master-keys', (): { read?: { source: string; keys: MasterKeys } } => ({}));

export function masterKeys(): MasterKeys {
  const configured = process.env.ENCRYPTION_KEY?.trim();
  if (!configured && isProduction()) {
    throw new Error(
      `ENCRYPTION_KEY is not set. Production needs it to encrypt secrets: set it to the base64 of 32 random bytes (${HOW_TO_MAKE_ONE}).`,
    );
  }
  const source = configured ? `env:${configured}` : `file:${devKeyFile()}`;
  if (cache.read?.source !== source) {
    cache.read = { source, keys: configured ? fromEnvironment(configured) : fromDevKeyFile(devKeyFile()) };
  }
  return cache.read.keys;
}

/** Where development keeps its key; never used in production. */
export function devKeyFile(): string {
  return path.join(dataDir(), 'encryption.key');
}

export function masterKeyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

function fromEnvironment(value: string): MasterKeys {
  const entries = value.split(',').map((entry) => entry.trim());
  const keys = entries.map((entry, index) => {
    const where = entries.length > 1 ? `ENCRYPTION_KEY (entry ${index + 1} of ${entries.length})` : 'ENCRYPTION_KEY';
    return toMasterKey(decodeKey(entry, where));
  });
  return { newest: keys[0]!, byId: new Map(keys.map((key) => [key.id, key])) };
}

function fromDevKeyFile(file: string): MasterKeys {
  if (!fs.existsSync(file)) createKeyFile(file);
  const key = toMasterKey(decodeKey(fs.readFileSync(file, 'utf8').trim(), file));
  return { newest: key, byId: new Map([[key.id, key]]) };
}

/** Written beside and linked into place, so a concurrent reader sees the whole key or no file at all. */
function createKeyFile(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(draft, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(draft, file);
  } catch (error) {
    // Another process made it first: theirs is the key.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function decodeKey(text: string, where: string): Buffer {
  const bytes = BASE64.test(text) ? Buffer.from(text, 'base64') : undefined;
  if (bytes?.length !== KEY_BYTES) {
    throw new Error(`${where} is not the base64 of exactly ${KEY_BYTES} bytes; ${HOW_TO_MAKE_ONE}.`);
  }
  return bytes;
}

function toMasterKey(key: Buffer): MasterKey {
  return { id: masterKeyId(key), key };
}
