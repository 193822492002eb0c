import { withApi } from '@/lib/api/with-api';
import { RefParams } from '@/lib/ar/registration/schemas';
import { getRegistrationView } from '@/lib/ar/registration/view';

export const GET = withApi({
  auth: 'none',
  params: RefParams,
  notFound: 'link_not_found',
  handler: ({ params }) => getRegistrationView(params.ref),
});
