// Rows as the contract's JSON: Entry and MetaRecord, typed by their documented schemas.
import type { Entry, MetaRecordRow } from '@/lib/db/schema';
import { isoTime } from '@/lib/ids';
import type { Entry as EntryJson, MetaRecord as MetaRecordJson } from '@/lib/responses/entry';

export function presentMetaRecord(record: MetaRecordRow): MetaRecordJson {
  return {
    id: record.id,
    created_at: isoTime(record.createdAt),
    updated_at: isoTime(record.updatedAt),
    owner_id: record.ownerId,
    entry_id: record.entryId,
    src: record.src,
    key: record.key,
    ref: record.ref ?? undefined,
    value: record.value ?? undefined,
    link_url: record.linkUrl ?? undefined,
    link_scope: record.linkScope ?? undefined,
    indexed: record.indexed,
    shared: record.shared,
  };
}

export function presentEntry(entry: Entry, meta: MetaRecordRow[]): EntryJson {
  return {
    id: entry.id,
    owner_id: entry.ownerId,
    folder: entry.folder,
    ...(entry.key === null ? {} : { key: entry.key }),
    status: entry.status,
    data: entry.data,
    meta: meta.map(presentMetaRecord),
    created_at: isoTime(entry.createdAt),
    updated_at: isoTime(entry.updatedAt),
  };
}
