// Raising a webhook event: one row in the outbox per (event occurrence, receiver), made in the
// caller's transaction when it has one, so that the event exists exactly when what it reports does. The
// events themselves are the services' (lib/gov-ar/webhook-events.ts).
import type { Db, Tx } from '@/lib/db/client';
import { webhookDeliveries, type WorkflowRow } from '@/lib/db/schema';
import { newId } from '@/lib/ids';

/**
 * The events services raise, by declaration merging from their own module
 * (`declare module '@/lib/webhooks/events' { interface ServiceWebhookEvents { 'x.happened': true } }`).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the services' declaration merging
export interface ServiceWebhookEvents {}
export type WebhookEvent = keyof ServiceWebhookEvents;

export interface RaisedEvent {
  event: WebhookEvent;
  /** Names this occurrence: raising it again (a retried step, a second sweep) enqueues nothing. */
  occurrence: string;
  ownerId: string;
  jobId: string;
  entryId: string;
  data: Record<string, unknown>;
  /** When the first attempt may go out (default: at once); a batch of events is spread this way. */
  dueAt?: Date;
}

/**
 * Queues the event for the workflow's webhook; returns the delivery id (the `webhook-id`), or
 * undefined when the workflow has no webhook or the occurrence was queued before.
 */
export async function raiseWebhookEvent(
  db: Db | Tx,
  workflow: WorkflowRow,
  raised: RaisedEvent,
): Promise<string | undefined> {
  const url = workflow.config.webhook?.url;
  if (!url) return undefined;
  const id = newId();
  const body = JSON.stringify({
    id,
    event: raised.event,
    owner_id: raised.ownerId,
    transform_job_id: raised.jobId,
    silo_entry_id: raised.entryId,
    siloEntryId: raised.entryId, // kept for integrations written against the first version
    data: raised.data,
  });
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      id,
      ownerId: raised.ownerId,
      workflowId: workflow.id,
      jobId: raised.jobId,
      entryId: raised.entryId,
      event: raised.event,
      url,
      body,
      dedupeKey: `${raised.event}:${raised.occurrence}`,
      status: 'pending',
      nextAttemptAt: raised.dueAt,
    })
    .onConflictDoNothing({ target: webhookDeliveries.dedupeKey })
    .returning({ id: webhookDeliveries.id });
  return row?.id;
}
