import { json, withApi } from '@/lib/http/with-api';
import { ListQuery } from '@/lib/api/pagination';
import { workflowBodySchema } from '@/lib/transform/schemas';
import { createWorkflow, listWorkflows } from '@/lib/transform/workflows';

export const POST = withApi({
  auth: 'caller',
  body: workflowBodySchema,
  handler: async ({ caller, body }) => json(await createWorkflow(caller, body), 201),
});

export const GET = withApi({
  auth: 'caller',
  query: ListQuery,
  handler: ({ caller, query }) => listWorkflows(caller, query),
});
