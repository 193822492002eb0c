import { withApi } from '@/lib/http/with-api';
import { readMultipart } from '@/lib/api/multipart';
import { MAX_UPLOAD_BODY_BYTES, MAX_UPLOAD_FILE_BYTES, RefParams } from '@/lib/gov-ar/registration/schemas';
import { uploadCertificate } from '@/lib/gov-ar/registration/upload';
import { countingRefusedUploads } from '@/lib/gov-ar/registration/link-visits';
import { linkRateLimit } from '@/lib/gov-ar/registration/link-rate-limits';

export const POST = withApi({
  auth: 'none',
  params: RefParams,
  notFound: 'link_not_found',
  rateLimit: linkRateLimit('upload'),
  handler: ({ params, request }) =>
    countingRefusedUploads(params.ref, async () => {
      const { parts } = await readMultipart(request, {
        perPartLimit: MAX_UPLOAD_FILE_BYTES,
        totalLimit: MAX_UPLOAD_BODY_BYTES,
      });
      return uploadCertificate(params.ref, {
        certificate: parts.get('certificate'),
        key: parts.get('key'),
        password: parts.get('password')?.toString('utf8'),
      });
    }),
});
