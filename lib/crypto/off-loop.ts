// CPU-heavy crypto (RSA signatures, key derivations, key generation) on libuv's thread pool instead of the
// event loop, at most (cores − 1) jobs at a time, one at least: on two cores, four derivations at once
// would also take the core the event loop runs on, and every request would wait for the scheduler.
// (Verifying with a key within rsa-key-limits is a fraction of a millisecond: not worth the trip.)
import crypto, { type KeyObject } from 'node:crypto';
import os from 'node:os';

type Callback<T> = (error: Error | null, result: T) => void;

const SLOTS = Math.max(1, os.availableParallelism() - 1);
let running = 0;
const waiting: Array<() => void> = [];

/** Runs `job`, a Node crypto call taking a callback, once a slot is free. */
function inSlot<T>(job: (callback: Callback<T>) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const start = () => {
      running++;
      const finish = (error: Error | null, result?: T) => {
        running--;
        waiting.shift()?.();
        if (error) reject(error);
        else resolve(result as T);
      };
      try {
        job(finish);
      } catch (error) {
        finish(error as Error); // arguments Node refused before anything ran
      }
    };
    if (running < SLOTS) start();
    else waiting.push(start);
  });
}

type Key = KeyObject | string;

export const signOffLoop = (hash: string, data: Buffer, key: Key) =>
  inSlot<Buffer>((done) => crypto.sign(hash, data, key, done));

export const pbkdf2OffLoop = (password: Buffer, salt: Buffer, iterations: number, keyLength: number, digest: string) =>
  inSlot<Buffer>((done) => crypto.pbkdf2(password, salt, iterations, keyLength, digest, done));

export const scryptOffLoop = (password: Buffer, salt: Buffer, keyLength: number, options: crypto.ScryptOptions) =>
  inSlot<Buffer>((done) => crypto.scrypt(password, salt, keyLength, options, done));

/** An RSA key pair as PEM: SPKI and PKCS#8. */
export const generateRsaOffLoop = (modulusLength: number) =>
  inSlot<{ publicKey: string; privateKey: string }>((done) => crypto.generateKeyPair('rsa', {
    modulusLength,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  }, (error, publicKey, privateKey) => done(error, { publicKey, privateKey })));
