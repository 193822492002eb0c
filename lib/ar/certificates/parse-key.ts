// Reads the supplier's private key in the forms OpenSSL and ARCA's guides produce (PKCS#1, PKCS#8, encrypted
// PKCS#8, legacy encrypted PEM; PEM or DER) and checks it is an RSA key we compute with: 2048 to 4096 bits
// and a sound public exponent, judged from its DER before any key object exists or anything is signed.
import { createPrivateKey, createPublicKey, verify, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { RSA_MIN_BITS, rsaKeyProblem, rsaNumbersOfPrivateKey } from '@/lib/ar/rsa-key-limits';
import { signOffLoop } from '@/lib/crypto/off-loop';
import { CertificateError } from '@/lib/ar/certificates/errors';
import { decryptPrivateKey, type PlainKey } from '@/lib/ar/certificates/decrypt-key';
import { children, decodeUpload, derToAsn1, toPem, type PemBlock } from '@/lib/ar/certificates/encoding';

const { Class, Type } = forge.asn1;

export async function parsePrivateKey(bytes: Buffer, password: string | undefined): Promise<KeyObject> {
  const block = findKeyBlock(bytes);
  if (!block) throw new CertificateError('key_unreadable');
  const encrypted = block.label === 'ENCRYPTED PRIVATE KEY' || /ENCRYPTED/.test(block.headers['Proc-Type'] ?? '');
  const plain = encrypted ? await decryptPrivateKey(block, password) : { label: block.label, der: block.der };
  checkRsaLimits(plain);
  const key = readPlainKey(plain);
  if (key.asymmetricKeyType !== 'rsa') throw new CertificateError('key_unsupported');
  if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < RSA_MIN_BITS) throw new CertificateError('key_too_weak');
  if (!(await signsVerifiably(key))) throw new CertificateError('key_unreadable');
  return key;
}

/** An RSA key out of the limits is refused here, from its DER; keys of other algorithms are told apart once read. */
function checkRsaLimits(plain: PlainKey) {
  const form = plain.label === 'RSA PRIVATE KEY' ? 'pkcs1' : plain.label === 'PRIVATE KEY' ? 'pkcs8' : undefined;
  if (!form) return; // another algorithm's own format (EC PRIVATE KEY, ...): key_unsupported once read
  const numbers = rsaNumbersOfPrivateKey(plain.der, form);
  if (numbers === 'not_rsa') return;
  if (!numbers) throw new CertificateError('key_unreadable');
  const problem = rsaKeyProblem(numbers);
  if (problem === 'too_small') throw new CertificateError('key_too_weak');
  if (problem)
    throw new CertificateError('key_unsupported', {
      reason: problem === 'too_large' ? 'key_too_large' : 'key_exponent',
    });
}

/**
 * A file damaged in the key's private half still parses, and still matches its certificate (only the
 * public half is compared), but signs garbage: the authority would refuse every login with it. The
 * signature is the costly half; checking it with a key within the limits takes a fraction of a millisecond.
 */
async function signsVerifiably(key: KeyObject): Promise<boolean> {
  const probe = Buffer.from('key probe');
  try {
    return verify('sha256', probe, createPublicKey(key), await signOffLoop('sha256', probe, key));
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

/** Node reads these three forms as DER; any other label (DSA's, say) goes through PEM. */
const DER_TYPES: Record<string, 'pkcs8' | 'pkcs1' | 'sec1'> = {
  'PRIVATE KEY': 'pkcs8',
  'RSA PRIVATE KEY': 'pkcs1',
  'EC PRIVATE KEY': 'sec1',
};

function readPlainKey(plain: PlainKey): KeyObject {
  const type = DER_TYPES[plain.label];
  try {
    return type
      ? createPrivateKey({ key: plain.der, format: 'der', type })
      : createPrivateKey({ key: toPem(plain.label, plain.der), format: 'pem' });
  } catch {
    throw new CertificateError('key_unreadable');
  }
}
