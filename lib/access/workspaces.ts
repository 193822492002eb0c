// Workspaces (owners): made by the operator with ADMIN_TOKEN; the API key is shown only here.
import { insertWorkspace } from '@/lib/access/queries';
import type { CreatedWorkspace } from '@/lib/openapi/responses/access';

export async function createWorkspace(body: { name: string; sandbox: boolean }): Promise<CreatedWorkspace> {
  const { workspace, apiKey } = await insertWorkspace(body.name, body.sandbox);
  return { owner_id: workspace.id, name: workspace.name, sandbox: workspace.sandbox, api_key: apiKey };
}
