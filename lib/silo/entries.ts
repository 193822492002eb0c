// Silo entries: creating (POST, or idempotent PUT with a client-chosen id), fetching and listing.
import { createHash } from 'node:crypto';
import { ApiError, notFound } from '@/lib/api/errors';
import { toPage, type ListQuery } from '@/lib/api/pagination';
import type { Caller } from '@/lib/access/caller';
import { canonicalJson } from '@/lib/canonical-json';
import { isUniqueViolation } from '@/lib/db/errors';
import type { Entry } from '@/lib/db/schema';
import { newId } from '@/lib/ids';
import { folderNamed, registeredFolders } from '@/lib/silo/folders';
import type { Entry as EntryJson } from '@/lib/openapi/responses/entry';
import { presentEntry } from '@/lib/silo/present';
import { readEntryThroughCache } from '@/lib/silo/entry-read-cache';
import type { Created } from '@/lib/api/created';
import {
  getEntryByIdAnyOwner,
  getEntryByKey,
  getEntryWithMeta,
  insertEntry,
  listEntriesByFolder,
  listMetaRecordsByEntries,
  replaceEntryData,
} from '@/lib/silo/queries';
import type { EntryBody } from '@/lib/silo/schemas';

/** The request as received, digested: what a repeated create is compared with. */
const requestDigest = (body: EntryBody) =>
  createHash('sha256')
    .update(canonicalJson({ folder: body.folder, key: body.key, data: body.data }))
    .digest('hex');

/** Entries stored before digests were kept are compared by what they hold. */
const sameContent = (entry: Entry, body: EntryBody) =>
  entry.requestDigest
    ? entry.requestDigest === requestDigest(body)
    : canonicalJson({ folder: entry.folder, key: entry.key ?? undefined, data: entry.data }) ===
      canonicalJson({ folder: body.folder, key: body.key, data: body.data });

/**
 * Stores a new entry (201), or answers the stored one (200) when the same id or key was already used
 * for the same content; the same id or key with other content is a 409, unless the entry's folder lets it
 * be corrected (a refused invoice), when the new content replaces it (200).
 */
export async function createEntry(caller: Caller, body: EntryBody, id?: string): Promise<Created<EntryJson>> {
  const corrected = id ? await correctEntry(caller, body, id) : undefined;
  if (corrected) return { created: false, value: corrected };
  const existing = await findExisting(caller, body, id);
  if (existing) return { created: false, value: await presentOne(existing) };
  // The folder's rules run only for a new entry: a repeated create answers what was stored, whatever changed since.
  await folderNamed(body.folder)?.admit?.(caller, body.data);
  try {
    const entry = await insertEntry({
      id: id ?? newId(),
      ownerId: caller.ownerId,
      folder: body.folder,
      key: body.key ?? null,
      status: 'Empty',
      data: body.data,
      requestDigest: requestDigest(body),
    });
    // A new entry has no meta records yet: nothing to read back.
    return { created: true, value: presentEntry(entry, []) };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Lost a race with an identical create: answer what won, or the conflict.
    const winner = await findExisting(caller, body, id);
    if (winner) return { created: false, value: await presentOne(winner) };
    throw error;
  }
}

/** Replaces a correctable entry of the caller's with other content of the same folder and key; its new state, or undefined. */
async function correctEntry(caller: Caller, body: EntryBody, id: string): Promise<EntryJson | undefined> {
  const stored = await getEntryByIdAnyOwner(id);
  if (
    !stored ||
    stored.ownerId !== caller.ownerId ||
    stored.folder !== body.folder ||
    (stored.key ?? undefined) !== body.key
  )
    return undefined;
  const folder = folderNamed(body.folder);
  if (sameContent(stored, body) || !(await folder?.correctable?.(stored))) return undefined;
  await folder?.admit?.(caller, body.data);
  const replaced = await replaceEntryData(stored.id, {
    data: body.data,
    requestDigest: requestDigest(body),
    status: 'Empty',
  });
  return presentOne(replaced);
}

async function findExisting(caller: Caller, body: EntryBody, id?: string): Promise<Entry | undefined> {
  const byId = id ? await getEntryByIdAnyOwner(id) : undefined;
  if (byId && (byId.ownerId !== caller.ownerId || !sameContent(byId, body))) {
    throw new ApiError('conflict', `Entry ${id} already exists with other content.`);
  }
  const byKey = body.key ? await getEntryByKey(caller.ownerId, body.key) : undefined;
  if (byKey && (!sameContent(byKey, body) || (id && byKey.id !== id))) {
    throw new ApiError('conflict', `Key "${body.key}" is already used by entry ${byKey.id}.`, { key: 'already used' });
  }
  return byId ?? byKey;
}

export async function getEntry(caller: Caller, id: string): Promise<EntryJson> {
  const entry = await readEntryThroughCache(caller.ownerId, id, async () => {
    const found = await getEntryWithMeta(caller.ownerId, id);
    return found && presentEntry(found.entry, found.meta);
  });
  if (!entry) throw notFound('entry', id);
  return entry;
}

export async function listEntries(caller: Caller, query: ListQuery & { folder?: string | string[] }) {
  const rows = await listEntriesByFolder(caller.ownerId, query);
  const meta = await listMetaRecordsByEntries(rows.slice(0, query.limit).map((row) => row.id));
  return toPage(rows, query.limit, (row) => presentEntry(row, meta.get(row.id) ?? []));
}

/** Entries that hold a document envelope (the `invoices` folder). */
export const listEnvelopes = (caller: Caller, query: ListQuery) =>
  listEntries(caller, {
    ...query,
    folder: registeredFolders()
      .filter((folder) => folder.holdsEnvelopes)
      .map((folder) => folder.name),
  });

async function presentOne(entry: Entry) {
  const meta = await listMetaRecordsByEntries([entry.id]);
  return presentEntry(entry, meta.get(entry.id) ?? []);
}
