// The console's side of the integration tests: a signed-in session, requests as the console's browser
// code makes them (the session cookie instead of a Bearer header), and an enrollment token to show what
// the cookie refuses.
import { expect } from 'vitest';
import * as appsRoute from '@/app/access/v1/apps/route';
import * as connectRoute from '@/app/access/v1/apps/[app_id]/connect/route';
import * as authorizeRoute from '@/app/access/v1/enrollment/authorize/route';
import * as sessionRoute from '@/app/console/session/route';
import { CONSOLE_COOKIE } from '@/lib/access/console-cookie';
import { call } from '@/tests/support/call';
import { createWorkspace } from '@/tests/support/scenario';

/** Signs the console in with a workspace API key, as its sign-in form does; answers the cookie's value. */
export async function signedIn(apiKey: string): Promise<string> {
  const { status, headers } = await call(sessionRoute.POST, {
    body: { api_key: apiKey },
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(status).toBe(200);
  const [pair] = headers.get('set-cookie')!.split(';');
  const [name, value] = pair!.split(/=(.*)/s);
  expect(name).toBe(CONSOLE_COOKIE);
  return value!;
}

/** The headers of a request the console's page sends with the cookie; `from` says which site the page is on. */
export function cookieHeaders(
  sessionId: string,
  from: 'same-origin' | 'cross-site' | 'unstated' = 'same-origin',
): Record<string, string> {
  const cookie = { cookie: `theme=dark; ${CONSOLE_COOKIE}=${sessionId}` };
  if (from === 'same-origin') return { ...cookie, 'sec-fetch-site': 'same-origin', origin: 'http://localhost' };
  if (from === 'cross-site') return { ...cookie, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' };
  return cookie;
}

/** An enrollment token of a fresh workspace's own app. */
export async function enrollmentToken(): Promise<string> {
  const workspace = await createWorkspace();
  const app = await call(appsRoute.POST, { token: workspace.api_key, body: { name: 'ERP' } });
  expect(app.status).toBe(201);
  const enrollment = await call(connectRoute.POST, { token: workspace.api_key, params: { app_id: app.body.id } });
  const authorized = await call(authorizeRoute.POST, {
    body: { client_id: app.body.client_id, client_secret: app.body.client_secret, id: enrollment.body.id },
  });
  expect(authorized.status).toBe(200);
  return authorized.body.token;
}
