// The certificate an entry uses now, as integrators see it: a `gov-ar`/`certificate` meta record on
// the entry with the public facts and how close it is to expiry. Kept current by activation and by
// the daily expiry sweep.
import { GOV_AR_SRC, META_KEY } from '@/lib/gov-ar/app';
import type { Tx } from '@/lib/db/client';
import type { Credential } from '@/lib/db/schema';
import { getCertificateRecord } from '@/lib/gov-ar/queries';
import { newId } from '@/lib/ids';
import type { CertificateRecord } from '@/lib/responses/gov-ar';
import { insertMetaRecords, updateMetaRecord } from '@/lib/silo/queries';

/** A certificate this close to its end is `expiring` (the first warning threshold). */
export const EXPIRING_WITHIN_DAYS = 30;
export type CertificateState = CertificateRecord['state'];

export const DAY_MS = 86_400_000;

function certificateState(notAfter: Date, now: Date): CertificateState {
  const left = notAfter.getTime() - now.getTime();
  if (left <= 0) return 'expired';
  return left <= EXPIRING_WITHIN_DAYS * DAY_MS ? 'expiring' : 'valid';
}

/** Whole days left before `notAfter` (0 on the last day, negative once expired). */
export const daysLeft = (notAfter: Date, now: Date) => Math.floor((notAfter.getTime() - now.getTime()) / DAY_MS);

/** The public facts of a certificate; nothing secret (the key stays in `secrets`). */
export function presentCertificate(credential: Credential): Omit<CertificateRecord, 'state'> {
  return {
    alias: credential.alias,
    cuit: credential.cuit,
    serial: credential.serial,
    issuer: credential.issuer,
    environment: credential.environment,
    not_before: credential.notBefore.toISOString(),
    not_after: credential.notAfter.toISOString(),
    services: credential.services,
  };
}

/** Writes (or rewrites) the entry's certificate record for this credential; returns its state. */
export async function recordCertificate(tx: Tx, credential: Credential, now = new Date()): Promise<CertificateState> {
  const state = certificateState(credential.notAfter, now);
  const value: CertificateRecord = { ...presentCertificate(credential), state };
  const existing = await getCertificateRecord(tx, credential.entryId);
  if (existing) {
    await updateMetaRecord(tx, existing, { value, jobId: credential.jobId }, now);
  } else {
    await insertMetaRecords(tx, [
      {
        id: newId(),
        ownerId: credential.ownerId,
        entryId: credential.entryId,
        jobId: credential.jobId,
        src: GOV_AR_SRC,
        key: META_KEY.certificate,
        value,
        indexed: true,
        shared: false,
        createdAt: now,
        updatedAt: now,
      },
    ]);
  }
  return state;
}
