import { createdOrStored, withApi } from '@/lib/http/with-api';
import { entryBodySchema, EntryIdParams } from '@/lib/silo/schemas';
import { createEntry, getEntry } from '@/lib/silo/entries';

export const GET = withApi({
  auth: 'caller',
  params: EntryIdParams,
  notFound: 'entry_not_found',
  handler: ({ caller, params }) => getEntry(caller, params.id),
});

export const PUT = withApi({
  auth: 'caller',
  params: EntryIdParams,
  notFound: 'entry_not_found',
  body: entryBodySchema,
  handler: async ({ caller, params, body }) => createdOrStored(await createEntry(caller, body, params.id), 201),
});
