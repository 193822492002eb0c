// Database access for silo entries and their meta records; every read is scoped to a workspace.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '@/lib/db/client';
import { entries, metaRecords, type Entry, type EntryStatus, type MetaRecord } from '@/lib/db/schema';
import { afterCursor, newestFirst } from '@/lib/api/pagination';

export async function getEntryById(ownerId: string, id: string): Promise<Entry | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(entries).where(and(eq(entries.ownerId, ownerId), eq(entries.id, id)));
  return row;
}

/** Any workspace's entry with this id: a client-chosen id must not be taken twice. */
export async function getEntryByIdAnyOwner(id: string): Promise<Entry | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(entries).where(eq(entries.id, id));
  return row;
}

export async function getEntryByKey(ownerId: string, key: string): Promise<Entry | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(entries).where(and(eq(entries.ownerId, ownerId), eq(entries.key, key)));
  return row;
}

export async function insertEntry(values: typeof entries.$inferInsert): Promise<Entry> {
  const db = await getDb();
  const [row] = await db.insert(entries).values(values).returning();
  return row!;
}

/** New content for a stored entry (a correction its folder allows). */
export async function replaceEntryData(id: string, values: { data: unknown; requestDigest: string; status: EntryStatus }): Promise<Entry> {
  const db = await getDb();
  const [row] = await db.update(entries).set({ ...values, updatedAt: new Date() }).where(eq(entries.id, id)).returning();
  return row!;
}

/** A workspace's entries, newest first; of one folder, or of any of several. */
export async function listEntriesByFolder(ownerId: string, options: { folder?: string | string[]; limit: number; cursor?: string }) {
  const db = await getDb();
  return db
    .select()
    .from(entries)
    .where(and(
      eq(entries.ownerId, ownerId),
      typeof options.folder === 'string' ? eq(entries.folder, options.folder) : undefined,
      Array.isArray(options.folder) ? inArray(entries.folder, options.folder) : undefined,
      afterCursor(entries, options.cursor),
    ))
    .orderBy(...newestFirst(entries))
    .limit(options.limit + 1);
}

/** An entry with its meta records (oldest first) in one query: `GET /silo/v1/entries/{id}`, the most frequent read. */
export async function getEntryWithMeta(ownerId: string, id: string): Promise<{ entry: Entry; meta: MetaRecord[] } | undefined> {
  const db = await getDb();
  const rows = await db
    .select({ entry: entries, meta: metaRecords })
    .from(entries)
    .leftJoin(metaRecords, eq(metaRecords.entryId, entries.id))
    .where(and(eq(entries.ownerId, ownerId), eq(entries.id, id)))
    .orderBy(asc(metaRecords.createdAt), asc(metaRecords.id));
  if (rows.length === 0) return undefined;
  return { entry: rows[0]!.entry, meta: rows.flatMap((row) => (row.meta ? [row.meta] : [])) };
}

export async function listMetaRecordsByEntries(entryIds: string[]): Promise<Map<string, MetaRecord[]>> {
  const byEntry = new Map<string, MetaRecord[]>(entryIds.map((id) => [id, []]));
  if (entryIds.length === 0) return byEntry;
  const db = await getDb();
  const rows = await db
    .select()
    .from(metaRecords)
    .where(inArray(metaRecords.entryId, entryIds))
    .orderBy(asc(metaRecords.createdAt), asc(metaRecords.id));
  for (const row of rows) byEntry.get(row.entryId)?.push(row);
  return byEntry;
}

export async function setEntryStatus(db: Db | Tx, entryId: string, status: EntryStatus): Promise<void> {
  await db.update(entries).set({ status, updatedAt: new Date() }).where(eq(entries.id, entryId));
}
