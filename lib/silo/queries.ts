// Database access for silo entries and their meta records; every read is scoped to a workspace.
// Every write to either table in the product is one of the functions below (a test holds every other
// module to that), each telling the entry read cache once it has run: the cache is invalidated by
// construction, not by looking at SQL.
import 'server-only';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '@/lib/db/client';
import { entries, metaRecords, type Entry, type EntryStatus, type MetaRecordRow } from '@/lib/db/schema';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import { entriesWritten } from '@/lib/silo/entry-read-cache';

/**
 * Runs a write to these entries or their meta records, then tells the read cache (also when it failed: it
 * may have run). Without ids (an entry whose id the database chooses), the cache forgets every entry.
 */
async function written<T>(entryIds: readonly string[] | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    entriesWritten(entryIds);
  }
}

export async function getEntryById(ownerId: string, id: string): Promise<Entry | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(entries)
    .where(and(eq(entries.ownerId, ownerId), eq(entries.id, id)));
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
  const [row] = await db
    .select()
    .from(entries)
    .where(and(eq(entries.ownerId, ownerId), eq(entries.key, key)));
  return row;
}

/** The workspace's entry of this folder that holds the document with this identity (see Folder.identity). */
export async function getEntryByIdentity(
  ownerId: string,
  folder: string,
  identity: string,
): Promise<Entry | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(entries)
    .where(and(eq(entries.ownerId, ownerId), eq(entries.folder, folder), eq(entries.identity, identity)));
  return row;
}

export async function insertEntry(values: typeof entries.$inferInsert): Promise<Entry> {
  const db = await getDb();
  const [row] = await written(values.id ? [values.id] : undefined, () => db.insert(entries).values(values).returning());
  return row!;
}

/** New content for a stored entry (a correction its folder allows), its row locked by `lockEntry`. */
export async function replaceEntryData(
  tx: Tx,
  id: string,
  values: { data: unknown; requestDigest: string; status: EntryStatus; identity: string | null },
): Promise<Entry> {
  const [row] = await written([id], () =>
    tx
      .update(entries)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(entries.id, id))
      .returning(),
  );
  return row!;
}

/** A workspace's entries, newest first; of one folder, or of any of several. */
export async function listEntriesByFolder(
  ownerId: string,
  options: { folder?: string | string[]; limit: number; cursor?: string },
) {
  const db = await getDb();
  return db
    .select()
    .from(entries)
    .where(
      and(
        eq(entries.ownerId, ownerId),
        typeof options.folder === 'string' ? eq(entries.folder, options.folder) : undefined,
        Array.isArray(options.folder) ? inArray(entries.folder, options.folder) : undefined,
        afterCursor(entries, options.cursor),
      ),
    )
    .orderBy(...newestFirst(entries))
    .limit(options.limit + 1);
}

/** An entry with its meta records (oldest first) in one query: `GET /silo/v1/entries/{id}`, the most frequent read. */
export async function getEntryWithMeta(
  ownerId: string,
  id: string,
): Promise<{ entry: Entry; meta: MetaRecordRow[] } | undefined> {
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

export async function listMetaRecordsByEntries(entryIds: string[]): Promise<Map<string, MetaRecordRow[]>> {
  const byEntry = new Map<string, MetaRecordRow[]>(entryIds.map((id) => [id, []]));
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

/** The entry, its row locked for the rest of the transaction. */
export async function lockEntry(tx: Tx, id: string): Promise<Entry | undefined> {
  const [row] = await tx.select().from(entries).where(eq(entries.id, id)).for('update');
  return row;
}

/** Sets the entry's status; with `unless`, not when the entry already has that status (a status that is final). */
export async function setEntryStatus(
  db: Db | Tx,
  entryId: string,
  status: EntryStatus,
  options: { unless?: EntryStatus } = {},
): Promise<void> {
  await setEntriesStatus(db, [entryId], status, options);
}

/** Sets these entries' status in one statement (except those whose status is `unless`). */
export async function setEntriesStatus(
  db: Db | Tx,
  entryIds: readonly string[],
  status: EntryStatus,
  options: { unless?: EntryStatus } = {},
): Promise<void> {
  if (entryIds.length === 0) return;
  await written(entryIds, () =>
    db
      .update(entries)
      .set({ status, updatedAt: new Date() })
      .where(
        and(
          entryIds.length === 1 ? eq(entries.id, entryIds[0]!) : inArray(entries.id, [...entryIds]),
          options.unless ? ne(entries.status, options.unless) : undefined,
        ),
      ),
  );
}

/** What an issued invoice's entry gains: its number in `doc.code` and the authority's stamps in `head.stamps`. */
export interface IssuedStamp {
  entryId: string;
  code: string;
  /** The document's series, when issuing set it anew (a voucher issued on another point of sale than asked). */
  series?: string;
  stamps: { prv: string; val: string }[];
}

/**
 * Writes the number and stamps onto GOBL envelopes stored as entries, and gives them `status`, in one
 * statement: an entry never carries a stamp without its status. A stamp replaces one of the same `prv`.
 */
export async function stampEntries(tx: Tx, issued: IssuedStamp[], status: EntryStatus): Promise<void> {
  if (issued.length === 0) return;
  await written(
    issued.map((item) => item.entryId),
    () =>
      tx.execute(sql`
    update ${entries} e set updated_at = now(), status = ${status}, data = jsonb_set(
      jsonb_set(
        case when v.series is null then e.data else jsonb_set(e.data, '{doc,series}', to_jsonb(v.series)) end,
        '{doc,code}', to_jsonb(v.code)),
      '{head}',
      coalesce(e.data->'head', '{}'::jsonb) || jsonb_build_object('stamps', coalesce(
        (select jsonb_agg(kept) from jsonb_array_elements(coalesce(e.data->'head'->'stamps', '[]'::jsonb)) kept
          where not exists (select 1 from jsonb_array_elements(v.stamps) fresh where fresh->>'prv' = kept->>'prv')),
        '[]'::jsonb) || v.stamps))
    from jsonb_to_recordset(${JSON.stringify(issued)}::jsonb) as v("entryId" uuid, code text, series text, stamps jsonb)
    where e.id = v."entryId"`),
  );
}

/** Removes the entries' meta records of one source and key (what no longer holds, e.g. a refusal since corrected). */
export async function deleteMetaRecords(tx: Tx, entryIds: string[], src: string, key: string): Promise<void> {
  if (entryIds.length === 0) return;
  await written(entryIds, () =>
    tx
      .delete(metaRecords)
      .where(and(inArray(metaRecords.entryId, entryIds), eq(metaRecords.src, src), eq(metaRecords.key, key))),
  );
}

/** Removes one meta record (what it said no longer holds). */
export async function deleteMetaRecord(db: Db | Tx, record: Pick<MetaRecordRow, 'id' | 'entryId'>): Promise<void> {
  await written([record.entryId], () => db.delete(metaRecords).where(eq(metaRecords.id, record.id)));
}

/** New meta records, as stored. */
export async function insertMetaRecords(
  db: Db | Tx,
  records: (typeof metaRecords.$inferInsert)[],
): Promise<MetaRecordRow[]> {
  if (records.length === 0) return [];
  return written(
    records.map((record) => record.entryId),
    () => db.insert(metaRecords).values(records).returning(),
  );
}

/** A meta record's new value (and the job that wrote it). */
export async function updateMetaRecord(
  db: Db | Tx,
  record: Pick<MetaRecordRow, 'id' | 'entryId'>,
  change: Pick<typeof metaRecords.$inferInsert, 'value' | 'jobId'>,
  now = new Date(),
) {
  await written([record.entryId], () =>
    db
      .update(metaRecords)
      .set({ ...change, updatedAt: now })
      .where(eq(metaRecords.id, record.id)),
  );
}
