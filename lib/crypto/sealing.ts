// Envelope encryption for secrets at rest: each secret has its own data key, wrapped by a master key
// that the stored value names, so that master keys can rotate while older values still open.
import 'server-only';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { masterKeys } from '@/lib/crypto/master-keys';
import { sameClassInEveryBundle } from '@/lib/process-singleton';

/** Whose secret this is and what for; bound to the ciphertext, so a value moved elsewhere will not open. */
export interface SecretContext {
  ownerId: string;
  entryId?: string | null;
  purpose: string;
}

/** A sealed value that cannot be opened here: malformed, tampered, another context, or an unknown key. */
export class SecretUnreadableError extends Error {
  constructor(reason: string) {
    super(`The secret cannot be opened: ${reason}.`);
    this.name = 'SecretUnreadableError';
  }
}
sameClassInEveryBundle(SecretUnreadableError, 'SecretUnreadableError');

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID = /^[0-9a-f]{16}$/;

/** `v1.<keyId>.<wrapped data key: iv|tag|ct>.<iv>.<ciphertext>.<tag>`, binary parts in base64url. */
export function sealSecret(plaintext: Buffer, context: SecretContext): string {
  const master = masterKeys().newest;
  const aad = additionalData(context);
  const dataKey = randomBytes(KEY_BYTES);
  try {
    const wrapped = encrypt(master.key, dataKey, aad);
    const body = encrypt(dataKey, plaintext, aad);
    return [
      VERSION,
      master.id,
      Buffer.concat([wrapped.iv, wrapped.tag, wrapped.ciphertext]).toString('base64url'),
      body.iv.toString('base64url'),
      body.ciphertext.toString('base64url'),
      body.tag.toString('base64url'),
    ].join('.');
  } finally {
    dataKey.fill(0);
  }
}

/** Opens with whichever configured master key the value names, not only the newest. */
export function openSecret(sealed: string, context: SecretContext): Buffer {
  const parts = parseSealed(sealed);
  const master = masterKeys().byId.get(parts.keyId);
  if (!master) throw new SecretUnreadableError(`its master key ${parts.keyId} is not in ENCRYPTION_KEY`);
  const aad = additionalData(context);
  const dataKey = decrypt(
    master.key,
    {
      iv: parts.wrapped.subarray(0, IV_BYTES),
      tag: parts.wrapped.subarray(IV_BYTES, IV_BYTES + TAG_BYTES),
      ciphertext: parts.wrapped.subarray(IV_BYTES + TAG_BYTES),
    },
    aad,
  );
  try {
    return decrypt(dataKey, parts, aad);
  } finally {
    dataKey.fill(0);
  }
}

/** The id of the master key a sealed value was made with. */
export function sealedKeyId(sealed: string): string {
  return parseSealed(sealed).keyId;
}

// Owner and entry are ids; keeping '/' out of them keeps the joined string unambiguous.
function additionalData({ ownerId, entryId, purpose }: SecretContext): Buffer {
  if (!ownerId || ownerId.includes('/') || entryId?.includes('/') || !purpose) {
    throw new Error('A secret needs an owner id and a purpose, and ids cannot contain "/".');
  }
  return Buffer.from(`${ownerId}/${entryId ?? '-'}/${purpose}`, 'utf8');
}

interface Sealed {
  iv: Buffer;
  ciphertext: Buffer;
  tag: Buffer;
}

function encrypt(key: Buffer, plaintext: Buffer, aad: Buffer): Sealed {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES }).setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, ciphertext, tag: cipher.getAuthTag() };
}

function decrypt(key: Buffer, { iv, ciphertext, tag }: Sealed, aad: Buffer): Buffer {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad).setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    throw new SecretUnreadableError('it was altered, or belongs to another owner, entry or purpose');
  }
}

function parseSealed(sealed: string) {
  const parts = sealed.split('.');
  const [version, keyId, wrapped, iv, ciphertext, tag] = parts;
  if (parts.length !== 6 || version !== VERSION || !KEY_ID.test(keyId ?? '')) {
    throw new SecretUnreadableError(`it is not a ${VERSION} sealed value`);
  }
  return {
    keyId: keyId!,
    wrapped: strictBase64url(wrapped!, IV_BYTES + TAG_BYTES + KEY_BYTES),
    iv: strictBase64url(iv!, IV_BYTES),
    ciphertext: strictBase64url(ciphertext!),
    tag: strictBase64url(tag!, TAG_BYTES),
  };
}

// Buffer.from skips characters it does not know; insisting on the canonical form means any edit
// to the text is caught here or by the tag, never silently ignored.
function strictBase64url(text: string, length?: number): Buffer {
  const bytes = Buffer.from(text, 'base64url');
  if (bytes.toString('base64url') !== text || (length !== undefined && bytes.length !== length)) {
    throw new SecretUnreadableError(`it is not a ${VERSION} sealed value`);
  }
  return bytes;
}
