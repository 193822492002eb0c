// Database access for the console's supplier list: by CUIT (the entries_supplier_cuit index), a bounded
// window of the owner's suppliers (the entries_owner_folder_created index) tested against a name and a
// status, the rows a window matched, and which suppliers have a registration job still open.
import 'server-only';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import { getDb } from '@/lib/db/client';
import { entries, isSupplierEntry, jobs, supplierCuit, type Entry } from '@/lib/db/schema';
import type { EntryStatus } from '@/lib/db/schema';

export interface SupplierFilter {
  name?: string;
  status?: EntryStatus;
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
  status: EntryStatus | undefined,
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
        status ? eq(entries.status, status) : undefined,
        afterCursor(entries, page.cursor),
      ),
    )
    .orderBy(...newestFirst(entries))
    .limit(page.limit + 1);
}

/** A case-insensitive "contains" without LIKE's wildcards: a name with % or _ means those characters. */
function matches(filter: SupplierFilter): SQL {
  const tests: SQL[] = [];
  if (filter.name) tests.push(sql`strpos(lower(coalesce(${entries.data}->>'name', '')), lower(${filter.name})) > 0`);
  if (filter.status) tests.push(sql`${entries.status} = ${filter.status}`);
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
