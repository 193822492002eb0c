// The workflow's webhook step: POST `registration.link_created`, signed per Standard Webhooks (the
// `standardwebhooks` package), retried with backoff and jitter for at least a day. The step id is
// the webhook-id, so every retry of one event carries the same id and receivers can deduplicate.
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { getDb } from '../db/client';
import { metaRecords } from '../db/schema';
import { webhookUrlProblem } from '../net/webhook-url';
import { presentMetaRecord } from '../silo/present';
import type { StepContext, StepOutcome } from './steps';
import { backoff } from './backoff';

export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_RETRY_WINDOW_MS = 26 * 3600_000;

export async function deliverLinkCreatedWebhook({ step, job, entry, workflow }: StepContext): Promise<StepOutcome> {
  const url = workflow.config.webhook?.url;
  if (!url || !workflow.webhookSecret) return { kind: 'complete', message: 'No webhook configured.' };
  const problem = await webhookUrlProblem(url, true);
  if (problem) return { kind: 'skip', message: `Webhook not sent: the URL ${problem}.` };

  const db = await getDb();
  const links = await db.select().from(metaRecords)
    .where(and(eq(metaRecords.jobId, job.id), eq(metaRecords.src, 'gov-ar'), eq(metaRecords.key, 'link')));
  const body = JSON.stringify({
    id: step.id,
    event: 'registration.link_created',
    owner_id: job.ownerId,
    transform_job_id: job.id,
    silo_entry_id: entry.id,
    siloEntryId: entry.id,
    data: { meta: links.map(presentMetaRecord) },
  });
  const result = await postSigned(url, workflow.webhookSecret, step.id, body);
  if (result.ok) return { kind: 'complete', message: `Delivered (HTTP ${result.status}, ${result.ms} ms).` };

  const firstTry = step.startedAt?.getTime() ?? Date.now();
  if (Date.now() - firstTry > WEBHOOK_RETRY_WINDOW_MS) {
    return { kind: 'skip', message: `Gave up after ${step.attempts} attempts: ${result.reason}.` };
  }
  const retryAt = new Date(Math.max(backoff(step.attempts).getTime(), Date.now() + (result.retryAfterMs ?? 0)));
  return { kind: 'retry', at: retryAt, message: `Attempt ${step.attempts} failed: ${result.reason}; retrying.` };
}

interface DeliveryResult { ok: boolean; status?: number; ms: number; reason: string; retryAfterMs?: number }

async function postSigned(url: string, secret: string, id: string, body: string): Promise<DeliveryResult> {
  const timestamp = new Date();
  const signature = new Webhook(secret).sign(id, timestamp, body);
  const started = Date.now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'ar-supplier-onboarding-webhooks/1',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body,
    });
    await response.body?.cancel().catch(() => undefined);
    const ms = Date.now() - started;
    const ok = response.status >= 200 && response.status < 300;
    return { ok, status: response.status, ms, reason: `HTTP ${response.status}`, retryAfterMs: retryAfterMs(response.headers.get('retry-after')) };
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? 'timed out' : 'connection failed';
    return { ok: false, ms: Date.now() - started, reason };
  }
}

/** Retry-After as seconds or an HTTP date; capped at an hour so a receiver cannot park us for days. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, 3_600_000) : undefined;
}
