// `GET /silo/v1/entries/{id}` is what integrators poll while they wait for a registration link or an
// invoice's CAE, and it was half database work. On the embedded database an entry as last presented is
// kept in memory and answered again for as long as nothing has written that entry or its meta records
// since it was read (issuing writes other entries all the time, so forgetting everything at any write
// kept almost nothing); with PostgreSQL (other instances write too) or DB_SPEED_LAYER=off every read
// goes to the database. Every write to those tables is a function of lib/silo/queries.ts, which calls
// `entriesWritten` with the entries it wrote once it has run (tests/unit/entry-writes-in-one-place.test.ts
// keeps it so); lib/db/README.md says why that is enough.
import { processSingleton } from '@/lib/process-singleton';
import { soleWriterSession } from '@/lib/db/client';
import type { Entry as EntryJson } from '@/lib/responses/entry';

const MAX_KEPT = 1_000;
/** Entries whose last write is remembered; past this the memory starts again from a new horizon. */
const MAX_TRACKED_WRITES = 20_000;
type Kept = { ownerId: string; entry: EntryJson; version: string };
const kept = processSingleton('entry-reads', () => new Map<string, Kept>());
/**
 * Writes so far (`count`); for each entry written since `horizon`, the count its last write took. An entry
 * not in `lastWrite` was last written at or before `horizon`, so its version is the horizon's.
 */
const writes = processSingleton('entry-writes', () => ({ count: 0, horizon: 0, lastWrite: new Map<string, number>() }));

/**
 * These entries, or their meta records, were written (or may have been: a statement that failed counts
 * too); without ids, any entry may have been.
 */
export function entriesWritten(entryIds?: readonly string[]): void {
  writes.count++;
  if (!entryIds || writes.lastWrite.size + entryIds.length > MAX_TRACKED_WRITES) {
    writes.lastWrite.clear();
    writes.horizon = writes.count;
    if (!entryIds) kept.clear();
  }
  for (const id of entryIds ?? []) {
    writes.lastWrite.set(id, writes.count);
    kept.delete(id);
  }
}

/** Equal versions, equal entry and meta records; undefined when entries may change without this process knowing. */
export function entryVersion(id: string): string | undefined {
  const session = soleWriterSession();
  return session === undefined ? undefined : `${session}.${writes.lastWrite.get(id) ?? writes.horizon}`;
}

/** The workspace's entry as `read` presents it, from memory when nothing has written it since. */
export async function readEntryThroughCache(
  ownerId: string,
  id: string,
  read: () => Promise<EntryJson | undefined>,
): Promise<EntryJson | undefined> {
  const version = entryVersion(id);
  if (version === undefined) return read();
  const hit = kept.get(id);
  if (hit?.version === version && hit.ownerId === ownerId) return hit.entry;
  const entry = await read();
  // Kept only if no write to it ran while it was read (a miss is not kept: any id can be asked).
  if (entry && entryVersion(id) === version) {
    kept.delete(id);
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(id, { ownerId, entry: deepFreeze(entry), version });
  }
  return entry;
}

/** Shared between requests, so nothing may change it in place. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
