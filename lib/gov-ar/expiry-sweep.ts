// The daily certificate sweep: refreshes each soon-to-expire certificate's record on its entry,
// raises `registration.certificate_expiring` once per certificate and threshold (30, 7, 1 days),
// and marks an entry whose certificate has run out `Expired` (with `registration.certificate_expired`).
// It reads the due certificates a page at a time by the credentials_status_not_after index; a
// certificate found run out is marked `expired` and so never read again, and one with nothing new since
// the last sweep is passed over without a write. The events it raises become due a few a second, so
// a sweep that finds thousands does not hold back every other webhook behind them.
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { getDb, type Tx } from '@/lib/db/client';
import { certificateNotices, credentials, entries, jobs, workflows, type Credential } from '@/lib/db/schema';
import { setEntryStatus } from '@/lib/silo/queries';
import { raiseWebhookEvent, type RaisedEvent } from '@/lib/webhooks/events';
import { DAY_MS, daysLeft, EXPIRING_WITHIN_DAYS, presentCertificate, recordCertificate } from '@/lib/gov-ar/certificate-record';

export const EXPIRY_THRESHOLDS_DAYS = [30, 7, 1] as const;
/** Certificates read per query. */
export const SWEEP_PAGE_SIZE = 200;
/** How many of the sweep's events become due each second (the rest wait their turn in the outbox). */
export const SWEEP_EVENTS_PER_SECOND = 10;

export interface SweepResult { examined: number; warned: number; expired: number }

interface DueCertificate { credential: Credential; nearestNoticed: number | null }

export async function sweepCertificateExpiry(now = new Date(), options: { pageSize?: number } = {}): Promise<SweepResult> {
  const db = await getDb();
  const pageSize = options.pageSize ?? SWEEP_PAGE_SIZE;
  const horizon = new Date(now.getTime() + EXPIRING_WITHIN_DAYS * DAY_MS);
  const result: SweepResult = { examined: 0, warned: 0, expired: 0 };
  // The outbox's clock, not the sweep's: a sweep run for another day (tests) still sends at once.
  const started = Date.now();
  let raised = 0;
  const dueAt = () => new Date(started + Math.floor(raised++ / SWEEP_EVENTS_PER_SECOND) * 1000);
  for (let after: Credential | undefined; ;) {
    const page = await readDueCertificates(horizon, pageSize, after);
    for (const due of page) {
      result.examined++;
      if (!hasNews(due, now)) continue;
      const outcome = await db.transaction((tx) => sweepOne(tx, due.credential, now, dueAt));
      if (outcome === 'warned') result.warned++;
      if (outcome === 'expired') result.expired++;
    }
    if (page.length < pageSize) return result;
    after = page.at(-1)!.credential;
  }
}

/**
 * Active certificates that run out by `horizon`, in (not_after, id) order after `after`: one range of
 * the credentials_status_not_after index, with the nearest threshold already noticed for each.
 */
export async function readDueCertificates(horizon: Date, limit: number, after?: Credential): Promise<DueCertificate[]> {
  const db = await getDb();
  return db.select({
    credential: credentials,
    nearestNoticed: sql<number | null>`(select min(n.threshold_days) from ${certificateNotices} n where n.credential_id = ${credentials.id})`,
  })
    .from(credentials)
    .where(and(
      eq(credentials.status, 'active'),
      lte(credentials.notAfter, horizon),
      after ? sql`(${credentials.notAfter}, ${credentials.id}) > (${after.notAfter.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
    ))
    .orderBy(asc(credentials.notAfter), asc(credentials.id))
    .limit(limit);
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
    const [workflow] = credential.jobId
      ? await tx.select({ workflow: workflows }).from(jobs).innerJoin(workflows, eq(workflows.id, jobs.workflowId))
        .where(eq(jobs.id, credential.jobId))
      : [];
    if (!workflow) return undefined;
    return raiseWebhookEvent(tx, workflow.workflow, {
      event, occurrence, ownerId: credential.ownerId, jobId: credential.jobId!, entryId: credential.entryId,
      data: { certificate: presentCertificate(credential), ...data }, dueAt: dueAt(),
    });
  };

  if (state === 'expired') {
    // Still the entry's certificate until a renewal replaces it, but never swept again; a renewal
    // that replaced it meanwhile wins (the row is no longer `active`).
    await tx.update(credentials).set({ status: 'expired' })
      .where(and(eq(credentials.id, credential.id), eq(credentials.status, 'active')));
    const [entry] = await tx.select().from(entries).where(eq(entries.id, credential.entryId)).for('update');
    if (entry?.status !== 'Registered') return 'unchanged';
    await setEntryStatus(tx, entry.id, 'Expired');
    await raise('registration.certificate_expired', credential.id, { status: 'Expired' });
    return 'expired';
  }
  const left = daysLeft(credential.notAfter, now);
  const crossed = crossedThresholds(credential, now);
  if (crossed.length === 0) return 'unchanged';
  const noted = await tx.insert(certificateNotices)
    .values(crossed.map((thresholdDays) => ({ credentialId: credential.id, thresholdDays, createdAt: now })))
    .onConflictDoNothing()
    .returning({ thresholdDays: certificateNotices.thresholdDays });
  if (noted.length === 0) return 'unchanged';
  // A certificate first seen past several thresholds gets one warning, for the nearest.
  const threshold = Math.min(...noted.map((n) => n.thresholdDays));
  await raise('registration.certificate_expiring', `${credential.id}:${threshold}`, { threshold_days: threshold, days_left: left });
  return 'warned';
}
