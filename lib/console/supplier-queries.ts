// Database access for the console's supplier list: by CUIT (the entries_supplier_cuit index), a bounded
// window of the owner's suppliers (the entries_owner_folder_created index) tested against a name, a
// status and whether the registration is stuck, the rows a window matched, and which suppliers have a registration job still open.
import 'server-only';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import { getDb } from '@/lib/db/client';
import { entries, isSupplierEntry, jobs, metaRecords, supplierCuit, type Entry } from '@/lib/db/schema';
import { GOV_AR_SRC, META_KEY } from '@/lib/gov-ar/app';
import type { EntryStatus } from '@/lib/db/schema';

export interface SupplierFilter {
  name?: string;
  status?: EntryStatus;
  /** Only registrations waiting on a supplier who never opened the link, or whose last upload was refused. */
  stuck?: boolean;
}
export interface Page {
  limit: number;
  cursor?: string;
}

// The folder a literal, as the CUIT index's condition is written, so a generic plan can use the index.
const ownSuppliers = (ownerId: string) => and(eq(entries.ownerId, ownerId), isSupplierEntry(entries.folder));

/** The owner's suppliers with this CUIT (an exact match, from the index), newest first; `limit + 1` rows. */
export async function listSuppliersByCuit(
  ownerId: string,
  cuit: string,
  filter: Pick<SupplierFilter, 'status' | 'stuck'>,
  page: Page,
): Promise<Entry[]> {
  const db = await getDb();
  return db
    .select()
    .from(entries)
    .where(
      and(
        ownSuppliers(ownerId),
        eq(supplierCuit(entries.data), cuit),
        filter.status ? eq(entries.status, filter.status) : undefined,
        filter.stuck ? stuck : undefined,
        afterCursor(entries, page.cursor),
      ),
    )
    .orderBy(...newestFirst(entries))
    .limit(page.limit + 1);
}

/** The test `isStuck` (lib/console/registration-record.ts) makes in the browser, on the open job's record. */
const stuck = sql`(${entries.status} = 'Processing' and exists (
  select 1 from ${metaRecords} join ${jobs} on ${jobs.id} = ${metaRecords.jobId}
  where ${metaRecords.entryId} = ${entries.id} and ${metaRecords.src} = ${GOV_AR_SRC}
    and ${metaRecords.key} = ${META_KEY.registration} and ${jobs.status} in ('queued', 'running', 'waiting')
    and (coalesce(${metaRecords.value}->>'link_opened_at', '') = ''
      or jsonb_typeof(${metaRecords.value}->'last_failed_upload') = 'object')))`;

/** A case-insensitive "contains" without LIKE's wildcards: a name with % or _ means those characters. */
function matches(filter: SupplierFilter): SQL {
  const tests: SQL[] = [];
  if (filter.name) tests.push(sql`strpos(lower(coalesce(${entries.data}->>'name', '')), lower(${filter.name})) > 0`);
  if (filter.status) tests.push(sql`${entries.status} = ${filter.status}`);
  if (filter.stuck) tests.push(stuck);
  return tests.length ? sql.join(tests, sql` and `) : sql`true`;
}

/**
 * The next `window + 1` of the owner's suppliers after the cursor, newest first, each with whether it
 * passes the filter: the work is `window` rows of the index, however many suppliers there are.
 */
export async function scanSuppliers(ownerId: string, filter: SupplierFilter, window: number, cursor?: string) {
  const db = await getDb();
  return db
    .select({ id: entries.id, createdAt: entries.createdAt, matches: sql<boolean>`${matches(filter)}` })
    .from(entries)
    .where(and(ownSuppliers(ownerId), afterCursor(entries, cursor)))
    .orderBy(...newestFirst(entries))
    .limit(window + 1);
}

/** The owner's supplier entries with these ids, in no particular order. */
export async function getSuppliersByIds(ownerId: string, ids: string[]): Promise<Entry[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  return db
    .select()
    .from(entries)
    .where(and(ownSuppliers(ownerId), inArray(entries.id, ids)));
}

/** Of these entries, those with a job not yet ended, and when it was made (jobs_one_open_per_entry: one each at most). */
export async function getOpenJobs(ownerId: string, entryIds: string[]): Promise<Map<string, Date>> {
  if (entryIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ entryId: jobs.siloEntryId, createdAt: jobs.createdAt })
    .from(jobs)
    .where(
      and(
        inArray(jobs.siloEntryId, entryIds),
        inArray(jobs.status, ['queued', 'running', 'waiting']),
        eq(jobs.ownerId, ownerId),
      ),
    );
  return new Map(rows.map((row) => [row.entryId, row.createdAt]));
}
