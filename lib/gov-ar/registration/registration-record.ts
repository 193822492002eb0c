// The `gov-ar`/`registration` meta record on the supplier entry: where the supplier is in the wizard and
// what is still missing before they can invoice (like Stripe's requirements.currently_due), kept current
// by the server as the supplier moves, so an integrator whose job says `waiting` sees where it is stuck.
import type { Tx } from '@/lib/db/client';
import type { Environment } from '@/lib/ar/environments';
import { GOV_AR_SRC, META_KEY } from '@/lib/gov-ar/app';
import { PENDING_ITEMS, type CertificatePath, type PendingItem } from '@/lib/responses/gov-ar-progress';
import {
  getRegistrationRecordRow,
  lockMetaRecord,
  type RegistrationRecordValue,
} from '@/lib/gov-ar/registration/queries';
import { newId } from '@/lib/ids';
import { insertMetaRecords, updateMetaRecord } from '@/lib/silo/queries';

export type { PendingItem, RegistrationRecordValue };

interface PendingFacts {
  environment: Environment;
  companyConfirmed: boolean;
  /** The authority accepted this link's certificate (which proves the service is authorised too). */
  certificateAccepted: boolean;
  /** The authority's portal shows every needed service authorized for the request's alias (only the emulator can be asked). */
  servicesAuthorized?: boolean;
  /** The authority reports a usable point of sale; undefined when not asked yet. */
  pointOfSaleUsable?: boolean;
}

/** What is missing, from server facts only (never from the screens a supplier has merely seen). */
export function pendingFor(facts: PendingFacts): PendingItem[] {
  return PENDING_ITEMS.filter((item) => {
    switch (item) {
      // Once the certificate is in, the entry's own data stands for what was not confirmed.
      case 'company':
        return !facts.companyConfirmed && !facts.certificateAccepted;
      case 'certificate':
        return !facts.certificateAccepted;
      case 'service_authorization':
        return !facts.certificateAccepted && facts.servicesAuthorized !== true;
      // The sandbox takes any number; live needs one the authority reports as usable.
      case 'point_of_sale':
        return facts.environment === 'live' && facts.pointOfSaleUsable !== true;
    }
  });
}

interface RecordOwner {
  linkId: string;
  ownerId: string;
  entryId: string;
  jobId: string;
}

/** What the supplier did with the link so far (records written before these facts existed read as none). */
type VisitFacts = Pick<RegistrationRecordValue, 'link_opened_at' | 'upload_attempts' | 'last_failed_upload'>;

function visitFactsOf(previous: Partial<RegistrationRecordValue> | undefined): VisitFacts {
  return {
    link_opened_at: previous?.link_opened_at ?? null,
    upload_attempts: previous?.upload_attempts ?? 0,
    last_failed_upload: previous?.last_failed_upload ?? null,
  };
}

export interface RecordChange {
  /** The step and what is pending; left out, they stay as recorded (a change of the visit facts only). */
  step?: RegistrationRecordValue['step'];
  pending?: PendingItem[];
  path?: CertificatePath | null;
  /** Given as a function of what the record held, so a change reads and writes under the link's lock. */
  visit?: (previous: VisitFacts) => Partial<VisitFacts>;
}

/**
 * Writes the job's record (one per job). The link's row is locked first, so two devices saving at once
 * update one record rather than each inserting their own, and two uploads at once both count.
 */
export async function writeRegistrationRecord(
  tx: Tx,
  owner: RecordOwner,
  change: RecordChange,
): Promise<RegistrationRecordValue> {
  await lockMetaRecord(tx, owner.linkId);
  const existing = await getRegistrationRecordRow(tx, owner.jobId);
  const now = new Date();
  const previous = existing?.value as RegistrationRecordValue | undefined;
  const visit = visitFactsOf(previous);
  const value: RegistrationRecordValue = {
    step: change.step ?? previous?.step ?? 'company',
    path: change.path === undefined ? (previous?.path ?? null) : change.path,
    updated_at: now.toISOString(),
    pending: change.pending ?? previous?.pending ?? [],
    ...visit,
    ...change.visit?.(visit),
  };
  if (existing) {
    await updateMetaRecord(tx, existing, { value }, now);
  } else {
    await insertMetaRecords(tx, [
      {
        id: newId(),
        ownerId: owner.ownerId,
        entryId: owner.entryId,
        jobId: owner.jobId,
        src: GOV_AR_SRC,
        key: META_KEY.registration,
        value,
        indexed: false,
        shared: false,
        createdAt: now,
        updatedAt: now,
      },
    ]);
  }
  return value;
}
