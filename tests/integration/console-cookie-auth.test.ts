// The public API with the console's session cookie instead of a Bearer header: reads work, a change
// must come from our own origin (else 403 csrf_rejected, nothing done), only a live session counts
// (see console-session.test.ts), and Bearer calls and the public gov-ar endpoints behave as before.
import { describe, expect, it } from 'vitest';
import * as workspacesRoute from '@/app/access/v1/workspaces/route';
import * as connectRoute from '@/app/access/v1/apps/[app_id]/connect/route';
import * as entriesRoute from '@/app/silo/v1/entries/route';
import * as entryRoute from '@/app/silo/v1/entries/[id]/route';
import * as jobsRoute from '@/app/transform/v1/jobs/route';
import * as workflowsRoute from '@/app/transform/v1/workflows/route';
import * as progressRoute from '@/app/gov-ar/v1/registrations/[ref]/progress/route';
import { newId } from '@/lib/ids';
import { call } from '@/tests/support/call';
import { openRegistration } from '@/tests/support/registration';
import { createSupplier, createWorkspace, freshCuit, readyWorkspace } from '@/tests/support/scenario';
import { cookieHeaders, enrollmentToken, signedIn } from '@/tests/integration/console-helpers';

const supplier = () => ({
  folder: 'suppliers',
  data: { name: 'Consola Proveedora S.A.', tax_id: { country: 'AR', code: freshCuit() } },
});

const suppliersOf = async (apiKey: string) =>
  (await call(entriesRoute.GET, { token: apiKey, query: { folder: 'suppliers', limit: '100' } })).body.list as {
    id: string;
  }[];

describe('reading with the console cookie', () => {
  it("lists and fetches the workspace's suppliers with no Authorization header", async () => {
    const workspace = await createWorkspace();
    const entry = await createSupplier(workspace.api_key);
    const list = await call(entriesRoute.GET, {
      headers: cookieHeaders(await signedIn(workspace.api_key), 'unstated'),
      query: { folder: 'suppliers' },
    });
    expect(list.status).toBe(200);
    expect(list.body.list.map((item: { id: string }) => item.id)).toEqual([entry.id]);
    const one = await call(entryRoute.GET, {
      headers: cookieHeaders(await signedIn(workspace.api_key), 'unstated'),
      params: { id: entry.id },
    });
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(entry.id);
  });

  it('answers a GET whatever site asked: reading changes nothing, and the browser keeps the answer from other sites', async () => {
    const workspace = await createWorkspace();
    const { status } = await call(entriesRoute.GET, {
      headers: cookieHeaders(await signedIn(workspace.api_key), 'cross-site'),
    });
    expect(status).toBe(200);
  });

  it.each([
    [
      'a workspace API key itself (the cookie holds a session id, never the key)',
      async () => (await createWorkspace()).api_key,
    ],
    ['a mistyped key', async () => 'sk_test_not-a-real-key'],
    ['an enrollment token', enrollmentToken],
    ['something that is no session', async () => 'garbage'],
  ])('refuses %s in the cookie with 401 unauthorized', async (_, value) => {
    const { status, body } = await call(entriesRoute.GET, { headers: cookieHeaders(await value()) });
    expect(status).toBe(401);
    expect(body).toEqual({ code: 'unauthorized', message: expect.any(String) });
  });

  it('without cookie or header is still 401', async () => {
    const { status, body } = await call(entriesRoute.GET, {});
    expect(status).toBe(401);
    expect(body.code).toBe('unauthorized');
  });
});

describe('changing with the console cookie', () => {
  it('creates from our own origin, by Sec-Fetch-Site or by Origin alone', async () => {
    const workspace = await createWorkspace();
    const bySecFetch = await call(entriesRoute.POST, {
      headers: { ...cookieHeaders(await signedIn(workspace.api_key), 'unstated'), 'sec-fetch-site': 'same-origin' },
      body: supplier(),
    });
    expect(bySecFetch.status).toBe(201);
    const byOrigin = await call(entriesRoute.POST, {
      headers: { ...cookieHeaders(await signedIn(workspace.api_key), 'unstated'), origin: 'http://localhost' },
      body: supplier(),
    });
    expect(byOrigin.status).toBe(201);
    expect(byOrigin.body.owner_id).toBe(workspace.owner_id);
  });

  it("takes our own origin from the Host header the browser sent, not from the server's configured name", async () => {
    const workspace = await createWorkspace();
    const asBrowsed = { ...cookieHeaders(await signedIn(workspace.api_key), 'unstated'), host: '127.0.0.1:3917' };
    const ours = await call(entriesRoute.POST, {
      headers: { ...asBrowsed, origin: 'http://127.0.0.1:3917' },
      body: supplier(),
    });
    expect(ours.status).toBe(201);
    const theirs = await call(entriesRoute.POST, {
      headers: { ...asBrowsed, origin: 'http://localhost' },
      body: supplier(),
    });
    expect(theirs.status).toBe(403);
    expect(theirs.body.code).toBe('csrf_rejected');
  });

  it.each([
    ['another site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    ['a sibling subdomain', { 'sec-fetch-site': 'same-site', origin: 'http://app.localhost' }],
    ['an older browser on another site (Origin only)', { origin: 'https://evil.example' }],
    ['another port of our host', { origin: 'http://localhost:8080' }],
    ['another scheme of our host', { origin: 'https://localhost' }],
    ['an opaque origin', { origin: 'null' }],
    ['a request that says nothing of where it comes from', {}],
  ])('refuses a POST from %s with 403 csrf_rejected, and stores nothing', async (_, from) => {
    const workspace = await createWorkspace();
    const { status, body } = await call(entriesRoute.POST, {
      headers: { ...cookieHeaders(await signedIn(workspace.api_key), 'unstated'), ...from },
      body: supplier(),
    });
    expect(status).toBe(403);
    expect(body).toEqual({ code: 'csrf_rejected', message: expect.any(String) });
    expect(await suppliersOf(workspace.api_key)).toEqual([]);
  });

  it('refuses every unsafe method from another site, on every service', async () => {
    const workspace = await readyWorkspace();
    const entry = await createSupplier(workspace.apiKey);
    const headers = cookieHeaders(await signedIn(workspace.apiKey), 'cross-site');
    const attempts = [
      call(entryRoute.PUT, { method: 'PUT', headers, params: { id: newId() }, body: supplier() }),
      call(jobsRoute.POST, { headers, body: { workflow_id: workspace.workflow.id, silo_entry_id: entry.id } }),
      call(workflowsRoute.POST, { headers, body: { template: 'ar-supplier-registration' } }),
      call(connectRoute.POST, { method: 'POST', headers, params: { app_id: 'gov-ar' } }),
    ];
    for (const result of await Promise.all(attempts)) {
      expect(result.status).toBe(403);
      expect(result.body.code).toBe('csrf_rejected');
    }
  });

  it('lets a workspace-only operation (connect) take the cookie', async () => {
    const workspace = await createWorkspace();
    const { status, body } = await call(connectRoute.POST, {
      method: 'POST',
      headers: cookieHeaders(await signedIn(workspace.api_key)),
      params: { app_id: 'gov-ar' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ app_id: expect.any(String), owner_id: workspace.owner_id, disabled: false });
  });

  it('answers the in-progress conflict to the console as to any caller', async () => {
    const workspace = await readyWorkspace();
    const entry = await createSupplier(workspace.apiKey);
    const job = { workflow_id: workspace.workflow.id, silo_entry_id: entry.id };
    const first = await call(jobsRoute.POST, { headers: cookieHeaders(await signedIn(workspace.apiKey)), body: job });
    expect(first.status).toBe(202);
    const second = await call(jobsRoute.POST, { headers: cookieHeaders(await signedIn(workspace.apiKey)), body: job });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('registration_in_progress');
  });
});

describe('what the cookie leaves alone', () => {
  it('a Bearer call wins over the cookie and needs no origin check', async () => {
    const bearer = await createWorkspace();
    const other = await createWorkspace();
    const { status, body } = await call(entriesRoute.POST, {
      token: bearer.api_key,
      headers: cookieHeaders(await signedIn(other.api_key), 'cross-site'),
      body: supplier(),
    });
    expect(status).toBe(201);
    expect(body.owner_id).toBe(bearer.owner_id);
    expect(await suppliersOf(other.api_key)).toEqual([]);
  });

  it('a bad Bearer is 401 even with a good cookie', async () => {
    const workspace = await createWorkspace();
    const { status } = await call(entriesRoute.GET, {
      token: 'sk_test_wrong',
      headers: cookieHeaders(await signedIn(workspace.api_key)),
    });
    expect(status).toBe(401);
  });

  it("the operator's endpoint takes only the admin token, not a console cookie", async () => {
    const workspace = await createWorkspace();
    const { status, body } = await call(workspacesRoute.POST, {
      headers: cookieHeaders(await signedIn(workspace.api_key)),
      body: { name: 'X' },
    });
    expect(status).toBe(401);
    expect(body.code).toBe('unauthorized');
  });

  it('the public gov-ar endpoints (the link is the capability) ignore the cookie and the origin', async () => {
    const registration = await openRegistration();
    const { status } = await call(progressRoute.PUT, {
      method: 'PUT',
      params: { ref: registration.ref },
      headers: cookieHeaders('sk_test_wrong', 'cross-site'),
      body: { step: 'path' },
    });
    expect(status).toBe(200);
  });
});
