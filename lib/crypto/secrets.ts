// Secrets at rest in the database (private keys, key passwords, WSAA tickets), always sealed, and the
// rotation that moves every stored secret onto the newest master key.
import { and, asc, eq, gt, ne } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '@/lib/db/client';
import { secrets } from '@/lib/db/schema';
import { isUuid, newId } from '@/lib/ids';
import { openSecret, sealSecret, sealedKeyId, SecretUnreadableError, type SecretContext } from '@/lib/crypto/sealing';
import { masterKeys } from '@/lib/crypto/master-keys';

export async function storeSecret(db: Db | Tx, input: SecretContext & { plaintext: Buffer }): Promise<string> {
  const id = newId();
  const context = { ownerId: input.ownerId, entryId: input.entryId ?? null, purpose: input.purpose };
  const sealed = sealSecret(input.plaintext, context);
  await db.insert(secrets).values({ id, ...context, keyId: sealedKeyId(sealed), sealed });
  return id;
}

/**
 * Opens a secret in the context the caller expects rather than the one on its row, so a row that was
 * moved to another owner, entry or purpose does not open.
 */
export async function readSecret(db: Db | Tx, id: string, expected: SecretContext): Promise<Buffer> {
  const [row] = isUuid(id) ? await db.select({ sealed: secrets.sealed }).from(secrets).where(eq(secrets.id, id)) : [];
  if (!row) throw new SecretUnreadableError(`there is no secret ${id}`);
  return openSecret(row.sealed, expected);
}

/** Returns whether there was such a secret. */
export async function deleteSecret(db: Db | Tx, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db.delete(secrets).where(eq(secrets.id, id)).returning({ id: secrets.id });
  return deleted.length > 0;
}

export interface ReencryptResult {
  examined: number;
  reencrypted: number;
  /** Rows left as they were because they would not open (their master key is no longer configured, or damaged). */
  unreadable: number;
}

/**
 * Reseals every secret not under the newest master key. Batches lock their rows with SKIP LOCKED, so
 * runs on several instances share the work instead of waiting on each other.
 */
export async function reencryptAllSecrets(options: { batchSize?: number } = {}): Promise<ReencryptResult> {
  const batchSize = options.batchSize ?? 100;
  const newest = masterKeys().newest;
  const db = await getDb();
  const result: ReencryptResult = { examined: 0, reencrypted: 0, unreadable: 0 };
  // Walking forward by id means rows that stay unreadable, or that another run holds, are passed once.
  let after: string | undefined;
  for (;;) {
    const lastId = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(secrets)
        .where(and(ne(secrets.keyId, newest.id), after ? gt(secrets.id, after) : undefined))
        .orderBy(asc(secrets.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      for (const row of rows) {
        result.examined++;
        const context = { ownerId: row.ownerId, entryId: row.entryId, purpose: row.purpose };
        let sealed: string;
        try {
          sealed = sealSecret(openSecret(row.sealed, context), context);
        } catch (error) {
          if (!(error instanceof SecretUnreadableError)) throw error;
          result.unreadable++;
          continue;
        }
        await tx.update(secrets).set({ sealed, keyId: newest.id, updatedAt: new Date() }).where(eq(secrets.id, row.id));
        result.reencrypted++;
      }
      return rows.at(-1)?.id;
    });
    if (!lastId) return result;
    after = lastId;
  }
}
