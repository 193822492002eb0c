// What the supplier did with the link, kept on the `gov-ar`/`registration` record so that an integrator
// whose supplier seems stuck sees why: whether the link was ever opened, how many uploads were tried, and
// the newest one the service refused (its code, message and time), also raised as `registration.upload_failed`.
import { ApiError } from '@/lib/api/errors';
import { inTransaction } from '@/lib/db/client';
import { findRegistration, type RegistrationContext } from '@/lib/gov-ar/registration/context';
import { getRegistrationRecord } from '@/lib/gov-ar/registration/queries';
import { trackVisit } from '@/lib/gov-ar/registration/track';
import { raiseWebhookEvent } from '@/lib/webhooks/events';

/** The answers that refuse an upload itself (too large, unreadable, refused by the checks or the authority). */
const UPLOAD_REFUSAL_STATUSES = new Set([413, 415, 422, 503]);

/** Notes the first time the supplier opens the link's page; later visits cost one read. */
export async function noteLinkOpened(registration: RegistrationContext): Promise<void> {
  if (!registration.open) return;
  const record = await getRegistrationRecord(registration.job.id);
  if (!record || record.link_opened_at) return;
  await inTransaction((tx) =>
    trackVisit(tx, registration, (previous) =>
      previous.link_opened_at ? {} : { link_opened_at: new Date().toISOString() },
    ),
  );
}

/** Runs the upload; a refusal is counted and kept on the record before it is answered. */
export async function countingRefusedUploads<T>(ref: string, upload: () => Promise<T>): Promise<T> {
  try {
    return await upload();
  } catch (error) {
    if (error instanceof ApiError && UPLOAD_REFUSAL_STATUSES.has(error.status)) {
      // The supplier's answer must not wait on, nor fail by, the integrator's bookkeeping.
      await noteRefusedUpload(ref, error).catch((cause: unknown) =>
        console.error('[registration] the refused upload could not be recorded:', cause),
      );
    }
    throw error;
  }
}

async function noteRefusedUpload(ref: string, error: ApiError): Promise<void> {
  const registration = await findRegistration(ref);
  if (!registration?.open) return;
  const { job, entry, workflow } = registration;
  await inTransaction(async (tx) => {
    const value = await trackVisit(tx, registration, (previous) => ({
      upload_attempts: previous.upload_attempts + 1,
      last_failed_upload: { code: error.code, message: error.message, at: new Date().toISOString() },
    }));
    await raiseWebhookEvent(tx, workflow, {
      event: 'registration.upload_failed',
      occurrence: `${job.id}:${value.upload_attempts}`,
      ownerId: job.ownerId,
      jobId: job.id,
      entryId: entry.id,
      data: { registration: value },
    });
  });
}
