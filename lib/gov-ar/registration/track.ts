// Keeps a link's `gov-ar`/`registration` record current from what the server knows about it: called on
// each saved step, on the accepted upload and on each answer about the points of sale.
import { inTransaction, type Tx } from '@/lib/db/client';
import { loadRegistration, type RegistrationContext } from '@/lib/gov-ar/registration/context';
import type { CertificatePath, WizardStep } from '@/lib/responses/gov-ar-progress';
import { getRegistrationRecord, type RegistrationRecordValue } from '@/lib/gov-ar/registration/queries';
import { pendingFor, writeRegistrationRecord, type RecordChange } from '@/lib/gov-ar/registration/registration-record';

export interface TrackedChange {
  /** Where the supplier is now; the recorded step when left out. */
  step?: WizardStep;
  path?: CertificatePath | null;
  companyConfirmed: boolean;
  certificateAccepted: boolean;
  servicesAuthorized?: boolean;
  pointOfSaleUsable?: boolean;
  visit?: RecordChange['visit'];
}

const recordOwner = (registration: RegistrationContext) => ({
  linkId: registration.link.id,
  ownerId: registration.entry.ownerId,
  entryId: registration.entry.id,
  jobId: registration.job.id,
});

export async function trackRegistration(
  tx: Tx,
  registration: RegistrationContext,
  change: TrackedChange,
): Promise<RegistrationRecordValue> {
  return writeRegistrationRecord(tx, recordOwner(registration), {
    step: change.step,
    path: change.path,
    pending: pendingFor({ environment: registration.environment, ...change }),
    visit: change.visit,
  });
}

/** The same, in a transaction of its own. */
export async function trackRegistrationNow(registration: RegistrationContext, change: TrackedChange) {
  return inTransaction((tx) => trackRegistration(tx, registration, change));
}

/** Changes only what the supplier did with the link (opened it, tried an upload): step and pending stay. */
export async function trackVisit(
  tx: Tx,
  registration: RegistrationContext,
  visit: NonNullable<RecordChange['visit']>,
): Promise<RegistrationRecordValue> {
  return writeRegistrationRecord(tx, recordOwner(registration), { visit });
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
