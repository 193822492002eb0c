// The workflow's webhook step: raise `registration.link_created` with the link record. The outbox
// (lib/webhooks) delivers it, with retries, while the job goes on to wait for the supplier.
import { isLinkRecord } from '@/lib/gov-ar/registration/link';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { metaRecords } from '@/lib/db/schema';
import { presentMetaRecord } from '@/lib/silo/present';
import { raiseWebhookEvent } from '@/lib/webhooks/events';
import { kickWebhookSender } from '@/lib/transform/wake-ups';
import type { StepContext, StepOutcome } from '@/lib/transform/templates';

export async function raiseLinkCreated({ job, entry, workflow }: StepContext): Promise<StepOutcome> {
  if (!workflow.config.webhook) return { kind: 'complete', message: 'No webhook configured.' };
  const db = await getDb();
  const links = await db
    .select()
    .from(metaRecords)
    .where(and(eq(metaRecords.jobId, job.id), isLinkRecord));
  const deliveryId = await raiseWebhookEvent(db, workflow, {
    event: 'registration.link_created',
    occurrence: job.id,
    ownerId: job.ownerId,
    jobId: job.id,
    entryId: entry.id,
    data: { meta: links.map(presentMetaRecord) },
  });
  kickWebhookSender();
  return { kind: 'complete', message: deliveryId ? `Webhook ${deliveryId} queued.` : 'Webhook already queued.' };
}
