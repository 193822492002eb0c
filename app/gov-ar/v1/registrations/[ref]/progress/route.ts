import { withApi } from '@/lib/http/with-api';
import { RefParams } from '@/lib/gov-ar/registration/schemas';
import { ProgressBody } from '@/lib/responses/gov-ar-progress';
import { saveProgress } from '@/lib/gov-ar/registration/wizard-progress';
import { linkRateLimit } from '@/lib/gov-ar/registration/link-rate-limits';

export const PUT = withApi({
  auth: 'none',
  params: RefParams,
  body: ProgressBody,
  notFound: 'link_not_found',
  rateLimit: linkRateLimit('write'),
  handler: ({ params, body }) => saveProgress(params.ref, body),
});
