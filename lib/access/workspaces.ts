// Workspaces (owners): made by the operator with ADMIN_TOKEN; the API key is shown only here.
import { insertWorkspace } from '@/lib/access/queries';

export async function createWorkspace(body: { name: string; sandbox: boolean }) {
  const { workspace, apiKey } = await insertWorkspace(body.name, body.sandbox);
  return { owner_id: workspace.id, name: workspace.name, sandbox: workspace.sandbox, api_key: apiKey };
}
