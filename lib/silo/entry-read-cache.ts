// `GET /silo/v1/entries/{id}` is what integrators poll while they wait for a registration link, and
// it was half database work. On the embedded database an entry as last presented is kept in memory
// and answered again for as long as no entry or meta record has been written since it was read
// (lib/db/entry-writes.ts); with PostgreSQL every read goes to the database.
import { processSingleton } from '@/lib/process-singleton';
import { entryWriteCount } from '@/lib/db/entry-writes';
import type { Entry as EntryJson } from '@/lib/openapi/responses/entry';

const MAX_KEPT = 1_000;
type Kept = { entry: EntryJson; writeCount: number };
const kept = processSingleton('entry-reads', () => new Map<string, Kept>());

/** The workspace's entry as `read` presents it, from memory when nothing has written entries since. */
export async function readEntryThroughCache(
  ownerId: string, id: string, read: () => Promise<EntryJson | undefined>,
): Promise<EntryJson | undefined> {
  const writeCount = entryWriteCount();
  if (writeCount === undefined) return read();
  const key = `${ownerId}/${id}`;
  const hit = kept.get(key);
  if (hit?.writeCount === writeCount) return hit.entry;
  const entry = await read();
  // Kept only if no write finished while it was read (a miss is not kept: any id can be asked).
  if (entry && entryWriteCount() === writeCount) {
    kept.delete(key);
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, { entry: deepFreeze(entry), writeCount });
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
