import { withApi } from '@/lib/api/with-api';
import { emulatorOnly } from '@/lib/emulator/routes';
import { TaxpayerParams, TaxpayerQuery, describeTaxpayer } from '@/lib/emulator/taxpayers';

export const GET = emulatorOnly(withApi({
  auth: 'none',
  params: TaxpayerParams,
  query: TaxpayerQuery,
  handler: ({ params, query }) => describeTaxpayer(query.environment, params.cuit),
}));
