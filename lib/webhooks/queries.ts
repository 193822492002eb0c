// Reading the outbox back: a job's deliveries with every attempt, as shown on the job.
import { asc, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { webhookAttempts, webhookDeliveries, type WebhookAttempt, type WebhookDelivery } from '@/lib/db/schema';
import { isoTime } from '@/lib/ids';
import type { WebhookDelivery as WebhookDeliveryJson } from '@/lib/openapi/responses/transform';

export function presentDelivery(delivery: WebhookDelivery, attempts: WebhookAttempt[]): WebhookDeliveryJson {
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
