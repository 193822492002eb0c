// The registration link: a `gov-ar`/`link` meta record on the supplier entry, made once per job by the
// `gov-ar.register` step, whose unguessable ref is what opens the wizard (`/reg/<ref>`), and the sites its
// workflow lets embed that wizard.
import { registrationUrl } from '@/lib/config';
import type { MetaRecordRow } from '@/lib/db/schema';
import { GOV_AR_SRC, META_KEY } from '@/lib/gov-ar/app';
import {
  getMetaRecordByRef,
  getWorkflowConfigByRef,
  insertLinkRecord,
  listLinksOfJob,
} from '@/lib/gov-ar/registration/queries';
import { REF_SHAPE } from '@/lib/gov-ar/registration/schemas';
import { newId, newRef } from '@/lib/ids';
import type { StepContext } from '@/lib/transform/templates';

/** Whether a meta record is a registration link (the same conditions as `isLinkRecord` in queries.ts). */
const isLink = (record: Pick<MetaRecordRow, 'src' | 'key'>) =>
  record.src === GOV_AR_SRC && record.key === META_KEY.link;

/** The job's link, made once (a retried step finds the one it made). */
export async function createRegistrationLink({ job, entry }: StepContext) {
  const [existing] = await listLinksOfJob(job.id);
  if (existing) return existing;
  const ref = newRef();
  const now = new Date();
  return insertLinkRecord({
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
  });
}

/** The registration link a ref names (made by a job), if it is one. */
export async function getRegistrationLinkByRef(ref: string): Promise<(MetaRecordRow & { jobId: string }) | undefined> {
  const link = await getMetaRecordByRef(ref);
  if (!link || !isLink(link) || !link.jobId) return undefined;
  return link as MetaRecordRow & { jobId: string };
}

/**
 * Which sites may embed a ref's wizard in an iframe: the origins its workflow allows, none for an unknown
 * ref. The proxy turns them into the page's CSP frame-ancestors (lib/server/security-headers.ts); the
 * wizard posts its messages only to them.
 */
export async function allowedOriginsFor(ref: string): Promise<string[]> {
  if (!REF_SHAPE.test(ref)) return [];
  const row = await getWorkflowConfigByRef(ref);
  if (!row || !isLink(row)) return [];
  return row.config.allowedOrigins ?? [];
}
