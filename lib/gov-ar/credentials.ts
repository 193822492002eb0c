// A supplier's accepted certificates: the active one per entry (its key sealed in `secrets`), the
// ones it replaced kept as history, and opening one to talk to the authority.
import type { Tx } from '@/lib/db/client';
import type { credentials, Credential } from '@/lib/db/schema';
import { readSecret } from '@/lib/crypto/secrets';
import type { AuthorityCredential } from '@/lib/authority/tickets';
import { recordCertificate } from '@/lib/gov-ar/certificate-record';
import { insertActiveCredential } from '@/lib/gov-ar/queries';

export { getActiveCredential } from '@/lib/gov-ar/queries';

export const KEY_PURPOSE = 'certificate_private_key';
export const PASSWORD_PURPOSE = 'certificate_key_password';

/** Makes `values` the entry's active credential; the previous one becomes history, never deleted. */
export async function activateCredential(tx: Tx, values: typeof credentials.$inferInsert): Promise<Credential> {
  const now = new Date();
  const row = await insertActiveCredential(tx, values, now);
  await recordCertificate(tx, row, now);
  return row;
}

/** The credential with its private key opened, for a WSAA login. The key stays in memory only. */
export async function openCredential(credential: Credential): Promise<AuthorityCredential> {
  const key = await readSecret(credential.keySecretId, {
    ownerId: credential.ownerId,
    entryId: credential.entryId,
    purpose: KEY_PURPOSE,
  });
  return {
    ownerId: credential.ownerId,
    entryId: credential.entryId,
    environment: credential.environment,
    fingerprint: credential.fingerprint,
    certificatePem: credential.certificatePem,
    privateKeyPem: key.toString('utf8'),
  };
}
