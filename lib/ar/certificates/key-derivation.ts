// Turns the supplier's password into the key that opens their private key, within a CPU budget and off
// the event loop: PBKDF2 and scrypt run on libuv's thread pool; the PKCS#12 derivation, which Node has
// no call for, hashes in short slices with other requests served in between.
import crypto from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import forge from 'node-forge';
import { pbkdf2OffLoop, scryptOffLoop } from '@/lib/crypto/off-loop';

export type Prf = 'sha1' | 'sha224' | 'sha256' | 'sha384' | 'sha512' | 'sha512-224' | 'sha512-256';

export type KeyDerivation =
  | { kind: 'pbkdf2'; salt: Buffer; iterations: number; prf: Prf }
  | { kind: 'scrypt'; salt: Buffer; cost: number; blockSize: number; parallelization: number }
  /** RFC 7292 appendix B with SHA-1: the key and the IV both come from the password. */
  | { kind: 'pkcs12'; salt: Buffer; iterations: number }
  /** OpenSSL's EVP_BytesToKey (MD5, one round), the legacy encrypted PEM's: no work to bound. */
  | { kind: 'openssl'; salt: Buffer };

// The most one derivation may cost is 100 ms of CPU. Measured on this machine (2 cores, Node 20.20,
// OpenSSL 3.0 with the SHA extensions), per PBKDF2 iteration: HMAC-SHA256 0.26 µs (390 000 in 100 ms),
// SHA-1 0.51 µs, SHA-224 0.53 µs, SHA-384 0.62 µs, SHA-512 0.63 µs, SHA-512/256 0.63 µs, SHA-512/224
// 1.24 µs. OpenSSL writes 2048 by default.
export const MAX_PBKDF2_ITERATIONS: Record<Prf, number> = {
  sha1: 180_000,
  sha224: 180_000,
  sha256: 380_000,
  sha384: 150_000,
  sha512: 150_000,
  'sha512-256': 150_000,
  'sha512-224': 80_000,
};
// scrypt: ~0.4 µs per unit of N·r·p (OpenSSL's N=16384, r=8, p=1 takes 52 ms), memory 128·N·r bytes.
const MAX_SCRYPT_WORK = 250_000;
const MAX_SCRYPT_MEMORY = 32 * 1024 * 1024;
// PKCS#12: three SHA-1 chains of `iterations` hashes for a 3DES key and IV, 0.92 µs a hash here (2.8 µs an
// iteration: 35 000 in 100 ms); node-forge's JavaScript took 4.3 µs an iteration (23 000 in 100 ms).
export const MAX_PKCS12_ITERATIONS = 35_000;
/** node-forge's EVP_BytesToKey, which its type definitions leave out. */
const forgePbe = (
  forge as unknown as { pbe: { opensslDeriveBytes(password: string, salt: string, length: number): string } }
).pbe;
/** SHA-1 hashes between two turns of the event loop: about 2 ms. */
const HASHES_PER_SLICE = 2048;
/** crypto.hash (Node 20.12 and later) saves a Hash object per round. */
const sha1 =
  typeof crypto.hash === 'function'
    ? (data: Buffer) => crypto.hash('sha1', data, 'buffer')
    : (data: Buffer) => crypto.createHash('sha1').update(data).digest();

/** Whether deriving costs at most the budget; checked before anything is derived. */
export function withinBudget(kdf: KeyDerivation): boolean {
  switch (kdf.kind) {
    case 'pbkdf2':
      return kdf.iterations <= MAX_PBKDF2_ITERATIONS[kdf.prf];
    case 'scrypt':
      return (
        kdf.cost * kdf.blockSize * kdf.parallelization <= MAX_SCRYPT_WORK &&
        128 * kdf.cost * kdf.blockSize <= MAX_SCRYPT_MEMORY
      );
    case 'pkcs12':
      return kdf.iterations <= MAX_PKCS12_ITERATIONS;
    case 'openssl':
      return true;
  }
}

/** The key (and, for PKCS#12, the IV) the password derives. Passwords are UTF-8, as OpenSSL reads them from a terminal. */
export async function deriveKey(
  kdf: KeyDerivation,
  password: string,
  keyLength: number,
  ivLength: number,
): Promise<{ key: Buffer; iv?: Buffer }> {
  const secret = Buffer.from(password, 'utf8');
  switch (kdf.kind) {
    case 'pbkdf2':
      // A hundredth of the budget (OpenSSL's 2048 iterations are half a millisecond) costs about what the trip
      // to the thread pool and back does: it runs inline.
      return {
        key:
          kdf.iterations <= MAX_PBKDF2_ITERATIONS[kdf.prf] / 100
            ? crypto.pbkdf2Sync(secret, kdf.salt, kdf.iterations, keyLength, kdf.prf)
            : await pbkdf2OffLoop(secret, kdf.salt, kdf.iterations, keyLength, kdf.prf),
      };
    case 'scrypt': {
      const options = { N: kdf.cost, r: kdf.blockSize, p: kdf.parallelization, maxmem: 2 * MAX_SCRYPT_MEMORY };
      return { key: await scryptOffLoop(secret, kdf.salt, keyLength, options) };
    }
    case 'pkcs12': {
      // PKCS#12 takes the password as a BMPString with its terminating NUL, as OpenSSL and node-forge both do.
      const bmp = Buffer.from(`${password}\0`, 'utf16le').swap16();
      return {
        key: await pkcs12Derive(bmp, kdf.salt, kdf.iterations, 1, keyLength),
        iv: await pkcs12Derive(bmp, kdf.salt, kdf.iterations, 2, ivLength),
      };
    }
    case 'openssl': {
      const bytes = forgePbe.opensslDeriveBytes(secret.toString('binary'), kdf.salt.toString('binary'), keyLength);
      return { key: Buffer.from(bytes, 'binary') };
    }
  }
}

/** RFC 7292 B.2 with SHA-1 (u = 20, v = 64); `id` 1 derives a key, 2 an IV. */
async function pkcs12Derive(
  password: Buffer,
  salt: Buffer,
  iterations: number,
  id: 1 | 2,
  length: number,
): Promise<Buffer> {
  const BLOCK = 64;
  const I = Buffer.concat([repeatTo(salt, BLOCK), repeatTo(password, BLOCK)]);
  const D = Buffer.alloc(BLOCK, id);
  const output: Buffer[] = [];
  for (let produced = 0; produced < length; produced += 20) {
    let A = Buffer.concat([D, I]);
    for (let round = 1; round <= iterations; round++) {
      A = sha1(A);
      if (round % HASHES_PER_SLICE === 0) await nextTurn();
    }
    output.push(A);
    // I_j = (I_j + B + 1) mod 2^512 for each 64-byte block of I, B being A repeated to 64 bytes.
    const B = repeatTo(A, BLOCK);
    for (let start = 0; start < I.length; start += BLOCK) {
      let carry = 1;
      for (let k = BLOCK - 1; k >= 0; k--) {
        const sum = I[start + k]! + B[k]! + carry;
        I[start + k] = sum & 0xff;
        carry = sum >> 8;
      }
    }
  }
  return Buffer.concat(output).subarray(0, length);
}

/** Copies of `bytes` filling a multiple of `block` bytes (the last copy cut short); empty stays empty. */
function repeatTo(bytes: Buffer, block: number): Buffer {
  const out = Buffer.alloc(block * Math.ceil(bytes.length / block));
  for (let i = 0; i < out.length; i++) out[i] = bytes[i % bytes.length]!;
  return out;
}
