// Database access for supplier registration: a link and everything it leads to, the key pair made for
// it, the wizard's saved progress, the `gov-ar`/`registration` record, and the job's authorization.
// Entry and meta-record writes go through lib/silo/queries.ts; the functions here that run one on its
// own (outside a transaction) hand it the database.
import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '@/lib/db/client';
import {
  entries,
  jobs,
  metaRecords,
  registrationKeys,
  registrationProgress,
  workflows,
  workspaces,
  type EntryStatus,
  type MetaRecordRow,
  type RegistrationKey,
  type RegistrationProgress,
} from '@/lib/db/schema';
import { GOV_AR_SRC, META_KEY } from '@/lib/gov-ar/app';
import type { CertificatePath, PendingItem, ProgressBody, WizardStep } from '@/lib/responses/gov-ar-progress';
import { insertMetaRecords, setEntryStatus } from '@/lib/silo/queries';

/** The conditions that make a meta record a registration link. */
export const isLinkRecord = and(eq(metaRecords.src, GOV_AR_SRC), eq(metaRecords.key, META_KEY.link));

/** A link with its job, entry, workflow, workspace mode, saved progress and generated key: one query. */
export async function getRegistrationByRef(ref: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      link: metaRecords,
      job: jobs,
      entry: entries,
      workflow: workflows,
      sandbox: workspaces.sandbox,
      progress: registrationProgress,
      generatedKey: registrationKeys,
    })
    .from(metaRecords)
    .innerJoin(jobs, eq(jobs.id, metaRecords.jobId))
    .innerJoin(entries, eq(entries.id, jobs.siloEntryId))
    .innerJoin(workflows, eq(workflows.id, jobs.workflowId))
    .innerJoin(workspaces, eq(workspaces.id, jobs.ownerId))
    .leftJoin(registrationProgress, eq(registrationProgress.ref, metaRecords.ref))
    .leftJoin(registrationKeys, eq(registrationKeys.ref, metaRecords.ref))
    .where(and(eq(metaRecords.ref, ref), isLinkRecord));
  return row;
}

/** The meta record with this ref, with its job's workflow settings (whatever kind of record it is). */
export async function getWorkflowConfigByRef(ref: string) {
  const db = await getDb();
  const [row] = await db
    .select({ config: workflows.config, src: metaRecords.src, key: metaRecords.key })
    .from(metaRecords)
    .innerJoin(jobs, eq(jobs.id, metaRecords.jobId))
    .innerJoin(workflows, eq(workflows.id, jobs.workflowId))
    .where(eq(metaRecords.ref, ref));
  return row;
}

/** The meta record with this ref, whatever kind it is. */
export async function getMetaRecordByRef(ref: string): Promise<MetaRecordRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(metaRecords).where(eq(metaRecords.ref, ref));
  return row;
}

/** The job's registration links (one, once made). */
export async function listLinksOfJob(jobId: string): Promise<MetaRecordRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(metaRecords)
    .where(and(eq(metaRecords.jobId, jobId), isLinkRecord));
}

/** Stores a new link record, on its own. */
export async function insertLinkRecord(values: typeof metaRecords.$inferInsert): Promise<MetaRecordRow> {
  const [created] = await insertMetaRecords(await getDb(), [values]);
  return created!;
}

/** Sets the supplier entry's status, on its own. */
export async function setSupplierStatus(entryId: string, status: EntryStatus): Promise<void> {
  await setEntryStatus(await getDb(), entryId, status);
}

export async function getRegistrationKey(ref: string): Promise<RegistrationKey | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(registrationKeys).where(eq(registrationKeys.ref, ref));
  return row;
}

/** A link's key pair; a second one for the same link is refused (unique ref). */
export async function insertRegistrationKey(tx: Tx, values: typeof registrationKeys.$inferInsert): Promise<void> {
  await tx.insert(registrationKeys).values(values);
}

export async function getProgress(ref: string): Promise<RegistrationProgress | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(registrationProgress).where(eq(registrationProgress.ref, ref));
  return row;
}

/** Saves the step, and company or path when given; what a call leaves out stays as it was. */
export async function upsertProgress(
  tx: Tx,
  ref: string,
  entry: { ownerId: string; id: string },
  body: ProgressBody,
): Promise<RegistrationProgress> {
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

/** An upload the service refused: the code and the (English) message the wizard showed, and when. */
export interface FailedUpload {
  code: string;
  message: string;
  at: string;
}

/** What the `gov-ar`/`registration` record holds. */
export interface RegistrationRecordValue {
  step: WizardStep;
  path: CertificatePath | null;
  updated_at: string;
  pending: PendingItem[];
  /** When the supplier first opened the link's page; null until they do. */
  link_opened_at: string | null;
  /** Certificate uploads tried with this link, refused ones included. */
  upload_attempts: number;
  /** The newest refused upload; null when none was refused. */
  last_failed_upload: FailedUpload | null;
}

const isRegistrationRecord = (jobId: string) =>
  and(eq(metaRecords.jobId, jobId), eq(metaRecords.src, GOV_AR_SRC), eq(metaRecords.key, META_KEY.registration));

async function registrationRecordOf(db: Db | Tx, jobId: string): Promise<RegistrationRecordValue | undefined> {
  const [row] = await db.select({ value: metaRecords.value }).from(metaRecords).where(isRegistrationRecord(jobId));
  return row?.value as RegistrationRecordValue | undefined;
}

/** The job's record, if written yet. */
export async function getRegistrationRecord(jobId: string): Promise<RegistrationRecordValue | undefined> {
  return registrationRecordOf(await getDb(), jobId);
}

/** The job's record, if written yet, as the transaction sees it. */
export async function getRegistrationRecordInTx(tx: Tx, jobId: string): Promise<RegistrationRecordValue | undefined> {
  return registrationRecordOf(tx, jobId);
}

/** The job's record row, if written yet. */
export async function getRegistrationRecordRow(tx: Tx, jobId: string): Promise<MetaRecordRow | undefined> {
  const [row] = await tx.select().from(metaRecords).where(isRegistrationRecord(jobId));
  return row;
}

/** Locks a meta record (a link) for the rest of the transaction: writes that belong to it serialise on it. */
export async function lockMetaRecord(tx: Tx, id: string): Promise<void> {
  await tx.select({ id: metaRecords.id }).from(metaRecords).where(eq(metaRecords.id, id)).for('update');
}

/** The value of the entry's newest `gov-ar`/`company` record: what its last successful registration confirmed. */
export async function getLatestCompanyRecordValue(entryId: string): Promise<unknown> {
  const db = await getDb();
  const [row] = await db
    .select({ value: metaRecords.value })
    .from(metaRecords)
    .where(
      and(eq(metaRecords.entryId, entryId), eq(metaRecords.src, GOV_AR_SRC), eq(metaRecords.key, META_KEY.company)),
    )
    .orderBy(desc(metaRecords.createdAt))
    .limit(1);
  return row?.value;
}

/** Leaves the supplier's authorization on the (locked) job. */
export async function setJobAuthorization(
  tx: Tx,
  jobId: string,
  authorization: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await tx.update(jobs).set({ authorization, updatedAt: now }).where(eq(jobs.id, jobId));
}
