import { withApi } from '@/lib/http/with-api';
import { ListQuery } from '@/lib/api/pagination';
import { listEnvelopes } from '@/lib/silo/entries';

export const GET = withApi({
  auth: 'caller',
  query: ListQuery,
  handler: ({ caller, query }) => listEnvelopes(caller, query),
});
