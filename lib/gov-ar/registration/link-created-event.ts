// The workflow's webhook step: raise `registration.link_created` with the link record. The outbox
// (lib/webhooks) delivers it, with retries, while the job goes on to wait for the supplier.
import { listLinksOfJob } from '@/lib/gov-ar/registration/queries';
import { raiseWebhookEventNow } from '@/lib/webhooks/queries';
import { presentMetaRecord } from '@/lib/silo/present';
import { kickWebhookSender } from '@/lib/transform/wake-ups';
import type { StepContext, StepOutcome } from '@/lib/transform/templates';

export async function raiseLinkCreated({ job, entry, workflow }: StepContext): Promise<StepOutcome> {
  if (!workflow.config.webhook) return { kind: 'complete', message: 'No webhook configured.' };
  const links = await listLinksOfJob(job.id);
  const deliveryId = await raiseWebhookEventNow(workflow, {
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
