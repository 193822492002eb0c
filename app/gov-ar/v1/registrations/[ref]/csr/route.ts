import { withApi } from '@/lib/http/with-api';
import { RefParams } from '@/lib/gov-ar/registration/schemas';
import { requestCsr } from '@/lib/gov-ar/registration/generated-key';
import { linkRateLimit } from '@/lib/gov-ar/registration/link-rate-limits';

export const POST = withApi({
  auth: 'none',
  params: RefParams,
  notFound: 'link_not_found',
  rateLimit: linkRateLimit('upload'),
  handler: ({ params }) => requestCsr(params.ref),
});
