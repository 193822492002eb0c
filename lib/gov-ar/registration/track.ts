// Keeps a link's `gov-ar`/`registration` record current from what the server knows about it: called on
// each saved step, on the accepted upload and on each answer about the points of sale.
import { inTransaction, type Tx } from '@/lib/db/client';
import { loadRegistration, type RegistrationContext } from '@/lib/gov-ar/registration/context';
import type { CertificatePath, WizardStep } from '@/lib/responses/gov-ar-progress';
import {
  getRegistrationRecord,
  getRegistrationRecordInTx,
  type RegistrationRecordValue,
} from '@/lib/gov-ar/registration/queries';
import { pendingFor, writeRegistrationRecord } from '@/lib/gov-ar/registration/registration-record';

export interface TrackedChange {
  /** Where the supplier is now; the recorded step when left out. */
  step?: WizardStep;
  path?: CertificatePath | null;
  companyConfirmed: boolean;
  certificateAccepted: boolean;
  pointOfSaleUsable?: boolean;
}

export async function trackRegistration(
  tx: Tx,
  registration: RegistrationContext,
  change: TrackedChange,
): Promise<RegistrationRecordValue> {
  const previous = change.step ? undefined : await getRegistrationRecordInTx(tx, registration.job.id);
  return writeRegistrationRecord(
    tx,
    {
      linkId: registration.link.id,
      ownerId: registration.entry.ownerId,
      entryId: registration.entry.id,
      jobId: registration.job.id,
    },
    {
      step: change.step ?? previous?.step ?? 'company',
      path: change.path,
      pending: pendingFor({ environment: registration.environment, ...change }),
    },
  );
}

/** The same, in a transaction of its own. */
export async function trackRegistrationNow(registration: RegistrationContext, change: TrackedChange) {
  return inTransaction((tx) => trackRegistration(tx, registration, change));
}

/** The record of a new link: everything still to do (a retried step keeps the one it wrote). */
export async function startRegistrationRecord(ref: string): Promise<void> {
  const registration = await loadRegistration(ref);
  if (await getRegistrationRecord(registration.job.id)) return;
  await trackRegistrationNow(registration, {
    step: 'company',
    path: null,
    companyConfirmed: false,
    certificateAccepted: false,
  });
}
