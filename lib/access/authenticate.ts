// Who is calling: a workspace API key, an enrollment token, or the operator's ADMIN_TOKEN. Without an
// Authorization header, the console's session cookie stands in for the Bearer.
import { ApiError } from '../api/errors';
import { adminToken } from '../config';
import { consoleSessionFrom } from '../console/cookie';
import { findConsoleSession } from '../console/queries';
import { assertSameOriginIfUnsafe } from '../console/same-origin';
import { sameSecret } from './tokens';
import { findCallerByToken, type Caller } from './queries';

export type { Caller };

/**
 * none: no token read; admin: ADMIN_TOKEN; workspace: a workspace API key only;
 * caller: an API key or an enrollment token; optional: a caller when a token is sent.
 */
export type AuthMode = 'none' | 'admin' | 'workspace' | 'caller' | 'optional';
export type CallerFor<A extends AuthMode> = A extends 'none' | 'admin'
  ? undefined
  : A extends 'optional'
    ? Caller | undefined
    : Caller;

export async function authenticateRequest(request: Request, mode: AuthMode): Promise<Caller | undefined> {
  if (mode === 'none') return undefined;
  const token = bearerToken(request);
  if (mode === 'admin') {
    const expected = adminToken();
    if (!expected) throw new ApiError('forbidden', 'Workspace creation is disabled on this server: ADMIN_TOKEN is not set.');
    if (!token || !sameSecret(token, expected)) throw new ApiError('unauthorized', 'Send the admin token as Authorization: Bearer <token>.');
    return undefined;
  }
  if (!token) return consoleCaller(request, mode);
  const caller = await findCallerByToken(token);
  if (!caller) throw new ApiError('unauthorized', 'The bearer token is not valid or has expired.');
  if (mode === 'workspace' && caller.via !== 'api_key') {
    throw new ApiError('forbidden', 'This operation needs a workspace API key, not an enrollment token.');
  }
  return caller;
}

/** The console's cookie: a live session only, and for unsafe methods only from our own pages (CSRF). */
async function consoleCaller(request: Request, mode: AuthMode): Promise<Caller | undefined> {
  const sessionId = consoleSessionFrom(request);
  if (!sessionId) {
    if (mode === 'optional') return undefined;
    throw new ApiError('unauthorized', 'Send an API key or enrollment token as Authorization: Bearer <token>.');
  }
  assertSameOriginIfUnsafe(request);
  // Looked up every time, never cached: signing out or revoking ends a session in every instance at once.
  const session = await findConsoleSession(sessionId);
  if (!session) throw new ApiError('unauthorized', 'The console session is no longer valid; sign in again.');
  return { ownerId: session.owner_id, sandbox: session.sandbox, via: 'api_key' };
}

function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new ApiError('unauthorized', 'The Authorization header must be "Bearer <token>".');
  return match[1];
}
