// An entry of silo/v1 and its meta records, whatever its folder: the one declaration of their shape.
// Apart from the per-folder union (responses/silo.ts), which needs the services plugged in, so that
// browser code may take these types without reaching the server's modules.
import { z } from 'zod';
import { ENTRY_STATUSES } from '@/lib/db/schema';
import { Id, Timestamp } from '@/lib/responses/common';

export const MetaRecord = z.strictObject({
  id: Id,
  created_at: Timestamp,
  updated_at: Timestamp,
  owner_id: Id,
  entry_id: Id,
  src: z.string().describe('Who wrote it: "gov-ar" for the registration'),
  key: z.string().describe('"link" for the registration link, "company" for the data the supplier confirmed'),
  ref: z.string().optional().describe("The registration link's ref"),
  value: z.unknown().optional().describe('What the record holds; for key "certificate" a CertificateRecord'),
  link_url: z.url().optional().describe('{registration_url}/reg/{ref}'),
  link_scope: z.string().optional().describe('"public": the ref alone opens the link'),
  indexed: z.boolean(),
  shared: z.boolean(),
});
export type MetaRecord = z.output<typeof MetaRecord>;

/** An entry of one folder: `folder` names it, `data` is its document as stored. */
export const entryOf = <Folder extends z.ZodType<string>, Data extends z.ZodType>(folder: Folder, data: Data) =>
  z.strictObject({
    id: Id,
    owner_id: Id,
    key: z.string().optional(),
    status: z
      .enum(ENTRY_STATUSES)
      .describe('Empty → Processing → Registered (or Error); Expired when the certificate runs out'),
    meta: z.array(MetaRecord),
    created_at: Timestamp,
    updated_at: Timestamp,
    folder,
    data,
  });

/** An entry of any folder; `Entry<Party>` is a supplier's. */
export type Entry<Data = unknown> = z.output<ReturnType<typeof entryOf<z.ZodType<string>, z.ZodType<Data>>>>;
