// The console's sign-in and sign-out (POST and DELETE /console/session): signing in with a workspace
// API key opens a session, a row with an expiry, and the httpOnly, SameSite=Strict cookie holds only its
// random id (a stolen cookie is not a stolen key); signing out, expiry, revocation and revoking the key
// each end it at once; a key that opens no workspace sets nothing.
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as sessionRoute from '@/app/console/session/route';
import * as entriesRoute from '@/app/silo/v1/entries/route';
import { digest } from '@/lib/access/tokens';
import { CONSOLE_SESSION_SECONDS } from '@/lib/access/console-cookie';
import { findConsoleSession } from '@/lib/access/console-session-queries';
import { getDb } from '@/lib/db/client';
import { apiKeys, consoleSessions } from '@/lib/db/schema';
import { call, type CallOptions } from '@/tests/support/call';
import { createWorkspace } from '@/tests/support/scenario';
import { cookieHeaders, enrollmentToken, signedIn } from '@/tests/integration/console-helpers';

/** What the console's sign-in form sends: JSON, from a page of our own origin. */
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

const signIn = (apiKey: unknown, options: CallOptions = {}) =>
  call(sessionRoute.POST, { body: { api_key: apiKey }, ...options, headers: { ...SAME_ORIGIN, ...options.headers } });

const signOut = (options: CallOptions = {}) =>
  call(sessionRoute.DELETE, { method: 'DELETE', ...options, headers: { ...SAME_ORIGIN, ...options.headers } });

/** A Set-Cookie header as its name, value and attributes (lower-cased names). */
function parseSetCookie(header: string | null) {
  expect(header).toBeTruthy();
  const [pair, ...rest] = header!.split(';').map((part) => part.trim());
  const [name, value] = pair!.split(/=(.*)/s);
  const attributes = Object.fromEntries(
    rest.map((part) => {
      const [key, attribute] = part.split('=');
      return [key!.toLowerCase(), attribute ?? true];
    }),
  );
  return { name, value, attributes };
}

describe('POST /console/session', () => {
  it('signs in with a workspace API key: the workspace, and a random session id (not the key) in an httpOnly SameSite=Strict cookie', async () => {
    const workspace = await createWorkspace({ name: 'Consola S.A.' });
    const { status, body, headers } = await signIn(workspace.api_key);
    expect(status).toBe(200);
    expect(body).toEqual({ owner_id: workspace.owner_id, name: 'Consola S.A.', sandbox: true });
    const cookie = parseSetCookie(headers.get('set-cookie'));
    expect(cookie.name).toBe('console_session');
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    expect(cookie.value).not.toContain(workspace.api_key.slice(8, 20));
    expect((await signIn(workspace.api_key)).headers.get('set-cookie')).not.toContain(cookie.value); // one per sign-in
    expect(cookie.attributes).toEqual({
      path: '/',
      httponly: true,
      samesite: 'Strict',
      'max-age': String(CONSOLE_SESSION_SECONDS),
    });
    expect(headers.get('cache-control')).toBe('no-store');
    expect(JSON.stringify(body)).not.toContain(workspace.api_key);
  });

  it('marks the cookie Secure when the browser came over https', async () => {
    const workspace = await createWorkspace();
    const { status, headers } = await signIn(workspace.api_key, {
      path: 'https://console.example.com/console/session',
    });
    expect(status).toBe(200);
    expect(parseSetCookie(headers.get('set-cookie')).attributes).toMatchObject({
      secure: true,
      httponly: true,
      samesite: 'Strict',
    });
  });

  it('marks the cookie Secure in production, where TLS may end at a proxy', async () => {
    const workspace = await createWorkspace();
    const previous = process.env.APP_ENV;
    process.env.APP_ENV = 'production';
    try {
      const { headers } = await signIn(workspace.api_key);
      expect(parseSetCookie(headers.get('set-cookie')).attributes).toMatchObject({ secure: true });
    } finally {
      if (previous === undefined) delete process.env.APP_ENV;
      else process.env.APP_ENV = previous;
    }
  });

  it('answers a live workspace as not sandbox', async () => {
    const workspace = await createWorkspace({ sandbox: false });
    expect(workspace.api_key).toMatch(/^sk_live_/);
    const { status, body } = await signIn(workspace.api_key);
    expect(status).toBe(200);
    expect(body.sandbox).toBe(false);
  });

  it.each([
    ['a mistyped key', () => 'sk_test_not-a-real-key'],
    ['a live-looking key', () => 'sk_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['something that is no key at all', () => 'hunter2'],
    ['an enrollment token', () => enrollmentToken()],
  ])('refuses %s with 401 unauthorized and sets no cookie', async (_, key) => {
    const { status, body, headers } = await signIn(await key());
    expect(status).toBe(401);
    expect(body).toEqual({ code: 'unauthorized', message: expect.any(String) });
    expect(headers.get('set-cookie')).toBeNull();
  });

  it.each([
    ['no api_key', {}, 'api_key'],
    ['an empty api_key', { api_key: '  ' }, 'api_key'],
    ['a number', { api_key: 42 }, 'api_key'],
    ['an unknown field', { api_key: 'sk_test_x', remember: true }, 'remember'],
  ])('refuses %s with 422 naming the field', async (_, body, field) => {
    const result = await call(sessionRoute.POST, { body, headers: SAME_ORIGIN });
    expect(result.status).toBe(422);
    expect(result.body.code).toBe('validation_failed');
    expect(Object.keys(result.body.fields)).toEqual([field]);
    expect(result.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a sign-in posted from another site (login CSRF) and sets nothing', async () => {
    const workspace = await createWorkspace();
    const refused: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': '' },
    ];
    for (const headers of refused) {
      const { status, body, headers: answered } = await signIn(workspace.api_key, { headers });
      expect(status).toBe(403);
      expect(body.code).toBe('csrf_rejected');
      expect(answered.get('set-cookie')).toBeNull();
    }
  });
});

/** Ends a session behind its cookie's back, as an operator or the passing of time would. */
async function inDatabase(
  change: (db: Awaited<ReturnType<typeof getDb>>, sessionHash: string) => Promise<unknown>,
  sessionId: string,
): Promise<void> {
  await change(await getDb(), digest(sessionId));
}

describe('a console session', () => {
  it('opens the workspace with the cookie alone, and is kept only as a digest of its id', async () => {
    const workspace = await createWorkspace();
    const sessionId = await signedIn(workspace.api_key);
    const list = await call(entriesRoute.GET, { headers: cookieHeaders(sessionId) });
    expect(list.status).toBe(200);
    const rows = await (await getDb())
      .select()
      .from(consoleSessions)
      .where(eq(consoleSessions.ownerId, workspace.owner_id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(digest(sessionId));
    expect(JSON.stringify(rows)).not.toContain(sessionId);
    // The row's created_at is the database's clock, its expiry ours: a few ms apart at most.
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBeGreaterThan(
      CONSOLE_SESSION_SECONDS * 1000 - 1000,
    );
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBeLessThan(
      CONSOLE_SESSION_SECONDS * 1000 + 1000,
    );
  });

  it.each([
    [
      'signed out',
      async (sessionId: string): Promise<void> => {
        expect((await signOut({ headers: cookieHeaders(sessionId) })).status).toBe(204);
      },
      true,
    ],
    [
      'expired',
      (sessionId: string) =>
        inDatabase(
          (db, hash) =>
            db
              .update(consoleSessions)
              .set({ expiresAt: new Date(Date.now() - 1000) })
              .where(eq(consoleSessions.tokenHash, hash)),
          sessionId,
        ),
      true,
    ],
    [
      'revoked',
      (sessionId: string) =>
        inDatabase(
          (db, hash) =>
            db.update(consoleSessions).set({ revokedAt: new Date() }).where(eq(consoleSessions.tokenHash, hash)),
          sessionId,
        ),
      true,
    ],
    [
      'opened with a key since revoked',
      (sessionId: string) =>
        inDatabase(async (db, hash) => {
          const [session] = await db.select().from(consoleSessions).where(eq(consoleSessions.tokenHash, hash));
          await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, session!.apiKeyId));
        }, sessionId),
      false,
    ],
  ])('stops working at once when %s: 401 on the API, nothing on the pages', async (_, end, othersStay) => {
    const workspace = await createWorkspace();
    const sessionId = await signedIn(workspace.api_key);
    const other = await signedIn(workspace.api_key);
    expect((await call(entriesRoute.GET, { headers: cookieHeaders(sessionId) })).status).toBe(200);
    await end(sessionId);
    const refused = await call(entriesRoute.GET, { headers: cookieHeaders(sessionId) });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ code: 'unauthorized', message: expect.stringMatching(/sign in again/) });
    expect(await findConsoleSession(sessionId)).toBeUndefined(); // what the console's pages ask
    // Another browser's session of the same workspace is its own, unless the key they share is gone.
    expect((await call(entriesRoute.GET, { headers: cookieHeaders(other) })).status).toBe(othersStay ? 200 : 401);
  });

  it("signing out deletes the session's row", async () => {
    const workspace = await createWorkspace();
    const sessionId = await signedIn(workspace.api_key);
    await signOut({ headers: cookieHeaders(sessionId) });
    const [row] = await (await getDb())
      .select({ n: count() })
      .from(consoleSessions)
      .where(eq(consoleSessions.tokenHash, digest(sessionId)));
    expect(row!.n).toBe(0);
  });
});

describe('DELETE /console/session', () => {
  it('signs out: the cookie is cleared with the same attributes', async () => {
    const { status, body, headers } = await signOut();
    expect(status).toBe(204);
    expect(body).toBeUndefined();
    const cookie = parseSetCookie(headers.get('set-cookie'));
    expect(cookie.name).toBe('console_session');
    expect(cookie.value).toBe('');
    expect(cookie.attributes).toEqual({ path: '/', httponly: true, samesite: 'Strict', 'max-age': '0' });
  });

  it('is refused from another site', async () => {
    const { status, body, headers } = await signOut({
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(status).toBe(403);
    expect(body.code).toBe('csrf_rejected');
    expect(headers.get('set-cookie')).toBeNull();
  });
});
