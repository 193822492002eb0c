import { withApi } from '@/lib/http/with-api';
import { portalRoute } from '@/lib/server/emulator-gate';
import { TaxpayerParams } from '@/lib/emulator/taxpayers';
import { listVoucherBook, VoucherBookQuery } from '@/lib/emulator/voucher-book';

export const GET = portalRoute(
  withApi({
    auth: 'none',
    params: TaxpayerParams,
    query: VoucherBookQuery,
    handler: ({ params, query }) => listVoucherBook(params.cuit, query),
  }),
);
