// The console's session cookie: a random session id (never the API key), httpOnly (page scripts never
// see it) and SameSite=Strict (no other site's page makes the browser send it), so the console's browser
// code calls the public API with the cookie instead of a Bearer header.
import { isProduction } from '@/lib/config';

export const CONSOLE_COOKIE = 'console_session';
/** A working day: a forgotten console signs itself out by the next morning. */
export const CONSOLE_SESSION_SECONDS = 12 * 3600;

/** Secure when the browser came over https, and always in production (TLS often ends at a proxy there). */
const secure = (request: Request) => new URL(request.url).protocol === 'https:' || isProduction();

function cookie(value: string, maxAge: number, request: Request): string {
  const attributes = [`${CONSOLE_COOKIE}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${maxAge}`];
  if (secure(request)) attributes.push('Secure');
  return attributes.join('; ');
}

export const sessionCookie = (sessionId: string, request: Request) =>
  cookie(sessionId, CONSOLE_SESSION_SECONDS, request);

export const clearedSessionCookie = (request: Request) => cookie('', 0, request);

/** The session id the console's cookie carries, if the request has one. */
export function consoleSessionFrom(request: Request): string | undefined {
  for (const pair of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === CONSOLE_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}
