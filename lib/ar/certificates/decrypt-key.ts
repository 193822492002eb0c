// Opens a password-protected private key within bounds the file itself states: the ciphertext's size and
// the key derivation's cost are checked before any work, the derivation runs off the event loop, and the
// cipher is OpenSSL's, or node-forge's for what OpenSSL 3 keeps in its legacy provider (DES, RC2).
import crypto from 'node:crypto';
import forge from 'node-forge';
import { DER, readDer } from '@/lib/ar/der';
import { CertificateError } from '@/lib/ar/certificates/errors';
import type { PemBlock } from '@/lib/ar/certificates/encoding';
import { deriveKey, withinBudget } from '@/lib/ar/certificates/key-derivation';
import { readKeyEncryption, type KeyEncryption } from '@/lib/ar/certificates/key-encryption';

/** A key as the file holds it once decrypted: its DER and the PEM label it would carry. */
export interface PlainKey {
  label: string;
  der: Buffer;
}

/**
 * No RSA key of 4096 bits or fewer needs 8 KiB of DER (one of 4096 bits is under 3 KiB), so a larger
 * ciphertext is refused before it is deciphered: node-forge's RC2 takes ~1 ms a KiB.
 */
const MAX_ENCRYPTED_KEY_BYTES = 8 * 1024;

interface Cipher {
  keyLength: number;
  ivLength: number;
  /** The plaintext, or undefined when the padding does not check (a wrong password). */
  decrypt(key: Buffer, iv: Buffer, data: Buffer): Buffer | undefined;
}

export async function decryptPrivateKey(block: PemBlock, password: string | undefined): Promise<PlainKey> {
  const encryption = readKeyEncryption(block);
  const cipher = encryption && cipherFor(encryption);
  if (!encryption || !cipher) throw new CertificateError('key_unreadable');
  if (encryption.data.length > MAX_ENCRYPTED_KEY_BYTES)
    throw new CertificateError('key_unsupported', { reason: 'key_too_large' });
  if (!withinBudget(encryption.kdf))
    throw new CertificateError('key_unreadable', { reason: 'key_derivation_too_costly' });
  // Some tools encrypt with an empty password; a blank field should still open such a key.
  const plain = await decryptWith(encryption, cipher, password ?? '');
  if (plain) return { label: encryption.plainLabel, der: plain };
  throw new CertificateError(password ? 'key_password_invalid' : 'key_password_required');
}

async function decryptWith(encryption: KeyEncryption, cipher: Cipher, password: string): Promise<Buffer | undefined> {
  let derived: Awaited<ReturnType<typeof deriveKey>>;
  try {
    derived = await deriveKey(encryption.kdf, password, cipher.keyLength, cipher.ivLength);
  } catch {
    throw new CertificateError('key_unreadable'); // parameters the derivation refuses (an odd scrypt cost, say)
  }
  const plain = cipher.decrypt(derived.key, encryption.iv ?? derived.iv!, encryption.data);
  // About one wrong password in 256 leaves a padding that checks: the bytes are then no key.
  return plain && isKeyStructure(plain, encryption.plainLabel) ? plain : undefined;
}

/** PKCS#8 is SEQUENCE { INTEGER, SEQUENCE, OCTET STRING, ... }; the legacy forms SEQUENCE { INTEGER version, ... }. */
function isKeyStructure(der: Buffer, label: string): boolean {
  try {
    const key = readDer(der);
    const [version, algorithm, privateKey] = key.children;
    if (key.tag !== DER.SEQUENCE || version?.tag !== DER.INTEGER) return false;
    return label !== 'PRIVATE KEY' || (algorithm?.tag === DER.SEQUENCE && privateKey?.tag === DER.OCTET_STRING);
  } catch {
    return false;
  }
}

function cipherFor(encryption: KeyEncryption): Cipher | undefined {
  const cipher = FORGE_CIPHERS[encryption.cipher] ?? nativeCipher(encryption.cipher);
  if (!cipher || (encryption.keyLength !== undefined && encryption.keyLength !== cipher.keyLength)) return undefined;
  if (encryption.iv && encryption.iv.length !== cipher.ivLength) return undefined;
  return cipher;
}

/** Any CBC cipher OpenSSL's default provider has; getCipherInfo also names legacy ones it cannot start. */
function nativeCipher(name: string): Cipher | undefined {
  const info = crypto.getCipherInfo(name);
  if (info?.mode !== 'cbc' || !info.ivLength) return undefined;
  try {
    crypto.createDecipheriv(name, Buffer.alloc(info.keyLength), Buffer.alloc(info.ivLength));
  } catch {
    return undefined;
  }
  return {
    keyLength: info.keyLength,
    ivLength: info.ivLength,
    decrypt(key, iv, data) {
      try {
        const decipher = crypto.createDecipheriv(name, key, iv);
        return Buffer.concat([decipher.update(data), decipher.final()]);
      } catch {
        return undefined;
      }
    },
  };
}

type ForgeDecipher = Pick<forge.rc2.cipher, 'update' | 'finish' | 'output'>;

function forgeCipher(keyLength: number, start: (key: string, iv: string) => ForgeDecipher): Cipher {
  return {
    keyLength,
    ivLength: 8,
    decrypt(key, iv, data) {
      const decipher = start(key.toString('binary'), iv.toString('binary'));
      decipher.update(forge.util.createBuffer(data.toString('binary')));
      return decipher.finish() ? Buffer.from(decipher.output.getBytes(), 'binary') : undefined;
    },
  };
}

const rc2 = (keyLength: number, bits: number) =>
  forgeCipher(keyLength, (key, iv) => {
    const decipher = forge.rc2.createDecryptionCipher(key, bits);
    decipher.start(iv);
    return decipher;
  });

/** What OpenSSL 3 has only in its legacy provider, by the names DEK-Info and our OID tables use. */
const FORGE_CIPHERS: Record<string, Cipher> = {
  'des-cbc': forgeCipher(8, (key, iv) => {
    const decipher = forge.cipher.createDecipher('DES-CBC', key);
    decipher.start({ iv });
    return decipher as unknown as ForgeDecipher;
  }),
  'rc2-40-cbc': rc2(5, 40),
  'rc2-64-cbc': rc2(8, 64),
  'rc2-cbc': rc2(16, 128),
  'rc2-128-cbc': rc2(16, 128),
};
