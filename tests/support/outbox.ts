// The webhook outbox from a test's side: run everything due now, bring scheduled retries forward,
// and read a job's deliveries straight from the database.
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { webhookAttempts, webhookDeliveries } from '@/lib/db/schema';
import { drainWebhookDeliveries } from '@/lib/webhooks/delivery';
import { drainJobs } from '@/lib/transform/runner';

/** Runs job steps and sends due webhooks until neither has anything left to do now. */
export async function drainAll(): Promise<void> {
  while ((await drainJobs()) + (await drainWebhookDeliveries()) > 0) {
    /* again */
  }
}

/** Makes every pending delivery due now, then sends them. */
export async function sendPendingNow(): Promise<void> {
  const db = await getDb();
  await db.update(webhookDeliveries).set({ nextAttemptAt: new Date() }).where(eq(webhookDeliveries.status, 'pending'));
  await drainWebhookDeliveries();
}

export async function deliveryOf(jobId: string, event = 'registration.link_created') {
  const db = await getDb();
  const [delivery] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.jobId, jobId), eq(webhookDeliveries.event, event)));
  return delivery;
}

export async function attemptsOf(deliveryId: string) {
  const db = await getDb();
  return db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(webhookAttempts.attemptedAt);
}
