// Signing in to the console and out. Signing in takes a workspace API key and opens a session: a row
// with an expiry, whose random id is all the cookie holds (never the key, never a page, never a log).
// Signing out deletes the row, which ends the session in every instance at once.
import { ApiError } from '@/lib/api/errors';
import { json } from '@/lib/http/with-api';
import { checkCredential, presenterOf, tokenIdentifier } from '@/lib/access/guessing-limits';
import { findApiKey } from '@/lib/access/queries';
import {
  CONSOLE_SESSION_SECONDS,
  clearedSessionCookie,
  consoleSessionFrom,
  sessionCookie,
} from '@/lib/access/console-cookie';
import {
  deleteConsoleSession,
  deleteExpiredConsoleSessions,
  insertConsoleSession,
  type ConsoleWorkspace,
} from '@/lib/access/console-session-queries';
import { assertSameOriginIfUnsafe } from '@/lib/access/same-origin';

export type { ConsoleWorkspace };

export async function openConsoleSession(apiKey: string, request: Request): Promise<Response> {
  // Only the console's own sign-in form may sign a browser in (no login CSRF).
  assertSameOriginIfUnsafe(request);
  // Only workspace API keys (not enrollment tokens) open the console; a wrong one counts as a guess.
  const key = await checkCredential(presenterOf(request, tokenIdentifier(apiKey)), () => findApiKey(apiKey), {
    lookupOnly: true,
  });
  if (!key) throw new ApiError('unauthorized', 'This API key does not open any workspace (mistyped, or revoked).');
  await deleteExpiredConsoleSessions();
  const sessionId = await insertConsoleSession({
    ownerId: key.workspace.id,
    apiKeyId: key.id,
    expiresAt: new Date(Date.now() + CONSOLE_SESSION_SECONDS * 1000),
  });
  const workspace: ConsoleWorkspace = {
    owner_id: key.workspace.id,
    name: key.workspace.name,
    sandbox: key.workspace.sandbox,
  };
  return json(workspace, 200, { 'set-cookie': sessionCookie(sessionId, request) });
}

export async function closeConsoleSession(request: Request): Promise<Response> {
  assertSameOriginIfUnsafe(request);
  const sessionId = consoleSessionFrom(request);
  if (sessionId) await deleteConsoleSession(sessionId);
  return new Response(null, {
    status: 204,
    headers: { 'set-cookie': clearedSessionCookie(request), 'cache-control': 'no-store' },
  });
}
