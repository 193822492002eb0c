import { withApi } from '@/lib/http/with-api';
import { RefParams } from '@/lib/gov-ar/registration/schemas';
import { getRegistrationView } from '@/lib/gov-ar/registration/view';
import { linkRateLimit } from '@/lib/gov-ar/registration/link-rate-limits';

export const GET = withApi({
  auth: 'none',
  params: RefParams,
  notFound: 'link_not_found',
  rateLimit: linkRateLimit('read'),
  handler: ({ params }) => getRegistrationView(params.ref),
});
