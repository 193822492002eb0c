import { withApi } from '@/lib/api/with-api';
import { emulatorOnly } from '@/lib/ar/emulator/routes';
import { CertificateRequestBody, issueCertificateFromCsr } from '@/lib/ar/emulator/portal';

export const POST = emulatorOnly(withApi({
  auth: 'none',
  body: CertificateRequestBody,
  handler: ({ body }) => issueCertificateFromCsr(body),
}));
