import { withApi } from '@/lib/http/with-api';
import { searchSuppliers, SupplierSearchQuery } from '@/lib/console/supplier-search';

export const GET = withApi({
  auth: 'workspace',
  query: SupplierSearchQuery,
  handler: ({ caller, query }) => searchSuppliers(caller, query),
});
