import { withApi } from '@/lib/http/with-api';
import { InvoiceSearchQuery, searchInvoices } from '@/lib/console/invoice-search';

export const GET = withApi({
  auth: 'workspace',
  query: InvoiceSearchQuery,
  handler: ({ caller, query }) => searchInvoices(caller, query),
});
