// A fortnight's CAEA that could not be had, made known: the row kept with why (`caea_codes`: `caea` null,
// `missing_since`, `last_error`), and the first time for that fortnight a `caea-missing` meta record on the
// supplier's entry and `supplier.caea_missing` to each opted-in workflow of the workspace with a webhook (the
// task removes the record once the CAEA is had).
import type { Environment } from '@/lib/ar/environments';
import type { Fortnight } from '@/lib/ar/arca/caea-fortnight';
import { inTransaction } from '@/lib/db/client';
import type { Credential, WorkflowRow } from '@/lib/db/schema';
import { noteCaeaMissing, recordCaeaMissing } from '@/lib/gov-ar/contingency/caea-ahead-queries';
import { raiseWebhookEvent } from '@/lib/webhooks/events';
import { kickWebhookSender } from '@/lib/transform/wake-ups';

/** A supplier of a workspace that opted in, as the periodic task sees it. */
export interface CaeaTarget {
  environment: Environment;
  credential: Credential;
  /** The workspace's `ar-invoice` workflows with `contingency: "caea"`. */
  workflows: WorkflowRow[];
}

/** Notes the absence; the first time for the fortnight (per supplier entry), records it and raises the event. */
export async function announceCaeaMissing(target: CaeaTarget, fortnight: Fortnight, error: string): Promise<void> {
  const { credential, environment } = target;
  const now = new Date();
  const raised = await inTransaction(async (tx) => {
    if (!(await noteCaeaMissing(tx, environment, credential.cuit, fortnight, error, now))) return false;
    const first = await recordCaeaMissing(
      tx,
      { ownerId: credential.ownerId, entryId: credential.entryId, jobId: credential.jobId },
      { period: fortnight.period, half: fortnight.half, since: now.toISOString(), error },
    );
    if (!first || !credential.jobId) return false;
    let any = false;
    for (const workflow of target.workflows) {
      const id = await raiseWebhookEvent(tx, workflow, {
        event: 'supplier.caea_missing',
        occurrence: `${workflow.id}:${environment}:${credential.cuit}:${fortnight.period}-${fortnight.half}`,
        ownerId: credential.ownerId,
        jobId: credential.jobId,
        entryId: credential.entryId,
        data: { cuit: credential.cuit, period: fortnight.period, half: fortnight.half, error },
      });
      any ||= id !== undefined;
    }
    return any;
  });
  if (raised) kickWebhookSender();
}
