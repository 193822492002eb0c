import { json, withApi } from '@/lib/http/with-api';
import { portalRoute } from '@/lib/server/emulator-gate';
import { FaultBody, recordFault } from '@/lib/emulator/faults';

export const POST = portalRoute(
  withApi({
    auth: 'none',
    body: FaultBody,
    handler: async ({ body }) => json(await recordFault(body), 201),
  }),
);
