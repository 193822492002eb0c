import { withApi } from '@/lib/http/with-api';
import { portalRoute } from '@/lib/server/emulator-gate';
import { CertificateRequestBody, issueCertificateFromCsr } from '@/lib/emulator/portal';

export const POST = portalRoute(
  withApi({
    auth: 'none',
    body: CertificateRequestBody,
    handler: ({ body }) => issueCertificateFromCsr(body),
  }),
);
