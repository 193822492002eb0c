// `registration.completed`: raised with the entry's move to Registered, carrying the certificate
// now in use (its public part only; the key never leaves the secrets table).
import type { Tx } from '../db/client';
import { getActiveCredential } from '../ar/credentials';
import { presentCertificate } from '../ar/certificate-record';
import { raiseWebhookEvent } from '../webhooks/events';
import type { StepContext } from './steps';

export async function raiseRegistrationCompleted(tx: Tx, { job, entry, workflow }: StepContext): Promise<void> {
  if (!workflow.config.webhook?.url) return; // nothing is raised: the certificate need not be read
  const credential = await getActiveCredential(entry.id, tx);
  await raiseWebhookEvent(tx, workflow, {
    event: 'registration.completed',
    occurrence: job.id,
    ownerId: job.ownerId,
    jobId: job.id,
    entryId: entry.id,
    data: { status: 'Registered', ...(credential ? { certificate: presentCertificate(credential) } : {}) },
  });
}
