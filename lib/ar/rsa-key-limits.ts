// The RSA keys we agree to compute with, judged from their DER alone: one signature with a crafted
// modulus or public exponent costs seconds to minutes, so no key object is made and nothing is signed
// or verified before these limits pass. They hold for suppliers' keys, the CSRs the emulator signs and
// the certificates that sign a WSAA login.
import { child, DER, DerError, oidOf, readDer, type DerNode } from '@/lib/ar/der';

/** The authority issues certificates for 2048-bit keys; 4096 is the largest any supplier's tool makes on request. */
export const RSA_MIN_BITS = 2048;
const RSA_MAX_BITS = 4096;
/** e = 1 makes every message its own signature; an even e is no RSA key; past 2^32 each bit slows verification. */
const EXPONENT_LIMIT = 2n ** 32n;

const RSA_KEY_ALGORITHMS = new Set([
  '1.2.840.113549.1.1.1' /* rsaEncryption */,
  '1.2.840.113549.1.1.10' /* RSASSA-PSS */,
]);

export interface RsaPublicNumbers {
  modulusBits: number;
  exponent: bigint;
}

/** too_small: under 2048 bits; too_large: over 4096; exponent: even, under 3, or 2^32 and over. */
export type RsaKeyProblem = 'too_small' | 'too_large' | 'exponent';

export function rsaKeyProblem({ modulusBits, exponent }: RsaPublicNumbers): RsaKeyProblem | undefined {
  if (modulusBits < RSA_MIN_BITS) return 'too_small';
  if (modulusBits > RSA_MAX_BITS) return 'too_large';
  if (exponent < 3n || exponent >= EXPONENT_LIMIT || exponent % 2n === 0n) return 'exponent';
  return undefined;
}

/** The numbers of an RSA SubjectPublicKeyInfo; undefined when it holds another algorithm or is not DER we can read. */
export function rsaNumbersOfSpki(spki: Buffer): RsaPublicNumbers | undefined {
  return readSafely(() => {
    const info = readDer(spki);
    if (!RSA_KEY_ALGORITHMS.has(oidOf(child(child(info, 0, DER.SEQUENCE), 0)))) return undefined;
    const bits = child(info, 1, DER.BIT_STRING).value;
    if (bits[0] !== 0) return undefined; // unused bits: a DER key has none
    const key = readDer(bits.subarray(1)); // RSAPublicKey ::= SEQUENCE { modulus, publicExponent }
    return numbersOf(child(key, 0, DER.INTEGER), child(key, 1, DER.INTEGER));
  });
}

/**
 * The public numbers inside a private key's DER: PKCS#1 RSAPrivateKey, or PKCS#8 PrivateKeyInfo.
 * 'not_rsa' for a PKCS#8 key of another algorithm; undefined for DER we cannot read.
 */
export function rsaNumbersOfPrivateKey(der: Buffer, form: 'pkcs1' | 'pkcs8'): RsaPublicNumbers | 'not_rsa' | undefined {
  return readSafely(() => {
    let rsaPrivateKey = der;
    if (form === 'pkcs8') {
      const info = readDer(der);
      if (!RSA_KEY_ALGORITHMS.has(oidOf(child(child(info, 1, DER.SEQUENCE), 0)))) return 'not_rsa';
      rsaPrivateKey = child(info, 2, DER.OCTET_STRING).value;
    }
    const key = readDer(rsaPrivateKey); // SEQUENCE { version, modulus, publicExponent, privateExponent, ... }
    return numbersOf(child(key, 1, DER.INTEGER), child(key, 2, DER.INTEGER));
  });
}

function numbersOf(modulus: DerNode, exponent: DerNode): RsaPublicNumbers | undefined {
  const n = unsigned(modulus);
  const e = unsigned(exponent);
  if (!n || !e) return undefined;
  const bits = n.length === 0 ? 0 : (n.length - 1) * 8 + (32 - Math.clz32(n[0]!));
  return { modulusBits: bits, exponent: e.length === 0 ? 0n : BigInt(`0x${e.toString('hex')}`) };
}

/** An INTEGER's magnitude without leading zero bytes; undefined if negative. */
function unsigned(node: DerNode): Buffer | undefined {
  const bytes = node.value;
  if (bytes.length > 0 && bytes[0]! & 0x80) return undefined;
  let start = 0;
  while (start < bytes.length && bytes[start] === 0) start++;
  return bytes.subarray(start);
}

function readSafely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (error instanceof DerError) return undefined;
    throw error;
  }
}
