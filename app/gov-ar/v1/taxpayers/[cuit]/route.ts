import { withApi } from '@/lib/http/with-api';
import { findTaxpayer } from '@/lib/gov-ar/taxpayers/lookup';
import { parseCuitParam, TaxpayerParams } from '@/lib/gov-ar/taxpayers/schemas';

export const GET = withApi({
  auth: 'caller',
  params: TaxpayerParams,
  handler: ({ caller, params }) => findTaxpayer(caller, parseCuitParam(params.cuit)),
});
