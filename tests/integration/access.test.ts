import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as workspacesRoute from '@/app/access/v1/workspaces/route';
import * as appsRoute from '@/app/access/v1/apps/route';
import * as connectRoute from '@/app/access/v1/apps/[app_id]/connect/route';
import * as authorizeRoute from '@/app/access/v1/enrollment/authorize/route';
import * as entriesRoute from '@/app/silo/v1/entries/route';
import * as entryRoute from '@/app/silo/v1/entries/[id]/route';
import { getDb } from '@/lib/db/client';
import { enrollments, enrollmentTokens } from '@/lib/db/schema';
import { newId } from '@/lib/ids';
import { call, type CallOptions, type CallResult } from '@/tests/support/call';
import { expectDocumented } from '@/tests/support/documented';
import { createSupplier, createWorkspace } from '@/tests/support/scenario';

type Workspace = Awaited<ReturnType<typeof createWorkspace>>;
type App = { id: string; name: string; client_id: string; client_secret: string };

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ENROLLMENT_KEYS = ['app_id', 'created_at', 'data', 'disabled', 'id', 'owner_id', 'sandbox', 'updated_at'];

/** The contract's error body, exactly: { code, message } or { code, message, fields }, and no stack trace. */
function expectError(result: CallResult, status: number, code: string) {
  expect(result.status).toBe(status);
  const { fields, ...rest } = result.body;
  expect(rest).toEqual({ code, message: expect.any(String) });
  if (fields !== undefined) expect(Object.values(fields).every((reason) => typeof reason === 'string')).toBe(true);
  expect(JSON.stringify(result.body)).not.toMatch(/\n\s+at |\.[tj]s:\d+|Error:|stack/i);
}

async function createApp(apiKey: string, name = 'My ERP'): Promise<App> {
  const { status, body } = await call(appsRoute.POST, { token: apiKey, body: { name } });
  expect(status).toBe(201);
  return body;
}

const connect = (apiKey: string, appId: string) =>
  call(connectRoute.POST, { token: apiKey, params: { app_id: appId } });
const authorize = (body: Record<string, unknown>, token?: string) => call(authorizeRoute.POST, { token, body });

/** A workspace with its own app, connected: the enrollment that authorize trades for a token. */
async function enrolledApp(options: { sandbox?: boolean } = {}) {
  const workspace = await createWorkspace(options);
  const app = await createApp(workspace.api_key);
  const { status, body: enrollment } = await connect(workspace.api_key, app.id);
  expect(status).toBe(200);
  const credentials = { client_id: app.client_id, client_secret: app.client_secret };
  return { workspace, app, enrollment, credentials };
}

async function enrollmentToken() {
  const setup = await enrolledApp();
  const { status, body } = await authorize({ ...setup.credentials, id: setup.enrollment.id });
  expect(status).toBe(200);
  return { ...setup, token: body.token as string };
}

describe('POST /access/v1/workspaces', () => {
  it('creates a sandbox workspace and shows its sk_test_ API key', async () => {
    const { status, body } = await call(workspacesRoute.POST, {
      token: 'test-admin-token',
      body: { name: 'Acme', sandbox: true },
    });
    expect(status).toBe(201);
    expect(body).toEqual({
      owner_id: expect.stringMatching(UUID_V7),
      name: 'Acme',
      sandbox: true,
      api_key: expect.stringMatching(/^sk_test_/),
    });
  });

  it('gives a live workspace an sk_live_ key', async () => {
    const { status, body } = await call(workspacesRoute.POST, {
      token: 'test-admin-token',
      body: { name: 'Acme live', sandbox: false },
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ sandbox: false, api_key: expect.stringMatching(/^sk_live_/) });
  });

  it.each<[string, CallOptions]>([
    ['no token', {}],
    ['a wrong token', { token: 'not-the-admin-token' }],
    ['a token shaped like a workspace API key', { token: 'sk_test_whatever' }],
    ['a non-Bearer Authorization header', { headers: { authorization: 'Basic dGVzdC1hZG1pbi10b2tlbg==' } }],
  ])('answers 401 for %s', async (_case, options) => {
    const result = await call(workspacesRoute.POST, { ...options, body: { name: 'Acme' } });
    expectError(result, 401, 'unauthorized');
  });

  it.each([
    ['unset', undefined],
    ['empty', ''],
  ])('answers 403 forbidden when ADMIN_TOKEN is %s', async (_case, value) => {
    const saved = process.env.ADMIN_TOKEN;
    if (value === undefined) delete process.env.ADMIN_TOKEN;
    else process.env.ADMIN_TOKEN = value;
    try {
      const result = await call(workspacesRoute.POST, { token: 'test-admin-token', body: { name: 'Acme' } });
      expectError(result, 403, 'forbidden');
    } finally {
      process.env.ADMIN_TOKEN = saved;
    }
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a missing name', { sandbox: true }, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['an unknown field', { name: 'Acme', colour: 'red' }, 'colour'],
    ['a sandbox that is not a boolean', { name: 'Acme', sandbox: 'yes' }, 'sandbox'],
  ])('answers 422 naming the field for %s', async (_case, body, field) => {
    const result = await call(workspacesRoute.POST, { token: 'test-admin-token', body });
    expectError(result, 422, 'validation_failed');
    expect(Object.keys(result.body.fields)).toContain(field);
  });
});

describe('POST /access/v1/apps', () => {
  it('creates an app and shows its client secret once', async () => {
    const workspace = await createWorkspace();
    const { status, body: app } = await call(appsRoute.POST, { token: workspace.api_key, body: { name: 'My ERP' } });
    expect(status).toBe(201);
    expect(app).toEqual({
      id: expect.stringMatching(UUID_V7),
      name: 'My ERP',
      client_id: expect.any(String),
      client_secret: expect.any(String),
    });
    const connected = await connect(workspace.api_key, app.id);
    const authorized = await authorize({
      client_id: app.client_id,
      client_secret: app.client_secret,
      owner_id: workspace.owner_id,
    });
    for (const later of [connected, authorized]) {
      expect(later.status).toBe(200);
      expect(JSON.stringify(later.body)).not.toContain(app.client_secret);
      expect(later.body).not.toHaveProperty('client_secret');
    }
  });

  it('gives every app its own credentials', async () => {
    const { api_key } = await createWorkspace();
    const [first, second] = [await createApp(api_key), await createApp(api_key)];
    expect(first.id).not.toBe(second.id);
    expect(first.client_id).not.toBe(second.client_id);
    expect(first.client_secret).not.toBe(second.client_secret);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a missing name', {}, 'name'],
    ['an unknown field', { name: 'My ERP', redirect_uri: 'https://x.test' }, 'redirect_uri'],
  ])('answers 422 naming the field for %s', async (_case, body, field) => {
    const { api_key } = await createWorkspace();
    const result = await call(appsRoute.POST, { token: api_key, body });
    expectError(result, 422, 'validation_failed');
    expect(Object.keys(result.body.fields)).toContain(field);
  });

  it('needs a workspace API key: none is 401, an enrollment token is 403', async () => {
    const { token } = await enrollmentToken();
    expectError(await call(appsRoute.POST, { body: { name: 'X' } }), 401, 'unauthorized');
    expectError(await call(appsRoute.POST, { token, body: { name: 'X' } }), 403, 'forbidden');
  });
});

describe('POST /access/v1/apps/{app_id}/connect', () => {
  it('connects gov-ar idempotently, answering the same enrollment twice', async () => {
    const { api_key, owner_id } = await createWorkspace();
    const first = await connect(api_key, 'gov-ar');
    const again = await connect(api_key, 'gov-ar');
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(Object.keys(first.body).sort()).toEqual(ENROLLMENT_KEYS);
    expect(first.body).toMatchObject({
      id: expect.stringMatching(UUID_V7),
      app_id: 'gov-ar',
      owner_id,
      data: {},
      disabled: false,
      sandbox: true,
    });
    expect(first.body.created_at).toMatch(ISO);
    expect(again.body.id).toBe(first.body.id);
  });

  it("reports a live workspace's enrollment as not sandbox", async () => {
    const { api_key } = await createWorkspace({ sandbox: false });
    expect((await connect(api_key, 'gov-ar')).body.sandbox).toBe(false);
  });

  it.each<[string, (theirApp: App) => string]>([
    ["another workspace's app", (theirApp) => theirApp.id],
    ['an unknown UUID', () => newId()],
    ['an id that is neither a UUID nor gov-ar', () => 'not-an-app'],
  ])('answers 404 app_not_found for %s', async (_case, appId) => {
    const theirs = await createWorkspace();
    const theirApp = await createApp(theirs.api_key);
    const mine = await createWorkspace();
    expectError(await connect(mine.api_key, appId(theirApp)), 404, 'app_not_found');
  });

  it('needs a workspace API key, not an enrollment token', async () => {
    const { token } = await enrollmentToken();
    expectError(await connect(token, 'gov-ar'), 403, 'forbidden');
  });

  it.each<[string, (workspace: Workspace) => Promise<string>]>([
    ['the Argentina app', async () => 'gov-ar'],
    ["the workspace's own app", async (workspace) => (await createApp(workspace.api_key)).id],
  ])(
    'does not enable again a disabled enrollment of %s: 403 enrollment_disabled, and it stays disabled',
    async (_case, appIdFor) => {
      const workspace = await createWorkspace();
      const appId = await appIdFor(workspace);
      const { body: enrollment } = await connect(workspace.api_key, appId);
      const db = await getDb();
      await db.update(enrollments).set({ disabled: true }).where(eq(enrollments.id, enrollment.id));
      expectError(await connect(workspace.api_key, appId), 403, 'enrollment_disabled');
      const [row] = await db.select().from(enrollments).where(eq(enrollments.id, enrollment.id));
      expect(row).toMatchObject({ disabled: true, updatedAt: new Date(enrollment.updated_at) });
      expectDocumented('POST /access/v1/apps/{app_id}/connect', await connect(workspace.api_key, appId));
    },
  );
});

describe('POST /access/v1/enrollment/authorize', () => {
  it('answers the enrollment picked by id with a token that expires in the future', async () => {
    const { workspace, app, enrollment, credentials } = await enrolledApp();
    const { status, body } = await authorize({ ...credentials, id: enrollment.id });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([...ENROLLMENT_KEYS, 'token', 'token_expires'].sort());
    expect(body).toMatchObject({
      ...enrollment,
      app_id: app.id,
      owner_id: workspace.owner_id,
      disabled: false,
      sandbox: true,
    });
    expect([body.created_at, body.updated_at]).toEqual([expect.stringMatching(ISO), expect.stringMatching(ISO)]);
    expect(body.token).toEqual(expect.any(String));
    expect(Number.isInteger(body.token_expires)).toBe(true);
    const now = Math.floor(Date.now() / 1000);
    expect(body.token_expires).toBeGreaterThan(now);
    expect(body.token_expires).toBeLessThan(now + 7 * 24 * 3600);
  });

  it('picks by owner_id without a bearer when the app belongs to that workspace (trusted)', async () => {
    const { workspace, enrollment, credentials } = await enrolledApp();
    const { status, body } = await authorize({ ...credentials, owner_id: workspace.owner_id });
    expect(status).toBe(200);
    expect(body.id).toBe(enrollment.id);
  });

  it("picks by the bearer's workspace alone", async () => {
    const { workspace, enrollment, credentials } = await enrolledApp();
    const { status, body } = await authorize(credentials, workspace.api_key);
    expect(status).toBe(200);
    expect(body.id).toBe(enrollment.id);
  });

  it("reports a live workspace's enrollment as not sandbox", async () => {
    const { enrollment, credentials } = await enrolledApp({ sandbox: false });
    expect((await authorize({ ...credentials, id: enrollment.id })).body.sandbox).toBe(false);
  });

  type Setup = Awaited<ReturnType<typeof enrolledApp>> & { other: Workspace };
  it.each<[string, (s: Setup) => { body: Record<string, unknown>; token?: string }, number, string]>([
    [
      'a wrong client_secret',
      (s) => ({ body: { ...s.credentials, client_secret: 'cs_wrong', id: s.enrollment.id } }),
      401,
      'invalid_client',
    ],
    [
      'an unknown client_id',
      (s) => ({ body: { ...s.credentials, client_id: 'app_unknown', id: s.enrollment.id } }),
      401,
      'invalid_client',
    ],
    [
      'the built-in gov-ar client, which has no secret',
      (s) => ({ body: { client_id: 'gov-ar', client_secret: 'x', owner_id: s.workspace.owner_id } }),
      401,
      'invalid_client',
    ],
    [
      'an invalid bearer token',
      (s) => ({ body: { ...s.credentials, id: s.enrollment.id }, token: 'sk_test_nope' }),
      401,
      'unauthorized',
    ],
    [
      "another workspace's owner_id without a bearer",
      (s) => ({ body: { ...s.credentials, owner_id: s.other.owner_id } }),
      403,
      'forbidden',
    ],
    [
      "an owner_id other than the bearer's workspace",
      (s) => ({ body: { ...s.credentials, owner_id: s.other.owner_id }, token: s.workspace.api_key }),
      403,
      'forbidden',
    ],
    [
      'an id that is not a UUID',
      (s) => ({ body: { ...s.credentials, id: 'not-a-uuid' } }),
      404,
      'enrollment_not_found',
    ],
    ['an unknown id', (s) => ({ body: { ...s.credentials, id: newId() } }), 404, 'enrollment_not_found'],
    [
      "another workspace's bearer with this enrollment's id",
      (s) => ({ body: { ...s.credentials, id: s.enrollment.id }, token: s.other.api_key }),
      404,
      'enrollment_not_found',
    ],
    ['neither id, owner_id nor a bearer', (s) => ({ body: s.credentials }), 422, 'validation_failed'],
    [
      'a missing client_secret',
      (s) => ({ body: { client_id: s.app.client_id, id: s.enrollment.id } }),
      422,
      'validation_failed',
    ],
    [
      'an unknown field',
      (s) => ({ body: { ...s.credentials, id: s.enrollment.id, scope: 'all' } }),
      422,
      'validation_failed',
    ],
    ['an id that is not a string', (s) => ({ body: { ...s.credentials, id: 42 } }), 422, 'validation_failed'],
  ])('refuses %s', async (_case, request, status, code) => {
    const setup = { ...(await enrolledApp()), other: await createWorkspace() };
    const { body, token } = request(setup);
    const result = await authorize(body, token);
    expectError(result, status, code);
    expect(JSON.stringify(result.body)).not.toContain(setup.app.client_secret);
  });

  it('answers 404 enrollment_not_found for an app that is not connected', async () => {
    const workspace = await createWorkspace();
    const app = await createApp(workspace.api_key);
    const result = await authorize({
      client_id: app.client_id,
      client_secret: app.client_secret,
      owner_id: workspace.owner_id,
    });
    expectError(result, 404, 'enrollment_not_found');
  });

  it("issues a token that acts as the enrollment's workspace on silo/v1", async () => {
    const { workspace, token } = await enrollmentToken();
    const other = await createWorkspace();
    const mine = await createSupplier(workspace.api_key);
    const theirs = await createSupplier(other.api_key);
    const list = await call(entriesRoute.GET, { token, query: { folder: 'suppliers' } });
    expect(list.status).toBe(200);
    expect(list.body.list.map((entry: { id: string }) => entry.id)).toEqual([mine.id]);
    expect((await call(entryRoute.GET, { token, params: { id: mine.id } })).body).toEqual(mine);
    expectError(await call(entryRoute.GET, { token, params: { id: theirs.id } }), 404, 'entry_not_found');
  });

  it('refuses a disabled enrollment with 403 and stops its tokens working', async () => {
    const { enrollment, credentials, token } = await enrollmentToken();
    const db = await getDb();
    await db.update(enrollments).set({ disabled: true }).where(eq(enrollments.id, enrollment.id));
    expectError(await authorize({ ...credentials, id: enrollment.id }), 403, 'enrollment_disabled');
    expectError(await call(entriesRoute.GET, { token }), 401, 'unauthorized');
  });

  it('stops accepting a token once it has expired', async () => {
    const { enrollment, token } = await enrollmentToken();
    expect((await call(entriesRoute.GET, { token })).status).toBe(200);
    const db = await getDb();
    await db
      .update(enrollmentTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(enrollmentTokens.enrollmentId, enrollment.id));
    expectError(await call(entriesRoute.GET, { token }), 401, 'unauthorized');
  });
});
