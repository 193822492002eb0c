// The console's calls to the public API from the browser: same origin, authenticated by the session
// cookie (the browser sends it; page scripts cannot read it). A 401 means the session ended.
import { ServiceError, toServiceError } from '@/lib/wizard/api';
import { CONSOLE_PATHS } from '@/lib/console/paths';

export { ServiceError };

export async function consoleApi<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    cache: 'no-store',
    headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status === 401 && path !== '/console/session') {
    // The key was revoked or the cookie expired: back to the sign-in page rather than a broken screen.
    window.location.assign(CONSOLE_PATHS.signIn);
  }
  if (!response.ok) throw toServiceError(response.status, text, response.headers.get('retry-after'));
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The API's message for an error, or a plain one for a network failure. */
export function problemMessage(error: unknown): string {
  if (error instanceof ServiceError) return error.body.message;
  return 'The service could not be reached. Check your connection and try again.';
}

export const isProblem = (error: unknown, code: string) => error instanceof ServiceError && error.body.code === code;
