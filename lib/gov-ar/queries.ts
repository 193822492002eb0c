// Database access for the Argentina service's own tables outside registration and invoicing: suppliers'
// certificates (credentials), their expiry notices, and the meta record that shows an entry's certificate.
// (lib/gov-ar/registration and lib/gov-ar/invoices keep their statements in their own queries modules.)
import 'server-only';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '@/lib/db/client';
import {
  certificateNotices,
  credentials,
  jobs,
  metaRecords,
  workflows,
  type Credential,
  type MetaRecordRow,
  type WorkflowRow,
} from '@/lib/db/schema';
import { GOV_AR_SRC, META_KEY } from '@/lib/gov-ar/app';

/** An entry's certificate in use: `expired` once the expiry sweep found it run out. */
const CURRENT = ['active', 'expired'] as const;

async function activeCredentialOf(db: Db | Tx, entryId: string): Promise<Credential | undefined> {
  const [row] = await db
    .select()
    .from(credentials)
    .where(and(eq(credentials.entryId, entryId), inArray(credentials.status, [...CURRENT])))
    .orderBy(desc(credentials.createdAt))
    .limit(1);
  return row;
}

/** The entry's certificate now: active, or run out until a renewal replaces it. */
export async function getActiveCredential(entryId: string): Promise<Credential | undefined> {
  return activeCredentialOf(await getDb(), entryId);
}

/** The same, as the transaction sees it. */
export async function getActiveCredentialInTx(tx: Tx, entryId: string): Promise<Credential | undefined> {
  return activeCredentialOf(tx, entryId);
}

/** Makes `values` the entry's active credential; the previous one becomes history (`replaced`), never deleted. */
export async function insertActiveCredential(
  tx: Tx,
  values: typeof credentials.$inferInsert,
  now: Date,
): Promise<Credential> {
  await tx
    .update(credentials)
    .set({ status: 'replaced', replacedAt: now })
    .where(and(eq(credentials.entryId, values.entryId), inArray(credentials.status, [...CURRENT])));
  const [row] = await tx
    .insert(credentials)
    .values({ ...values, status: 'active', createdAt: now })
    .returning();
  return row!;
}

/** A certificate the sweep found run out: never swept again; a renewal that replaced it meanwhile wins. */
export async function markCredentialExpired(tx: Tx, id: string): Promise<void> {
  await tx
    .update(credentials)
    .set({ status: 'expired' })
    .where(and(eq(credentials.id, id), eq(credentials.status, 'active')));
}

export interface DueCertificate {
  credential: Credential;
  nearestNoticed: number | null;
}

/**
 * Active certificates that run out by `horizon`, in (not_after, id) order after `after`: one range of
 * the credentials_status_not_after index, with the nearest threshold already noticed for each.
 */
export async function readDueCertificates(horizon: Date, limit: number, after?: Credential): Promise<DueCertificate[]> {
  const db = await getDb();
  return db
    .select({
      credential: credentials,
      nearestNoticed: sql<
        number | null
      >`(select min(n.threshold_days) from ${certificateNotices} n where n.credential_id = ${credentials.id})`,
    })
    .from(credentials)
    .where(
      and(
        eq(credentials.status, 'active'),
        lte(credentials.notAfter, horizon),
        after
          ? sql`(${credentials.notAfter}, ${credentials.id}) > (${after.notAfter.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(credentials.notAfter), asc(credentials.id))
    .limit(limit);
}

/** Notes the thresholds crossed; answers those not noted before (each is noted once per certificate). */
export async function insertCertificateNotices(
  tx: Tx,
  credentialId: string,
  thresholdsDays: number[],
  now: Date,
): Promise<number[]> {
  const noted = await tx
    .insert(certificateNotices)
    .values(thresholdsDays.map((thresholdDays) => ({ credentialId, thresholdDays, createdAt: now })))
    .onConflictDoNothing()
    .returning({ thresholdDays: certificateNotices.thresholdDays });
  return noted.map((notice) => notice.thresholdDays);
}

/** The workflow a job runs. */
export async function getWorkflowOfJob(tx: Tx, jobId: string): Promise<WorkflowRow | undefined> {
  const [row] = await tx
    .select({ workflow: workflows })
    .from(jobs)
    .innerJoin(workflows, eq(workflows.id, jobs.workflowId))
    .where(eq(jobs.id, jobId));
  return row?.workflow;
}

/** The entry's `gov-ar`/`certificate` meta record, if it has one. */
export async function getCertificateRecord(tx: Tx, entryId: string): Promise<MetaRecordRow | undefined> {
  const [row] = await tx
    .select()
    .from(metaRecords)
    .where(
      and(eq(metaRecords.entryId, entryId), eq(metaRecords.src, GOV_AR_SRC), eq(metaRecords.key, META_KEY.certificate)),
    );
  return row;
}
