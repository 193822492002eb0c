import { withApi } from '@/lib/http/with-api';
import { IdParams } from '@/lib/transform/schemas';
import { getWorkflow } from '@/lib/transform/workflows';

export const GET = withApi({
  auth: 'caller',
  params: IdParams,
  notFound: 'workflow_not_found',
  handler: ({ caller, params }) => getWorkflow(caller, params.id),
});
