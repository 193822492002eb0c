// Silo entries: creating (POST, or idempotent PUT with a client-chosen id), fetching and listing.
import { createHash } from 'node:crypto';
import { ApiError, idUnavailable, notFound } from '@/lib/api/errors';
import { toPage, type ListQuery } from '@/lib/api/pagination';
import type { Caller } from '@/lib/access/caller';
import { canonicalJson } from '@/lib/canonical-json';
import { inTransaction } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/errors';
import type { Entry } from '@/lib/db/schema';
import { newId } from '@/lib/ids';
import { folderNamed, registeredFolders } from '@/lib/silo/folders';
import type { Entry as EntryJson } from '@/lib/responses/entry';
import { presentEntry } from '@/lib/silo/present';
import { readEntryThroughCache } from '@/lib/silo/entry-read-cache';
import type { Created } from '@/lib/api/created';
import {
  getEntryByIdAnyOwner,
  getEntryByIdentity,
  getEntryByKey,
  getEntryWithMeta,
  insertEntry,
  listEntriesByFolder,
  listMetaRecordsByEntries,
  lockEntry,
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
 * be corrected (a refused invoice), when the new content replaces it (200). A document whose identity the
 * folder already holds for the workspace is refused (the folder's 409).
 */
export async function createEntry(caller: Caller, body: EntryBody, id?: string): Promise<Created<EntryJson>> {
  const corrected = id ? await correctEntry(caller, body, id) : undefined;
  if (corrected) return { created: false, value: corrected };
  const existing = await findExisting(caller, body, id);
  if (existing) return { created: false, value: await presentOne(existing) };
  const identity = identityOf(body);
  await refuseDuplicate(caller, body.folder, identity);
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
      identity: identity ?? null,
    });
    // A new entry has no meta records yet: nothing to read back.
    return { created: true, value: presentEntry(entry, []) };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Lost a race with an identical create (answer what won), or with another store of the same document.
    const winner = await findExisting(caller, body, id);
    if (winner) return { created: false, value: await presentOne(winner) };
    await refuseDuplicate(caller, body.folder, identity);
    throw error;
  }
}

const identityOf = (body: EntryBody) => folderNamed(body.folder)?.identity?.of(body.data);

/** The folder's refusal when another entry of the workspace (not `except`) already holds this document. */
async function refuseDuplicate(caller: Caller, folder: string, identity: string | undefined, except?: string) {
  if (identity === undefined) return;
  const holder = await getEntryByIdentity(caller.ownerId, folder, identity);
  if (holder && holder.id !== except) throw folderNamed(folder)!.identity!.duplicate(identity, holder.id);
}

/**
 * Replaces an entry of the caller's with other content of the same folder and key, when its folder allows
 * it (its new state), refuses with the folder's reason, or answers undefined (not a correction: same
 * content, another folder or key, or a folder that takes none).
 */
async function correctEntry(caller: Caller, body: EntryBody, id: string): Promise<EntryJson | undefined> {
  const stored = await getEntryByIdAnyOwner(id);
  const folder = folderNamed(body.folder);
  if (
    !stored ||
    stored.ownerId !== caller.ownerId ||
    stored.folder !== body.folder ||
    (stored.key ?? undefined) !== body.key ||
    sameContent(stored, body) ||
    !folder?.refuseCorrection
  )
    return undefined;
  const refuse = folder.refuseCorrection;
  // Asked first without writing, so a refusal answers before the folder's rules (which may call out).
  await inTransaction(async (tx) => {
    const locked = await lockEntry(tx, id);
    const refusal = locked && (await refuse(tx, locked));
    if (refusal) throw refusal;
  });
  const identity = identityOf(body);
  await refuseDuplicate(caller, body.folder, identity, id);
  await folder.admit?.(caller, body.data, stored);
  const digest = requestDigest(body);
  try {
    const replaced = await inTransaction(async (tx) => {
      // Asked again with the row held: a job may have moved the entry since (Processing, Sent), and no step
      // of one can write it again until this commits.
      const locked = (await lockEntry(tx, id))!;
      if (locked.requestDigest === digest) return locked;
      const refusal = await refuse(tx, locked);
      if (refusal) throw refusal;
      const carried = await folder.carryCorrection?.(tx, locked, body.data);
      return replaceEntryData(tx, id, {
        data: carried?.data ?? body.data,
        requestDigest: digest,
        status: carried?.status ?? 'Empty',
        identity: identity ?? null,
      });
    });
    return presentOne(replaced);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await refuseDuplicate(caller, body.folder, identity, id);
    throw error;
  }
}

async function findExisting(caller: Caller, body: EntryBody, id?: string): Promise<Entry | undefined> {
  const byId = id ? await getEntryByIdAnyOwner(id) : undefined;
  // Another workspace's entry is never compared with: its content is none of this caller's business.
  if (byId && byId.ownerId !== caller.ownerId) throw idUnavailable(id!);
  if (byId && !sameContent(byId, body))
    throw new ApiError('conflict', `Entry ${id} already exists with other content.`);
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
