// Database access for the outbox: claiming a due delivery and recording its attempts, reading a job's
// deliveries back as shown on the job, and the workflows' signing secrets.
import 'server-only';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { getDb, inTransaction, type Tx } from '@/lib/db/client';
import {
  webhookAttempts,
  webhookDeliveries,
  workflows,
  type WebhookAttemptRow,
  type WebhookDelivery,
  type WorkflowRow,
} from '@/lib/db/schema';
import { isoTime } from '@/lib/ids';
import { raiseWebhookEvent, type RaisedEvent } from '@/lib/webhooks/events';
import type { WebhookDelivery as WebhookDeliveryJson } from '@/lib/responses/transform';

export function presentDelivery(delivery: WebhookDelivery, attempts: WebhookAttemptRow[]): WebhookDeliveryJson {
  return {
    id: delivery.id,
    event: delivery.event,
    url: delivery.url,
    status: delivery.status,
    created_at: isoTime(delivery.createdAt),
    delivered_at: isoTime(delivery.deliveredAt),
    next_attempt_at: delivery.status === 'pending' ? isoTime(delivery.nextAttemptAt) : undefined,
    attempts: attempts.map((attempt) => ({
      attempted_at: isoTime(attempt.attemptedAt),
      outcome: attempt.outcome,
      response_status: attempt.responseStatus ?? undefined,
      latency_ms: attempt.latencyMs,
      error: attempt.error ?? undefined,
    })),
  };
}

/** The deliveries of each of these jobs, oldest first, keyed by job id. */
export async function deliveriesByJob(jobIds: string[]): Promise<Map<string, WebhookDeliveryJson[]>> {
  const byJob = new Map<string, WebhookDeliveryJson[]>();
  if (jobIds.length === 0) return byJob;
  const db = await getDb();
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.jobId, jobIds))
    .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id));
  const attempts =
    deliveries.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.deliveryId,
              deliveries.map((d) => d.id),
            ),
          )
          .orderBy(asc(webhookAttempts.attemptedAt));
  for (const delivery of deliveries) {
    const list = byJob.get(delivery.jobId!) ?? [];
    list.push(
      presentDelivery(
        delivery,
        attempts.filter((a) => a.deliveryId === delivery.id),
      ),
    );
    byJob.set(delivery.jobId!, list);
  }
  return byJob;
}

/** Longer than an attempt can take (10 s), short enough that a dead sender's delivery soon goes out again. */
const LEASE = sql`now() + interval '30 seconds'`;

/** Claims the delivery due first that no sender holds, under a lease (FOR UPDATE SKIP LOCKED). */
export async function claimDueDelivery(): Promise<WebhookDelivery | undefined> {
  const db = await getDb();
  const due = sql`(
    select d.id from ${webhookDeliveries} d
    where d.status = 'pending' and d.next_attempt_at <= now() and (d.locked_until is null or d.locked_until < now())
    order by d.next_attempt_at
    limit 1
    for update skip locked
  )`;
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, lockedUntil: LEASE })
    .where(eq(webhookDeliveries.id, due))
    .returning();
  return claimed;
}

/** The workflow a delivery was raised for (whose secret signs it). */
export async function getDeliveryWorkflow(delivery: WebhookDelivery): Promise<WorkflowRow | undefined> {
  const db = await getDb();
  const [workflow] = await db.select().from(workflows).where(eq(workflows.id, delivery.workflowId));
  return workflow;
}

/** What an attempt changes on its delivery. */
export type DeliveryOutcome = Pick<typeof webhookDeliveries.$inferInsert, 'status' | 'deliveredAt' | 'nextAttemptAt'>;

/**
 * Records the attempt and its delivery's outcome, in one transaction. The delivery changes only while
 * the claim that made the attempt holds: a sender that took the delivery over records its own outcome.
 */
export async function recordDeliveryAttempt(
  delivery: WebhookDelivery,
  attempt: typeof webhookAttempts.$inferInsert,
  outcome: DeliveryOutcome,
): Promise<void> {
  const { status, ...times } = outcome;
  await inTransaction(async (tx) => {
    await tx.insert(webhookAttempts).values(attempt);
    await tx
      .update(webhookDeliveries)
      .set({ status, lockedUntil: null, ...times })
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.attempts, delivery.attempts)));
  });
}

/** Workflows that still keep their signing secret in plaintext, locked (those another run holds are skipped). */
export async function lockWorkflowsWithPlaintextSecret(tx: Tx): Promise<WorkflowRow[]> {
  return tx.select().from(workflows).where(isNotNull(workflows.webhookSecret)).for('update', { skipLocked: true });
}

/** The workflow's signing secret is now the sealed one; the plaintext column is cleared. */
export async function setWorkflowSecretSealed(tx: Tx, workflowId: string, secretId: string): Promise<void> {
  await tx
    .update(workflows)
    .set({ webhookSecretId: secretId, webhookSecret: null })
    .where(eq(workflows.id, workflowId));
}

/** Queues a webhook event on its own, outside any transaction (lib/webhooks/events.ts writes the row). */
export async function raiseWebhookEventNow(workflow: WorkflowRow, raised: RaisedEvent): Promise<string | undefined> {
  return raiseWebhookEvent(await getDb(), workflow, raised);
}
