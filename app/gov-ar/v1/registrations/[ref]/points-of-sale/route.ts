import { withApi } from '@/lib/api/with-api';
import { RefParams } from '@/lib/ar/registration/schemas';
import { listPointsOfSale } from '@/lib/ar/registration/points-of-sale';
import { linkRateLimit } from '@/lib/ar/registration/link-rate-limits';

export const GET = withApi({
  auth: 'none',
  params: RefParams,
  notFound: 'link_not_found',
  rateLimit: linkRateLimit('authority'),
  handler: ({ params }) => listPointsOfSale(params.ref),
});
