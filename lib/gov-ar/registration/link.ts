// The registration link: a `gov-ar`/`link` meta record on the supplier entry, made once per job by the
// `gov-ar.register` step, whose unguessable ref is what opens the wizard (`/reg/<ref>`).
import { and, eq } from 'drizzle-orm';
import { registrationUrl } from '@/lib/config';
import { getDb } from '@/lib/db/client';
import { metaRecords, type MetaRecord } from '@/lib/db/schema';
import { GOV_AR_SRC, META_KEY } from '@/lib/gov-ar/app';
import { newId, newRef } from '@/lib/ids';
import { insertMetaRecords } from '@/lib/silo/queries';
import type { StepContext } from '@/lib/transform/templates';

/** The conditions that make a meta record a registration link. */
export const isLinkRecord = and(eq(metaRecords.src, GOV_AR_SRC), eq(metaRecords.key, META_KEY.link));

export const isLink = (record: Pick<MetaRecord, 'src' | 'key'>) =>
  record.src === GOV_AR_SRC && record.key === META_KEY.link;

/** The job's link, made once (a retried step finds the one it made). */
export async function createRegistrationLink({ job, entry }: StepContext) {
  const db = await getDb();
  const [existing] = await db
    .select()
    .from(metaRecords)
    .where(and(eq(metaRecords.jobId, job.id), isLinkRecord));
  if (existing) return existing;
  const ref = newRef();
  const now = new Date();
  const [created] = await insertMetaRecords(db, [
    {
      id: newId(),
      ownerId: entry.ownerId,
      entryId: entry.id,
      jobId: job.id,
      src: GOV_AR_SRC,
      key: META_KEY.link,
      ref,
      linkUrl: `${registrationUrl()}/reg/${ref}`,
      linkScope: 'public',
      indexed: true,
      shared: false,
      createdAt: now,
      updatedAt: now,
    },
  ]);
  return created!;
}

/** The registration link a ref names (made by a job), if it is one. */
export async function getRegistrationLinkByRef(ref: string): Promise<(MetaRecord & { jobId: string }) | undefined> {
  const db = await getDb();
  const [link] = await db.select().from(metaRecords).where(eq(metaRecords.ref, ref));
  if (!link || !isLink(link) || !link.jobId) return undefined;
  return link as MetaRecord & { jobId: string };
}
