// Where a supplier is in the wizard, kept on the server per link so that closing the tab, or
// opening the link on another device, lands them where they left off.
import { eq, sql } from 'drizzle-orm';
import { getDb, type Tx } from '@/lib/db/client';
import { registrationProgress, type RegistrationProgress } from '@/lib/db/schema';
import { loadOpenRegistration } from '@/lib/gov-ar/registration/context';
import type { ProgressBody } from '@/lib/gov-ar/registration/progress-schema';
import type { Progress, SavedProgress } from '@/lib/openapi/responses/gov-ar';
import { trackRegistration } from '@/lib/gov-ar/registration/track';

const INITIAL_PROGRESS: Progress = { step: 'company' };

export async function getProgress(ref: string): Promise<RegistrationProgress | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(registrationProgress).where(eq(registrationProgress.ref, ref));
  return row;
}

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
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const saved = await upsertProgress(tx, ref, entry, body);
    await trackRegistration(tx, registration, {
      step: saved.step,
      path: saved.path,
      companyConfirmed: saved.company !== null,
      certificateAccepted: false,
    });
    return saved;
  });
  return { progress: presentProgress(row) };
}

async function upsertProgress(tx: Tx, ref: string, entry: { ownerId: string; id: string }, body: ProgressBody) {
  // One upsert, so two devices saving at once cannot lose each other's company or path.
  const [row] = await tx
    .insert(registrationProgress)
    .values({
      ref,
      ownerId: entry.ownerId,
      entryId: entry.id,
      step: body.step,
      company: body.company ?? null,
      path: body.path ?? null,
    })
    .onConflictDoUpdate({
      target: registrationProgress.ref,
      set: {
        step: body.step,
        company: sql`coalesce(excluded.company, ${registrationProgress.company})`,
        path: sql`coalesce(excluded.path, ${registrationProgress.path})`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}
