// RSA keys as an attacker crafts them: any modulus size or public exponent, random (not prime) factors,
// made in microseconds and parsed like any real key. Signing with one falls back to a full-size
// exponentiation, which is how a single 50 KB upload could hold the server for minutes.
import { createPrivateKey, randomBytes, type KeyObject } from 'node:crypto';

/** `bits` random bits with the top one set, odd (as a modulus is). */
function randomNumber(bits: number): Buffer {
  const bytes = randomBytes(Math.ceil(bits / 8));
  const spare = bytes.length * 8 - bits;
  bytes[0] = (bytes[0]! & (0xff >> spare)) | (0x80 >> spare);
  bytes[bytes.length - 1]! |= 1;
  return bytes;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

function exponentBytes(exponent: bigint | number): Buffer {
  const hex = BigInt(exponent).toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
}

export interface CraftedKeyOptions {
  /** Modulus size. */
  bits?: number;
  /** Public exponent: any value, e.g. 1, an even one, or a number of thousands of bits. */
  exponent?: bigint | number;
}

/** A well-formed RSA private key whose numbers are random: it parses, has a certificate, and signs garbage slowly. */
export function craftedRsaKey({ bits = 2048, exponent = 65537 }: CraftedKeyOptions = {}): KeyObject {
  const half = Math.ceil(bits / 2);
  return createPrivateKey({
    format: 'jwk',
    key: {
      kty: 'RSA',
      n: base64url(randomNumber(bits)),
      e: base64url(exponentBytes(exponent)),
      d: base64url(randomNumber(bits)),
      p: base64url(randomNumber(half)),
      q: base64url(randomNumber(half)),
      dp: base64url(randomNumber(half)),
      dq: base64url(randomNumber(half)),
      qi: base64url(randomNumber(half)),
    },
  });
}

/**
 * A real key's primes with e = d = 1: every "signature" is the message itself, so the key signs, its
 * signatures verify, and anyone can forge them for its certificate.
 */
export function identityExponentKey(real: KeyObject): KeyObject {
  const jwk = real.export({ format: 'jwk' });
  const one = base64url(Buffer.from([1]));
  return createPrivateKey({ format: 'jwk', key: { ...jwk, e: one, d: one, dp: one, dq: one } });
}
