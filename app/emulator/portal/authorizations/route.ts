import { json, withApi } from '@/lib/http/with-api';
import { portalRoute } from '@/lib/server/emulator-gate';
import { AuthorizationBody, recordAuthorization } from '@/lib/emulator/portal';

export const POST = portalRoute(
  withApi({
    auth: 'none',
    body: AuthorizationBody,
    handler: async ({ body }) => json(await recordAuthorization(body), 201),
  }),
);
