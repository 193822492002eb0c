// The outbox's sender: claim a due delivery (FOR UPDATE SKIP LOCKED with a lease, so any number of
// instances share the outbox and a sender that dies loses only its lease), sign it per Standard
// Webhooks, POST it, and record the attempt. Failures back off exponentially with jitter, honouring
// Retry-After, until a day and more has passed since the event was raised.
import 'server-only';
import { Webhook } from 'standardwebhooks';
import type { WebhookDelivery } from '@/lib/db/schema';
import { newId } from '@/lib/ids';
import { postWebhook, type PostResult } from '@/lib/net/webhook-post';
import { backoff } from '@/lib/backoff';
import { openSigningSecret } from '@/lib/webhooks/signing-secret';
import { claimDueDelivery, getDeliveryWorkflow, recordDeliveryAttempt } from '@/lib/webhooks/queries';

/** How long after the event was raised we keep trying. */
const WEBHOOK_RETRY_WINDOW_MS = 26 * 3600_000;
/** First retry within 10 s; then doubling, capped at an hour between attempts. */
const RETRY_BASE_MS = 4000;

/** Sends a claimed delivery once and records the attempt and what comes next. */
async function attemptDelivery(delivery: WebhookDelivery): Promise<void> {
  const workflow = await getDeliveryWorkflow(delivery);
  const secret = workflow ? await openSigningSecret(workflow) : undefined;
  const attemptedAt = new Date();
  const result: PostResult = secret
    ? await postWebhook(delivery.url, signedHeaders(delivery, secret, attemptedAt), delivery.body)
    : { latencyMs: 0, error: 'the workflow no longer has a signing secret' };
  await recordAttempt(delivery, attemptedAt, result);
}

function signedHeaders(delivery: WebhookDelivery, secret: string, at: Date): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'ar-supplier-onboarding-webhooks/1',
    'webhook-id': delivery.id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(delivery.id, at, delivery.body),
  };
}

async function recordAttempt(delivery: WebhookDelivery, attemptedAt: Date, result: PostResult): Promise<void> {
  const delivered = !result.error;
  const next = delivered ? undefined : nextAttemptAt(delivery, result);
  await recordDeliveryAttempt(
    delivery,
    {
      id: newId(),
      deliveryId: delivery.id,
      attemptedAt,
      latencyMs: result.latencyMs,
      responseStatus: result.status ?? null,
      outcome: delivered ? 'delivered' : 'failed',
      error: result.error ?? null,
    },
    {
      status: delivered ? 'delivered' : next ? 'pending' : 'failed',
      ...(delivered ? { deliveredAt: new Date() } : {}),
      ...(next ? { nextAttemptAt: next } : {}),
    },
  );
}

/** When to try again, or undefined when the retry window is over. */
function nextAttemptAt(delivery: WebhookDelivery, result: PostResult): Date | undefined {
  const at = Math.max(backoff(delivery.attempts, RETRY_BASE_MS).getTime(), Date.now() + (result.retryAfterMs ?? 0));
  return at - delivery.createdAt.getTime() > WEBHOOK_RETRY_WINDOW_MS ? undefined : new Date(at);
}

/** Sends every due delivery (tests call this; the runner does it in the background). */
export async function drainWebhookDeliveries(): Promise<number> {
  let sent = 0;
  for (let delivery = await claimDueDelivery(); delivery; delivery = await claimDueDelivery()) {
    await attemptDelivery(delivery);
    sent++;
  }
  return sent;
}
