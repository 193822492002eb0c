// Answers of silo/v1: Entry and MetaRecord. An entry's `data` is what its folder's request schema
// stored (lib/silo/schemas), so a folder added there is documented here with no edit.
import { z } from 'zod';
import { StoredEntryVariants } from '@/lib/openapi/service-bodies';
import { ENTRY_STATUSES } from '@/lib/silo/schemas';
import { Id, Timestamp, listOf } from '@/lib/openapi/responses/common';

export const MetaRecord = z.strictObject({
  id: Id,
  created_at: Timestamp,
  updated_at: Timestamp,
  owner_id: Id,
  entry_id: Id,
  src: z.string().describe('Who wrote it: "gov-ar" for the registration'),
  key: z.string().describe('"link" for the registration link, "company" for the data the supplier confirmed'),
  ref: z.string().optional().describe("The registration link's ref"),
  value: z.unknown().optional(),
  link_url: z.url().optional().describe('{registration_url}/reg/{ref}'),
  link_scope: z.string().optional().describe('"public": the ref alone opens the link'),
  indexed: z.boolean(),
  shared: z.boolean(),
});

const entryFields = {
  id: Id,
  owner_id: Id,
  key: z.string().optional(),
  status: z.enum(ENTRY_STATUSES).describe('Empty → Processing → Registered (or Error); Expired when the certificate runs out'),
  meta: z.array(MetaRecord),
  created_at: Timestamp,
  updated_at: Timestamp,
};

/** One shape per folder: `data` is that folder's document as stored. */
export const Entry = z.union(StoredEntryVariants.map((variant) =>
  z.strictObject({ ...entryFields, folder: variant.shape.folder, data: variant.shape.data })));

export const EntryList = listOf(Entry);
