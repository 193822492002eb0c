// Database access for sealed secrets: storing, reading and deleting one, and the rows a rotation reseals.
import 'server-only';
import { and, asc, eq, gt, ne } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '@/lib/db/client';
import { secrets, type Secret } from '@/lib/db/schema';

export async function insertSecret(db: Db | Tx, values: typeof secrets.$inferInsert): Promise<void> {
  await db.insert(secrets).values(values);
}

/** The sealed text of a secret, if there is one with this id. */
export async function getSealedSecret(id: string): Promise<string | undefined> {
  const db = await getDb();
  const [row] = await db.select({ sealed: secrets.sealed }).from(secrets).where(eq(secrets.id, id));
  return row?.sealed;
}

/** Returns whether there was such a secret. */
export async function deleteSecretById(db: Db | Tx, id: string): Promise<boolean> {
  const deleted = await db.delete(secrets).where(eq(secrets.id, id)).returning({ id: secrets.id });
  return deleted.length > 0;
}

/**
 * Up to `limit` secrets not sealed under `keyId`, after `after` in id order, locked for the rest of the
 * transaction; rows another transaction holds are skipped, so runs on several instances share the work.
 */
export async function lockSecretsNotUnder(
  tx: Tx,
  keyId: string,
  after: string | undefined,
  limit: number,
): Promise<Secret[]> {
  return tx
    .select()
    .from(secrets)
    .where(and(ne(secrets.keyId, keyId), after ? gt(secrets.id, after) : undefined))
    .orderBy(asc(secrets.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function resealSecret(tx: Tx, id: string, sealed: string, keyId: string): Promise<void> {
  await tx.update(secrets).set({ sealed, keyId, updatedAt: new Date() }).where(eq(secrets.id, id));
}
