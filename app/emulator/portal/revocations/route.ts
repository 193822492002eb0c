import { json, withApi } from '@/lib/http/with-api';
import { portalRoute } from '@/lib/server/emulator-gate';
import { RevocationBody, revokeIssuedCertificate } from '@/lib/emulator/portal';

export const POST = portalRoute(
  withApi({
    auth: 'none',
    body: RevocationBody,
    handler: async ({ body }) => json(await revokeIssuedCertificate(body), 201),
  }),
);
