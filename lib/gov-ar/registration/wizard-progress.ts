// Where a supplier is in the wizard, kept on the server per link so that closing the tab, or
// opening the link on another device, lands them where they left off.
import { inTransaction } from '@/lib/db/client';
import type { RegistrationProgress } from '@/lib/db/schema';
import { loadOpenRegistration } from '@/lib/gov-ar/registration/context';
import type { ProgressBody } from '@/lib/responses/gov-ar-progress';
import type { Progress, SavedProgress } from '@/lib/responses/gov-ar';
import { trackRegistration } from '@/lib/gov-ar/registration/track';
import { everyServiceAuthorized, portalRecordFor } from '@/lib/gov-ar/registration/portal-facts';
import { upsertProgress } from '@/lib/gov-ar/registration/queries';

const INITIAL_PROGRESS: Progress = { step: 'company' };

export function presentProgress(row: RegistrationProgress | undefined): Progress {
  if (!row) return { ...INITIAL_PROGRESS };
  return {
    step: row.step,
    ...(row.company ? { company: row.company } : {}),
    ...(row.path ? { path: row.path } : {}),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Saves the step, and company or path when given; what a call leaves out stays as it was. The entry's
 * `gov-ar`/`registration` record follows in the same transaction.
 */
export async function saveProgress(ref: string, body: ProgressBody): Promise<SavedProgress> {
  const registration = await loadOpenRegistration(ref);
  const { entry } = registration;
  // Asked before the transaction opens: a query of another connection inside one deadlocks PGlite.
  const servicesAuthorized = everyServiceAuthorized(registration, await portalRecordFor(registration));
  const row = await inTransaction(async (tx) => {
    const saved = await upsertProgress(tx, ref, entry, body);
    await trackRegistration(tx, registration, {
      step: saved.step,
      path: saved.path,
      companyConfirmed: saved.company !== null,
      certificateAccepted: false,
      servicesAuthorized,
    });
    return saved;
  });
  return { progress: presentProgress(row) };
}
