// Bearer secrets: made from 256 random bits with a readable prefix, kept only as a SHA-256 digest
// (the secrets are high-entropy, so a fast digest suffices and lookups stay an index hit).
import 'server-only';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const newApiKey = (sandbox: boolean) =>
  `sk_${sandbox ? 'test' : 'live'}_${randomBytes(32).toString('base64url')}`;
export const newEnrollmentToken = () => `enr_${randomBytes(32).toString('base64url')}`;
export const newClientId = () => `app_${randomBytes(12).toString('hex')}`;
export const newClientSecret = () => `cs_${randomBytes(32).toString('base64url')}`;
/** A console session's id, the cookie's whole value: no prefix, since it is never pasted anywhere. */
export const newConsoleSessionId = () => randomBytes(32).toString('base64url');

export function digest(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Compares two secrets in time that does not depend on where they differ. */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** The part of a key that may be shown again (console, logs): its prefix and first characters. */
export const displayPrefix = (secret: string) => secret.slice(0, secret.indexOf('_', 3) + 5);
