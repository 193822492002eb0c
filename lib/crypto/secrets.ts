// Secrets at rest in the database (private keys, key passwords, WSAA tickets), always sealed, and the
// rotation that moves every stored secret onto the newest master key.
import 'server-only';
import { inTransaction, type Db, type Tx } from '@/lib/db/client';
import { isUuid, newId } from '@/lib/ids';
import { openSecret, sealSecret, sealedKeyId, SecretUnreadableError, type SecretContext } from '@/lib/crypto/sealing';
import { masterKeys } from '@/lib/crypto/master-keys';
import {
  deleteSecretById,
  getSealedSecret,
  insertSecret,
  lockSecretsNotUnder,
  resealSecret,
} from '@/lib/crypto/queries';

export async function storeSecret(db: Db | Tx, input: SecretContext & { plaintext: Buffer }): Promise<string> {
  const id = newId();
  const context = { ownerId: input.ownerId, entryId: input.entryId ?? null, purpose: input.purpose };
  const sealed = sealSecret(input.plaintext, context);
  await insertSecret(db, { id, ...context, keyId: sealedKeyId(sealed), sealed });
  return id;
}

/**
 * Opens a secret in the context the caller expects rather than the one on its row, so a row that was
 * moved to another owner, entry or purpose does not open.
 */
export async function readSecret(id: string, expected: SecretContext): Promise<Buffer> {
  const sealed = isUuid(id) ? await getSealedSecret(id) : undefined;
  if (sealed === undefined) throw new SecretUnreadableError(`there is no secret ${id}`);
  return openSecret(sealed, expected);
}

/** Returns whether there was such a secret. */
export async function deleteSecret(db: Db | Tx, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return deleteSecretById(db, id);
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
  const result: ReencryptResult = { examined: 0, reencrypted: 0, unreadable: 0 };
  // Walking forward by id means rows that stay unreadable, or that another run holds, are passed once.
  let after: string | undefined;
  for (;;) {
    const lastId = await inTransaction(async (tx) => {
      const rows = await lockSecretsNotUnder(tx, newest.id, after, batchSize);
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
        await resealSecret(tx, row.id, sealed, newest.id);
        result.reencrypted++;
      }
      return rows.at(-1)?.id;
    });
    if (!lastId) return result;
    after = lastId;
  }
}
