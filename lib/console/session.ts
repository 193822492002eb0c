// Signing in to the console and out: the workspace API key goes into the session cookie (never into a
// page or a log), and a key that does not open a workspace sets nothing.
import { ApiError } from '../api/errors';
import { json } from '../api/with-api';
import { findCallerByToken, getWorkspaceById } from '../access/queries';
import { clearedSessionCookie, sessionCookie } from './cookie';
import { assertSameOriginIfUnsafe } from './same-origin';

export interface ConsoleWorkspace { owner_id: string; name: string; sandbox: boolean }

/** The workspace a key opens; only workspace API keys (not enrollment tokens) open the console. */
export async function workspaceForKey(apiKey: string): Promise<ConsoleWorkspace | undefined> {
  const caller = apiKey.startsWith('sk_') ? await findCallerByToken(apiKey) : undefined;
  if (caller?.via !== 'api_key') return undefined;
  const workspace = await getWorkspaceById(caller.ownerId);
  return workspace && { owner_id: workspace.id, name: workspace.name, sandbox: workspace.sandbox };
}

export async function openConsoleSession(apiKey: string, request: Request): Promise<Response> {
  // Only the console's own sign-in form may sign a browser in (no login CSRF).
  assertSameOriginIfUnsafe(request);
  const workspace = await workspaceForKey(apiKey);
  if (!workspace) throw new ApiError('unauthorized', 'This API key does not open any workspace (mistyped, or revoked).');
  return json(workspace, 200, { 'set-cookie': sessionCookie(apiKey, request) });
}

export function closeConsoleSession(request: Request): Response {
  assertSameOriginIfUnsafe(request);
  return new Response(null, { status: 204, headers: { 'set-cookie': clearedSessionCookie(request), 'cache-control': 'no-store' } });
}
