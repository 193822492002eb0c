import { createdOrStored, withApi } from '@/lib/http/with-api';
import { entryBodySchema, EntryListQuery } from '@/lib/silo/schemas';
import { createEntry, listEntries } from '@/lib/silo/entries';

export const POST = withApi({
  auth: 'caller',
  body: entryBodySchema,
  handler: async ({ caller, body }) => createdOrStored(await createEntry(caller, body), 201),
});

export const GET = withApi({
  auth: 'caller',
  query: EntryListQuery,
  handler: ({ caller, query }) => listEntries(caller, query),
});
