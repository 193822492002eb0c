// Workflow signing secrets (`whsec_...`), sealed in `secrets` like every other secret. Workflows made
// before sealing kept theirs in plaintext; start-up moves those into `secrets` and clears the column.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { inTransaction, type Db, type Tx } from '@/lib/db/client';
import type { WorkflowRow } from '@/lib/db/schema';
import { readSecret, storeSecret } from '@/lib/crypto/secrets';
import { lockWorkflowsWithPlaintextSecret, setWorkflowSecretSealed } from '@/lib/webhooks/queries';

const PURPOSE = 'webhook_signing_secret';

/** A fresh Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export function sealSigningSecret(db: Db | Tx, ownerId: string, secret: string): Promise<string> {
  return storeSecret(db, { ownerId, purpose: PURPOSE, plaintext: Buffer.from(secret, 'utf8') });
}

/** The workflow's secret, or undefined when it has no webhook. */
export async function openSigningSecret(workflow: WorkflowRow): Promise<string | undefined> {
  if (workflow.webhookSecretId) {
    return (await readSecret(workflow.webhookSecretId, { ownerId: workflow.ownerId, purpose: PURPOSE })).toString(
      'utf8',
    );
  }
  return workflow.webhookSecret ?? undefined;
}

/** Seals every plaintext secret left by an older version; returns how many it moved. */
export async function sealPlaintextSigningSecrets(): Promise<number> {
  return inTransaction(async (tx) => {
    const rows = await lockWorkflowsWithPlaintextSecret(tx);
    for (const row of rows) {
      const secretId = await sealSigningSecret(tx, row.ownerId, row.webhookSecret!);
      await setWorkflowSecretSealed(tx, row.id, secretId);
    }
    return rows.length;
  });
}
