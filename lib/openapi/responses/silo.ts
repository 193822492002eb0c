// Answers of silo/v1: Entry, one shape per folder. An entry's `data` is what its folder's request schema
// stored (lib/silo/schemas), so a folder added there is documented here with no edit. Its fields and
// its meta records are declared in responses/entry.ts (their types, for browser code, come from there).
import { z } from 'zod';
import { StoredEntryVariants } from '@/lib/openapi/service-bodies';
import { entryOf } from '@/lib/responses/entry';
import { listOf } from '@/lib/responses/common';

/** One shape per folder: `data` is that folder's document as stored. */
export const Entry = z.union(StoredEntryVariants.map((variant) => entryOf(variant.shape.folder, variant.shape.data)));

export const EntryList = listOf(Entry);
