// The folders entries live in, and what each takes: services register theirs (the Argentina app:
// `suppliers` for parties, `invoices` for invoice envelopes) when the server starts, with the schema of an
// entry's `data` and the rules a new entry must pass first. The silo names no folder itself.
import type { z } from 'zod';
import type { Caller } from '@/lib/access/caller';
import type { ApiError } from '@/lib/api/errors';
import type { Tx } from '@/lib/db/client';
import type { Entry, EntryStatus } from '@/lib/db/schema';
import { processSingleton } from '@/lib/process-singleton';

export interface Folder<Data = unknown> {
  name: string;
  /**
   * The schema an entry's `data` must pass. What it outputs (normalised, calculated) is what is stored,
   * and what a repeated create is compared with, so it must be a pure function of the input.
   */
  data: z.ZodType<Data>;
  /** The shape of what is stored, when the schema transforms what it takes (responses are documented with it). */
  stored?: z.ZodType;
  /** Whether its entries hold GOBL envelopes (`GET /silo/v1/envelopes` lists them). */
  holdsEnvelopes?: boolean;
  /**
   * The folder's own rules for a new entry, after the schema and before anything is stored: throws the refusal
   * (an ApiError). For a correction, `replacing` is the stored entry the new content replaces.
   */
  admit?(caller: Caller, data: Data, replacing?: Entry): Promise<void>;
  /**
   * Why a stored entry may not be replaced by a `PUT` of other content (an invoice already issued, or being
   * issued), or undefined when it may (an invoice the authority refused, to be corrected and issued again).
   * Asked with the entry's row locked in the transaction that replaces it, so nothing changes its state
   * between the answer and the write. A folder without it never takes other content under the same id (409).
   */
  refuseCorrection?(tx: Tx, entry: Entry): Promise<ApiError | undefined>;
  /**
   * A correction the folder carries itself: asked in the replacing transaction (the row locked, after
   * refuseCorrection allowed it) with the stored entry and the new data; answers what is stored instead of
   * the new data as sent with status `Empty` (keeping what the stored entry gained, and its status), or
   * undefined for that default. Throws the refusal (an ApiError).
   */
  carryCorrection?(tx: Tx, stored: Entry, data: Data): Promise<{ data: unknown; status: EntryStatus } | undefined>;
  /**
   * The document an entry holds has an identity of its own (a GOBL document's `uuid`): a workspace stores
   * each one once in the folder. `of` reads it from the stored `data` (undefined: none given, nothing to
   * compare); `duplicate` is the refusal of a second store, naming the entry that holds it.
   */
  identity?: {
    of(data: Data): string | undefined;
    duplicate(identity: string, entryId: string): ApiError;
  };
}

const registry = processSingleton('silo-folders', () => ({ byName: new Map<string, Folder>(), version: 0 }));

/** Adds a folder (or replaces one of the same name). */
export function registerFolder<Data>(folder: Folder<Data>): void {
  registry.byName.set(folder.name, folder as Folder);
  registry.version++;
}

export const folderNamed = (name: string): Folder | undefined => registry.byName.get(name);

export const registeredFolders = (): Folder[] => [...registry.byName.values()];

/** Moves on each registration: what is built from the folders is built again when it has moved. */
export const foldersVersion = () => registry.version;
