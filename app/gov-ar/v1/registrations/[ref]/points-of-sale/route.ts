import { withApi } from '@/lib/api/with-api';
import { RefParams } from '@/lib/ar/registration/schemas';
import { listPointsOfSale } from '@/lib/ar/registration/points-of-sale';

export const GET = withApi({
  auth: 'none',
  params: RefParams,
  notFound: 'link_not_found',
  handler: ({ params }) => listPointsOfSale(params.ref),
});
