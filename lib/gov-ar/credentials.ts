// A supplier's accepted certificates: the active one per entry (its key sealed in `secrets`), the
// ones it replaced kept as history, and opening one to talk to the authority.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { getDb, type Tx } from '@/lib/db/client';
import { credentials, type Credential } from '@/lib/db/schema';
import { readSecret } from '@/lib/crypto/secrets';
import type { AuthorityCredential } from '@/lib/authority/tickets';
import { recordCertificate } from '@/lib/gov-ar/certificate-record';

export const KEY_PURPOSE = 'certificate_private_key';
export const PASSWORD_PURPOSE = 'certificate_key_password';

/** An entry's certificate in use: `expired` once the expiry sweep found it run out. */
const CURRENT = ['active', 'expired'] as const;

/** The entry's certificate now: active, or run out until a renewal replaces it. */
export async function getActiveCredential(entryId: string, tx?: Tx): Promise<Credential | undefined> {
  const db = tx ?? (await getDb());
  const [row] = await db.select().from(credentials)
    .where(and(eq(credentials.entryId, entryId), inArray(credentials.status, [...CURRENT])))
    .orderBy(desc(credentials.createdAt))
    .limit(1);
  return row;
}

/** Makes `values` the entry's active credential; the previous one becomes history, never deleted. */
export async function activateCredential(tx: Tx, values: typeof credentials.$inferInsert): Promise<Credential> {
  const now = new Date();
  await tx.update(credentials)
    .set({ status: 'replaced', replacedAt: now })
    .where(and(eq(credentials.entryId, values.entryId), inArray(credentials.status, [...CURRENT])));
  const [row] = await tx.insert(credentials).values({ ...values, status: 'active', createdAt: now }).returning();
  await recordCertificate(tx, row!, now);
  return row!;
}

/** The credential with its private key opened, for a WSAA login. The key stays in memory only. */
export async function openCredential(credential: Credential): Promise<AuthorityCredential> {
  const db = await getDb();
  const key = await readSecret(db, credential.keySecretId, { ownerId: credential.ownerId, entryId: credential.entryId, purpose: KEY_PURPOSE });
  return {
    ownerId: credential.ownerId,
    entryId: credential.entryId,
    environment: credential.environment,
    fingerprint: credential.fingerprint,
    certificatePem: credential.certificatePem,
    privateKeyPem: key.toString('utf8'),
  };
}
