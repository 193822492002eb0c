// Reads the supplier's private key in the forms OpenSSL and ARCA's guides produce (PKCS#1, PKCS#8, encrypted
// PKCS#8, legacy encrypted PEM; PEM or DER) and checks it is an RSA key of at least 2048 bits.
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { CertificateError } from './errors';
import { decryptPrivateKey } from './decrypt-key';
import { children, decodeUpload, derToAsn1, toPem, type PemBlock } from './encoding';

export const MIN_RSA_BITS = 2048;

const { Class, Type } = forge.asn1;

export function parsePrivateKey(bytes: Buffer, password: string | undefined): KeyObject {
  const block = findKeyBlock(bytes);
  if (!block) throw new CertificateError('key_unreadable');
  const encrypted = block.label === 'ENCRYPTED PRIVATE KEY' || /ENCRYPTED/.test(block.headers['Proc-Type'] ?? '');
  const key = encrypted ? decryptPrivateKey(block, password) : readPlainKey(block);
  if (key.asymmetricKeyType !== 'rsa') throw new CertificateError('key_unsupported');
  if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < MIN_RSA_BITS) throw new CertificateError('key_too_weak');
  if (!signsVerifiably(key)) throw new CertificateError('key_unreadable');
  return key;
}

/**
 * A file damaged in the key's private half still parses, and still matches its certificate (only the
 * public half is compared), but signs garbage: the authority would refuse every login with it.
 */
function signsVerifiably(key: KeyObject): boolean {
  const probe = Buffer.from('key probe');
  try {
    return verify('sha256', probe, createPublicKey(key), sign('sha256', probe, key));
  } catch {
    return false;
  }
}

/** The first private key in the file: a .pem holding the certificate and the key is common. */
function findKeyBlock(bytes: Buffer): PemBlock | undefined {
  const decoded = decodeUpload(bytes);
  if (decoded.kind === 'pem') return decoded.blocks.find((block) => /PRIVATE KEY$/.test(block.label));
  const label = derKeyLabel(decoded.der);
  return label ? { label, headers: {}, der: decoded.der } : undefined;
}

/** DER carries no label, so the structure tells which one it would have had; a certificate matches none. */
function derKeyLabel(der: Buffer): string | undefined {
  const types = children(derToAsn1(der)).map((node) => (node.tagClass === Class.UNIVERSAL ? node.type : -1));
  const [first, second, third] = types;
  if (types.length === 2 && first === Type.SEQUENCE && second === Type.OCTETSTRING) return 'ENCRYPTED PRIVATE KEY';
  if (first === Type.INTEGER && second === Type.SEQUENCE && third === Type.OCTETSTRING) return 'PRIVATE KEY';
  if (types.length >= 9 && types.every((type) => type === Type.INTEGER)) return 'RSA PRIVATE KEY';
  if (first === Type.INTEGER && second === Type.OCTETSTRING) return 'EC PRIVATE KEY';
  return undefined;
}

function readPlainKey(block: PemBlock): KeyObject {
  try {
    return createPrivateKey({ key: toPem(block.label, block.der), format: 'pem' });
  } catch {
    throw new CertificateError('key_unreadable');
  }
}
