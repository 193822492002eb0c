// CPU-heavy crypto (RSA signatures, key derivations, key generation) on libuv's thread pool instead of the
// event loop, at most (cores − 1) jobs at a time, one at least: on two cores, four derivations at once
// would also take the core the event loop runs on, and every request would wait for the scheduler.
// What costs under a millisecond (verifying with a key within rsa-key-limits, signing with 2048 bits)
// stays inline: the trip to the pool and back, a thread woken and then the event loop, costs about as much.
import crypto, { type KeyObject } from 'node:crypto';
import os from 'node:os';
import { processSingleton } from '@/lib/process-singleton';

type Callback<T> = (error: Error | null, result: T) => void;

const SLOTS = Math.max(1, os.availableParallelism() - 1);
// One set of slots for the process, whatever bundle asks (each route handler has its own copy of this module).
const slots = processSingleton('crypto-slots', () => ({ running: 0, waiting: [] as Array<() => void> }));

/** Runs `job`, a Node crypto call taking a callback, once a slot is free. */
function inSlot<T>(job: (callback: Callback<T>) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const start = () => {
      slots.running++;
      const finish = (error: Error | null, result?: T) => {
        slots.running--;
        slots.waiting.shift()?.();
        if (error) reject(error);
        else resolve(result as T);
      };
      try {
        job(finish);
      } catch (error) {
        finish(error as Error); // arguments Node refused before anything ran
      }
    };
    if (slots.running < SLOTS) start();
    else slots.waiting.push(start);
  });
}

/**
 * 2048-bit RSA signs in ~0.7 ms here (~3 ms at worst, for a key whose factors are not its own: OpenSSL then
 * redoes it with the whole private exponent), 3072 in ~2 ms, 4096 in ~5 ms (~21 ms at worst).
 */
const INLINE_SIGNING_BITS = 2048;

/** An RSA signature with a private key within rsa-key-limits. */
export async function signOffLoop(hash: string, data: Buffer, key: KeyObject | string): Promise<Buffer> {
  const privateKey = typeof key === 'string' ? crypto.createPrivateKey(key) : key;
  if ((privateKey.asymmetricKeyDetails?.modulusLength ?? Infinity) <= INLINE_SIGNING_BITS) {
    return crypto.sign(hash, data, privateKey);
  }
  return inSlot<Buffer>((done) => crypto.sign(hash, data, privateKey, done));
}

export const pbkdf2OffLoop = (password: Buffer, salt: Buffer, iterations: number, keyLength: number, digest: string) =>
  inSlot<Buffer>((done) => crypto.pbkdf2(password, salt, iterations, keyLength, digest, done));

export const scryptOffLoop = (password: Buffer, salt: Buffer, keyLength: number, options: crypto.ScryptOptions) =>
  inSlot<Buffer>((done) => crypto.scrypt(password, salt, keyLength, options, done));

/** An RSA key pair as PEM: SPKI and PKCS#8. */
export const generateRsaOffLoop = (modulusLength: number) =>
  inSlot<{ publicKey: string; privateKey: string }>((done) =>
    crypto.generateKeyPair(
      'rsa',
      {
        modulusLength,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      },
      (error, publicKey, privateKey) => done(error, { publicKey, privateKey }),
    ),
  );
