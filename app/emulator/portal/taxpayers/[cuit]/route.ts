import { withApi } from '@/lib/http/with-api';
import { portalRoute } from '@/lib/server/emulator-gate';
import { TaxpayerParams, TaxpayerQuery, describeTaxpayer } from '@/lib/emulator/taxpayers';

export const GET = portalRoute(
  withApi({
    auth: 'none',
    params: TaxpayerParams,
    query: TaxpayerQuery,
    handler: ({ params, query }) => describeTaxpayer(query.environment, params.cuit),
  }),
);
