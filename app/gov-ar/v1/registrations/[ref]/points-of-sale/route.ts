import { withApi } from '@/lib/http/with-api';
import { RefParams } from '@/lib/gov-ar/registration/schemas';
import { pointsOfSaleForLink } from '@/lib/gov-ar/registration/points-of-sale';
import { linkRateLimit } from '@/lib/gov-ar/registration/link-rate-limits';

export const GET = withApi({
  auth: 'none',
  params: RefParams,
  notFound: 'link_not_found',
  rateLimit: linkRateLimit('authority'),
  handler: ({ params }) => pointsOfSaleForLink(params.ref),
});
