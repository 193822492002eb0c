// RSA signatures on libuv's thread pool instead of the event loop: a 4096-bit private-key operation is
// ~5 ms that every other request would otherwise wait for. Keys must have passed rsa-key-limits first.
import crypto, { type KeyObject } from 'node:crypto';

type Key = KeyObject | string;

export function signOffLoop(hash: string, data: Buffer, key: Key): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.sign(hash, data, key, (error, signature) => (error ? reject(error) : resolve(signature)));
  });
}

export function verifyOffLoop(hash: string, data: Buffer, key: Key, signature: Buffer): Promise<boolean> {
  return new Promise((resolve, reject) => {
    crypto.verify(hash, data, key, signature, (error, valid) => (error ? reject(error) : resolve(valid)));
  });
}
