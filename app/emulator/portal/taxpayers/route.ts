import { json, withApi } from '@/lib/http/with-api';
import { portalRoute } from '@/lib/server/emulator-gate';
import { TaxpayerBody, recordTaxpayer } from '@/lib/emulator/taxpayers';

export const POST = portalRoute(
  withApi({
    auth: 'none',
    body: TaxpayerBody,
    handler: async ({ body }) => json(await recordTaxpayer(body), 201),
  }),
);
