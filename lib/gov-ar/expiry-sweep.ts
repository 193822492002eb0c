// The daily certificate sweep: refreshes each soon-to-expire certificate's record on its entry,
// raises `registration.certificate_expiring` once per certificate and threshold (30, 7, 1 days),
// and marks an entry whose certificate has run out `Expired` (with `registration.certificate_expired`).
// It reads the due certificates a page at a time by the credentials_status_not_after index; a
// certificate found run out is marked `expired` and so never read again, and one with nothing new since
// the last sweep is passed over without a write. The events it raises become due a few a second, so
// a sweep that finds thousands does not hold back every other webhook behind them.
import { inTransaction, type Tx } from '@/lib/db/client';
import type { Credential } from '@/lib/db/schema';
import { lockEntry, setEntryStatus } from '@/lib/silo/queries';
import {
  getWorkflowOfJob,
  insertCertificateNotices,
  markCredentialExpired,
  readDueCertificates,
  type DueCertificate,
} from '@/lib/gov-ar/queries';
import { raiseWebhookEvent, type RaisedEvent } from '@/lib/webhooks/events';
import {
  DAY_MS,
  daysLeft,
  EXPIRING_WITHIN_DAYS,
  presentCertificate,
  recordCertificate,
} from '@/lib/gov-ar/certificate-record';

const EXPIRY_THRESHOLDS_DAYS = [30, 7, 1] as const;
/** Certificates read per query. */
const SWEEP_PAGE_SIZE = 200;
/** How many of the sweep's events become due each second (the rest wait their turn in the outbox). */
export const SWEEP_EVENTS_PER_SECOND = 10;

export interface SweepResult {
  examined: number;
  warned: number;
  expired: number;
}

export async function sweepCertificateExpiry(
  now = new Date(),
  options: { pageSize?: number } = {},
): Promise<SweepResult> {
  const pageSize = options.pageSize ?? SWEEP_PAGE_SIZE;
  const horizon = new Date(now.getTime() + EXPIRING_WITHIN_DAYS * DAY_MS);
  const result: SweepResult = { examined: 0, warned: 0, expired: 0 };
  // The outbox's clock, not the sweep's: a sweep run for another day (tests) still sends at once.
  const started = Date.now();
  let raised = 0;
  const dueAt = () => new Date(started + Math.floor(raised++ / SWEEP_EVENTS_PER_SECOND) * 1000);
  for (let after: Credential | undefined; ; ) {
    const page = await readDueCertificates(horizon, pageSize, after);
    for (const due of page) {
      result.examined++;
      if (!hasNews(due, now)) continue;
      const outcome = await inTransaction((tx) => sweepOne(tx, due.credential, now, dueAt));
      if (outcome === 'warned') result.warned++;
      if (outcome === 'expired') result.expired++;
    }
    if (page.length < pageSize) return result;
    after = page.at(-1)!.credential;
  }
}

/** The thresholds this certificate has crossed by `now`, nearest last. */
const crossedThresholds = (credential: Credential, now: Date) =>
  EXPIRY_THRESHOLDS_DAYS.filter((days) => credential.notAfter.getTime() - now.getTime() <= days * DAY_MS);

/**
 * Whether the sweep has anything to do for this certificate: it has run out, or crossed a threshold
 * not yet noticed. Its record's state changes only then (to `expiring` at 30 days, to `expired`).
 */
function hasNews({ credential, nearestNoticed }: DueCertificate, now: Date): boolean {
  if (credential.notAfter.getTime() <= now.getTime()) return true;
  const nearest = Math.min(...crossedThresholds(credential, now));
  return nearestNoticed === null || nearest < nearestNoticed;
}

async function sweepOne(tx: Tx, credential: Credential, now: Date, dueAt: () => Date) {
  const state = await recordCertificate(tx, credential, now);
  const raise = async (event: RaisedEvent['event'], occurrence: string, data: Record<string, unknown>) => {
    const workflow = credential.jobId ? await getWorkflowOfJob(tx, credential.jobId) : undefined;
    if (!workflow) return undefined;
    return raiseWebhookEvent(tx, workflow, {
      event,
      occurrence,
      ownerId: credential.ownerId,
      jobId: credential.jobId!,
      entryId: credential.entryId,
      data: { certificate: presentCertificate(credential), ...data },
      dueAt: dueAt(),
    });
  };

  if (state === 'expired') {
    // Still the entry's certificate until a renewal replaces it, but never swept again; a renewal
    // that replaced it meanwhile wins (the row is no longer `active`).
    await markCredentialExpired(tx, credential.id);
    const entry = await lockEntry(tx, credential.entryId);
    if (entry?.status !== 'Registered') return 'unchanged';
    await setEntryStatus(tx, entry.id, 'Expired');
    await raise('registration.certificate_expired', credential.id, { status: 'Expired' });
    return 'expired';
  }
  const left = daysLeft(credential.notAfter, now);
  const crossed = crossedThresholds(credential, now);
  if (crossed.length === 0) return 'unchanged';
  const noted = await insertCertificateNotices(tx, credential.id, crossed, now);
  if (noted.length === 0) return 'unchanged';
  // A certificate first seen past several thresholds gets one warning, for the nearest.
  const threshold = Math.min(...noted);
  await raise('registration.certificate_expiring', `${credential.id}:${threshold}`, {
    threshold_days: threshold,
    days_left: left,
  });
  return 'warned';
}
