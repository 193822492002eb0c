import { json, withApi } from '@/lib/http/with-api';
import { WorkspaceBody } from '@/lib/access/schemas';
import { createWorkspace } from '@/lib/access/enrollments';

export const POST = withApi({
  auth: 'admin',
  body: WorkspaceBody,
  handler: async ({ body }) => json(await createWorkspace(body), 201),
});
