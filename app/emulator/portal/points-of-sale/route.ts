import { json, withApi } from '@/lib/http/with-api';
import { portalRoute } from '@/lib/server/emulator-gate';
import { PointOfSaleBody, registerPointOfSale } from '@/lib/emulator/portal';

export const POST = portalRoute(
  withApi({
    auth: 'none',
    body: PointOfSaleBody,
    handler: async ({ body }) => json(await registerPointOfSale(body), 201),
  }),
);
