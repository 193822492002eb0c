// Resuming a registration: the supplier's validated credentials arrive by link ref. If the job is at
// its wait step the wait completes now; if it has not got there yet, the authorization is left on the
// job and the wait step finds it. A link whose job already has one, or is finished, is used.
import { ApiError } from '@/lib/api/errors';
import { inTransaction, type Tx } from '@/lib/db/client';
import type { JobRow } from '@/lib/db/schema';
import { getRegistrationLinkByRef } from '@/lib/gov-ar/registration/link';
import { setJobAuthorization } from '@/lib/gov-ar/registration/queries';
import { awaitsSupplier, lockJob } from '@/lib/transform/queries';
import { kickJobRunner } from '@/lib/transform/wake-ups';
import { completeWaitStep } from '@/lib/transform/transitions';

export interface ResumedRegistration {
  jobId: string;
  entryId: string;
  ownerId: string;
  /** Whether the wait step was waiting (false: the job had not reached it yet). */
  wasWaiting: boolean;
}

/** The link record and its job; unknown refs are `link_not_found`. */
async function findRegistrationLink(ref: string) {
  const link = await getRegistrationLinkByRef(ref);
  if (!link) throw new ApiError('link_not_found', 'This registration link does not exist.');
  return { link, jobId: link.jobId };
}

const linkUsed = () => new ApiError('link_used', 'This registration link has already been used.');

/** Locks the link's job for the transaction; a finished job, or one already authorized, is `link_used`. */
export async function lockOpenRegistrationJob(tx: Tx, jobId: string): Promise<JobRow> {
  const job = await lockJob(tx, jobId);
  if (!job || !awaitsSupplier(job)) throw linkUsed();
  return job;
}

/** Leaves the authorization on a locked job and completes its wait step if it is waiting. */
export async function recordAuthorization(
  tx: Tx,
  job: JobRow,
  authorization: Record<string, unknown>,
): Promise<boolean> {
  const now = new Date();
  await setJobAuthorization(tx, job.id, authorization, now);
  return completeWaitStep(tx, job, 'Authorization received.', now);
}

export async function resumeRegistration(
  ref: string,
  authorization: Record<string, unknown>,
): Promise<ResumedRegistration> {
  const { link, jobId } = await findRegistrationLink(ref);
  const resumed = await inTransaction(async (tx) => {
    const job = await lockOpenRegistrationJob(tx, jobId);
    const wasWaiting = await recordAuthorization(tx, job, authorization);
    return { jobId: job.id, entryId: link.entryId, ownerId: link.ownerId, wasWaiting };
  });
  kickJobRunner();
  return resumed;
}
