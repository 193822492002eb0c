// A supplier as a GOBL `org/party`: name and an Argentine tax id (CUIT). Other GOBL party fields
// (addresses, emails, ...) are kept as sent, each of GOBL's type.
import { z } from 'zod';
import { CuitSchema } from '@/lib/ar/cuit';
import { PartySchema as GoblPartySchema } from '@/lib/gobl/org';
import { SUPPLIERS_FOLDER } from '@/lib/gov-ar/app';
import { entryBodyOf } from '@/lib/silo/entry-body';

const PARTY_SCHEMA_URL = 'https://gobl.org/draft-0/org/party';

const TaxIdSchema = z.looseObject({
  country: z.literal('AR', { error: 'country must be "AR"' }),
  code: CuitSchema,
});

export const PartySchema = GoblPartySchema.extend({
  $schema: z.literal(PARTY_SCHEMA_URL, { error: `$schema must be ${PARTY_SCHEMA_URL}` }).optional(),
  name: z.string().trim().min(1, 'name is required').max(300),
  tax_id: TaxIdSchema,
});
export type Party = z.output<typeof PartySchema>;

/** A supplier entry's create body (the console's "Add supplier" form checks it too). */
export const SupplierEntryBody = entryBodyOf(SUPPLIERS_FOLDER, PartySchema);
