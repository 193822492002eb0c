// The daily certificate sweep: refreshes each soon-to-expire certificate's record on its entry,
// raises `registration.certificate_expiring` once per certificate and threshold (30, 7, 1 days),
// and marks an entry whose certificate has run out `Expired` (with `registration.certificate_expired`).
import { and, eq, lte } from 'drizzle-orm';
import { getDb, type Tx } from '@/lib/db/client';
import { certificateNotices, credentials, entries, jobs, workflows, type Credential, type Workflow } from '@/lib/db/schema';
import { setEntryStatus } from '@/lib/silo/queries';
import { raiseWebhookEvent, type RaisedEvent } from '@/lib/webhooks/events';
import { DAY_MS, daysLeft, EXPIRING_WITHIN_DAYS, presentCertificate, recordCertificate } from '@/lib/gov-ar/certificate-record';

export const EXPIRY_THRESHOLDS_DAYS = [30, 7, 1] as const;

export interface SweepResult { examined: number; warned: number; expired: number }

export async function sweepCertificateExpiry(now = new Date()): Promise<SweepResult> {
  const db = await getDb();
  const horizon = new Date(now.getTime() + EXPIRING_WITHIN_DAYS * DAY_MS);
  const due = await db.select({ credential: credentials, workflow: workflows })
    .from(credentials)
    .leftJoin(jobs, eq(jobs.id, credentials.jobId))
    .leftJoin(workflows, eq(workflows.id, jobs.workflowId))
    .where(and(eq(credentials.status, 'active'), lte(credentials.notAfter, horizon)));
  const result: SweepResult = { examined: due.length, warned: 0, expired: 0 };
  for (const { credential, workflow } of due) {
    const outcome = await db.transaction((tx) => sweepOne(tx, credential, workflow, now));
    if (outcome === 'warned') result.warned++;
    if (outcome === 'expired') result.expired++;
  }
  return result;
}

async function sweepOne(tx: Tx, credential: Credential, workflow: Workflow | null, now: Date) {
  const state = await recordCertificate(tx, credential, now);
  const raise = (event: RaisedEvent['event'], occurrence: string, data: Record<string, unknown>) => workflow
    ? raiseWebhookEvent(tx, workflow, {
      event, occurrence, ownerId: credential.ownerId, jobId: credential.jobId!, entryId: credential.entryId,
      data: { certificate: presentCertificate(credential), ...data },
    })
    : undefined;

  if (state === 'expired') {
    const [entry] = await tx.select().from(entries).where(eq(entries.id, credential.entryId)).for('update');
    if (entry?.status !== 'Registered') return 'unchanged';
    await setEntryStatus(tx, entry.id, 'Expired');
    await raise('registration.certificate_expired', credential.id, { status: 'Expired' });
    return 'expired';
  }
  const left = daysLeft(credential.notAfter, now);
  const crossed = EXPIRY_THRESHOLDS_DAYS.filter((days) => credential.notAfter.getTime() - now.getTime() <= days * DAY_MS);
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
