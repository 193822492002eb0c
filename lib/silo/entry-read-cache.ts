// `GET /silo/v1/entries/{id}` is what integrators poll while they wait for a registration link, and
// it was half database work. On the embedded database an entry as last presented is kept in memory
// and answered again for as long as no entry or meta record has been written since it was read; with
// PostgreSQL (other instances write too) or DB_SPEED_LAYER=off every read goes to the database.
// Every write to those tables is a function of lib/silo/queries.ts, which calls `entriesWritten` once
// it has run (tests/unit/entry-writes-in-one-place.test.ts keeps it so); lib/db/README.md says why
// that is enough.
import { processSingleton } from '@/lib/process-singleton';
import { soleWriterSession } from '@/lib/db/client';
import type { Entry as EntryJson } from '@/lib/openapi/responses/entry';

const MAX_KEPT = 1_000;
type Kept = { entry: EntryJson; version: string };
const kept = processSingleton('entry-reads', () => new Map<string, Kept>());
const writes = processSingleton('entry-writes', () => ({ count: 0 }));

/** Entries or meta records were written (or may have been: a statement that failed counts too). */
export function entriesWritten(): void {
  writes.count++;
}

/** Equal versions, equal entries; undefined when entries may change without this process knowing. */
export function entryVersion(): string | undefined {
  const session = soleWriterSession();
  return session === undefined ? undefined : `${session}.${writes.count}`;
}

/** The workspace's entry as `read` presents it, from memory when nothing has written entries since. */
export async function readEntryThroughCache(
  ownerId: string,
  id: string,
  read: () => Promise<EntryJson | undefined>,
): Promise<EntryJson | undefined> {
  const version = entryVersion();
  if (version === undefined) return read();
  const key = `${ownerId}/${id}`;
  const hit = kept.get(key);
  if (hit?.version === version) return hit.entry;
  const entry = await read();
  // Kept only if no write ran while it was read (a miss is not kept: any id can be asked).
  if (entry && entryVersion() === version) {
    kept.delete(key);
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, { entry: deepFreeze(entry), version });
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
