import { withApi } from '@/lib/http/with-api';
import { AppIdParams } from '@/lib/access/schemas';
import { connectApp } from '@/lib/access/enrollments';

export const POST = withApi({
  auth: 'workspace',
  params: AppIdParams,
  notFound: 'app_not_found',
  handler: ({ caller, params }) => connectApp(caller, params.app_id),
});
