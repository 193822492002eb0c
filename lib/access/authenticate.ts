// Who is calling: a workspace API key, an enrollment token, or the operator's ADMIN_TOKEN. Without an
// Authorization header, the console's session cookie stands in for the Bearer. Every credential that
// is looked up goes through the guessing limits, except an API key this process found valid a moment
// ago (the caller cache): the hot path of a working integrator costs no counter and no query.
import 'server-only';
import { ApiError } from '@/lib/api/errors';
import { adminToken } from '@/lib/config';
import { consoleSessionFrom } from '@/lib/access/console-cookie';
import { findConsoleSession } from '@/lib/access/console-session-queries';
import { assertSameOriginIfUnsafe } from '@/lib/access/same-origin';
import { ADMIN_IDENTIFIER, checkCredential, presenterOf, tokenIdentifier } from '@/lib/access/guessing-limits';
import { sameSecret } from '@/lib/access/tokens';
import { cachedCaller, lookupCallerByToken, rememberCaller, type Caller } from '@/lib/access/queries';

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
  if (mode === 'admin') return assertAdmin(request, token);
  if (!token) return consoleCaller(request, mode);
  const caller = await callerByToken(request, token);
  if (mode === 'workspace' && caller.via !== 'api_key') {
    throw new ApiError('forbidden', 'This operation needs a workspace API key, not an enrollment token.');
  }
  return caller;
}

/** The operator's ADMIN_TOKEN: `token` is the Bearer token unless the caller read it elsewhere (a Basic password). */
export async function assertAdmin(request: Request, token = bearerToken(request)): Promise<undefined> {
  const expected = adminToken();
  if (!expected) throw new ApiError('forbidden', 'This is disabled on this server: ADMIN_TOKEN is not set.');
  if (!token) throw new ApiError('unauthorized', 'Send the admin token as Authorization: Bearer <token>.');
  const valid = await checkCredential(
    presenterOf(request, ADMIN_IDENTIFIER),
    async () => sameSecret(token, expected) || undefined,
  );
  if (!valid) throw new ApiError('unauthorized', 'Send the admin token as Authorization: Bearer <token>.');
  return undefined;
}

async function callerByToken(request: Request, token: string): Promise<Caller> {
  const cached = cachedCaller(token);
  if (cached) return cached;
  const presenter = presenterOf(request, tokenIdentifier(token));
  const caller = await checkCredential(presenter, () => lookupCallerByToken(token), { lookupOnly: true });
  if (!caller) throw new ApiError('unauthorized', 'The bearer token is not valid or has expired.');
  // Only now, past the lockout check: a locked-out guesser's right guess must not land in the cache.
  rememberCaller(token, caller);
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
  const session = await checkCredential(presenterOf(request), () => findConsoleSession(sessionId), {
    lookupOnly: true,
  });
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
