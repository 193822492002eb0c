// `registration.completed`: raised with the entry's move to Registered, carrying the certificate
// now in use (its public part only; the key never leaves the secrets table) and, when the supplier
// still cannot invoice (a live one without a usable point of sale), what is `pending`.
import type { Tx } from '@/lib/db/client';
import { getActiveCredentialInTx } from '@/lib/gov-ar/queries';
import { presentCertificate } from '@/lib/gov-ar/certificate-record';
import { getRegistrationRecordInTx } from '@/lib/gov-ar/registration/queries';
import { raiseWebhookEvent } from '@/lib/webhooks/events';
import type { StepContext } from '@/lib/transform/templates';

/** Queues the event if the workflow has a webhook; whether a delivery was queued. */
export async function raiseRegistrationCompleted(tx: Tx, { job, entry, workflow }: StepContext): Promise<boolean> {
  if (!workflow.config.webhook?.url) return false; // nothing is raised: the certificate need not be read
  const credential = await getActiveCredentialInTx(tx, entry.id);
  const pending = (await getRegistrationRecordInTx(tx, job.id))?.pending ?? [];
  const deliveryId = await raiseWebhookEvent(tx, workflow, {
    event: 'registration.completed',
    occurrence: job.id,
    ownerId: job.ownerId,
    jobId: job.id,
    entryId: entry.id,
    data: {
      status: 'Registered',
      ...(credential ? { certificate: presentCertificate(credential) } : {}),
      ...(pending.length > 0 ? { pending } : {}),
    },
  });
  return deliveryId !== undefined;
}
