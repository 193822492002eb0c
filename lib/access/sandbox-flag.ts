// Whether a workspace is a sandbox: fixed when the workspace is made, so it is read once per process and kept
// (each issued invoice asks it).
import { getWorkspaceById } from '@/lib/access/queries';
import { processSingleton } from '@/lib/process-singleton';

const known = processSingleton('workspace-sandbox-flags', () => new Map<string, boolean>());
const KEPT = 10_000;

/** True for a sandbox workspace, false for a live one, undefined when there is no such workspace. */
export async function isSandboxWorkspace(workspaceId: string): Promise<boolean | undefined> {
  const cached = known.get(workspaceId);
  if (cached !== undefined) return cached;
  const workspace = await getWorkspaceById(workspaceId);
  if (!workspace) return undefined;
  if (known.size >= KEPT) known.delete(known.keys().next().value!);
  known.set(workspaceId, workspace.sandbox);
  return workspace.sandbox;
}
