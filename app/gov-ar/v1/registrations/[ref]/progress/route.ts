import { withApi } from '@/lib/api/with-api';
import { RefParams } from '@/lib/ar/registration/schemas';
import { ProgressBody } from '@/lib/ar/registration/progress-schema';
import { saveProgress } from '@/lib/ar/registration/progress';
import { linkRateLimit } from '@/lib/ar/registration/link-rate-limits';

export const PUT = withApi({
  auth: 'none',
  params: RefParams,
  body: ProgressBody,
  notFound: 'link_not_found',
  rateLimit: linkRateLimit('write'),
  handler: ({ params, body }) => saveProgress(params.ref, body),
});
