import { afterEach, describe, expect, it } from 'vitest';
import * as workflowsRoute from '@/app/transform/v1/workflows/route';
import * as workflowRoute from '@/app/transform/v1/workflows/[id]/route';
import { newId } from '@/lib/ids';
import { call } from '@/tests/support/call';
import {
  connectArgentina,
  createRegistrationWorkflow,
  createWorkspace,
  readyWorkspace,
} from '@/tests/support/scenario';

const TEMPLATE = 'ar-supplier-registration';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
/** A valid Standard Webhooks secret: whsec_ + base64 of 32 bytes. */
const GIVEN_SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

async function connectedWorkspace() {
  const workspace = await createWorkspace();
  await connectArgentina(workspace.api_key);
  return workspace;
}

const postWorkflow = (token: string, body: unknown) => call(workflowsRoute.POST, { token, body });
const getWorkflow = (token: string, id: string) => call(workflowRoute.GET, { token, params: { id } });

describe('POST /transform/v1/workflows', () => {
  it('creates a registration workflow with its template steps', async () => {
    const { api_key } = await connectedWorkspace();
    const { status, body } = await postWorkflow(api_key, { template: TEMPLATE, name: 'Altas de proveedores' });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7/),
      name: 'Altas de proveedores',
      template: TEMPLATE,
      steps: [
        { name: 'silo.status.processing' },
        { name: 'gov-ar.register' },
        { name: 'gov-ar.wait.authorization' },
        { name: 'silo.status.registered' },
      ],
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
    });
    expect(body.webhook).toBeUndefined();
  });

  it('gives a default name and puts the webhook step before the wait', async () => {
    const { api_key } = await connectedWorkspace();
    const { body } = await postWorkflow(api_key, {
      template: TEMPLATE,
      webhook: { url: 'https://hooks.example.com/ar' },
    });
    expect(body.name).toEqual(expect.any(String));
    expect(body.name.length).toBeGreaterThan(0);
    expect(body.steps.map((s: { name: string }) => s.name)).toEqual([
      'silo.status.processing',
      'gov-ar.register',
      'webhook.send',
      'gov-ar.wait.authorization',
      'silo.status.registered',
    ]);
  });

  it('needs the Argentina app connected', async () => {
    const { api_key } = await createWorkspace();
    const { status, body } = await postWorkflow(api_key, { template: TEMPLATE });
    expect(status).toBe(409);
    expect(body).toEqual({ code: 'app_not_connected', message: expect.any(String) });
  });

  it.each([
    ['an unknown template', { template: 'ar-supplier-deregistration' }, 'template'],
    ['no template', { name: 'x' }, 'template'],
    ['an unknown top-level field', { template: TEMPLATE, colour: 'red' }, 'colour'],
    [
      'an unknown webhook field',
      { template: TEMPLATE, webhook: { url: 'https://example.com/h', events: ['x'] } },
      'webhook.events',
    ],
    ['a webhook without url', { template: TEMPLATE, webhook: {} }, 'webhook.url'],
    [
      'a webhook URL that is not http(s)',
      { template: TEMPLATE, webhook: { url: 'ftp://example.com/h' } },
      'webhook.url',
    ],
    ['a webhook URL that is not a URL', { template: TEMPLATE, webhook: { url: 'not a url' } }, 'webhook.url'],
    [
      'a secret without the whsec_ prefix',
      { template: TEMPLATE, webhook: { url: 'https://example.com/h', secret: 'hunter2' } },
      'webhook.secret',
    ],
    [
      'a secret of too few bytes',
      {
        template: TEMPLATE,
        webhook: { url: 'https://example.com/h', secret: `whsec_${Buffer.alloc(8).toString('base64')}` },
      },
      'webhook.secret',
    ],
    ['an empty name', { template: TEMPLATE, name: '' }, 'name'],
  ])('answers 422 naming the field for %s', async (_case, body, field) => {
    const { api_key } = await connectedWorkspace();
    const { status, body: error } = await postWorkflow(api_key, body);
    expect(status).toBe(422);
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields)).toContain(field);
  });

  it('needs a valid bearer token', async () => {
    const none = await call(workflowsRoute.POST, { body: { template: TEMPLATE } });
    const wrong = await call(workflowsRoute.POST, { token: 'sk_test_nope', body: { template: TEMPLATE } });
    expect([none.status, wrong.status]).toEqual([401, 401]);
  });
});

describe('webhook secrets', () => {
  it('generates a whsec_ secret, shows it once, and never again', async () => {
    const { api_key } = await connectedWorkspace();
    const created = await postWorkflow(api_key, {
      template: TEMPLATE,
      webhook: { url: 'https://hooks.example.com/ar' },
    });
    expect(created.status).toBe(201);
    const secret: string = created.body.webhook.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    const bytes = Buffer.from(secret.slice('whsec_'.length), 'base64').length;
    expect(bytes).toBeGreaterThanOrEqual(24);
    expect(bytes).toBeLessThanOrEqual(64);
    expect(created.body.webhook.url).toBe('https://hooks.example.com/ar');

    const fetched = await getWorkflow(api_key, created.body.id);
    expect(fetched.status).toBe(200);
    expect(fetched.body.webhook).toEqual({ url: 'https://hooks.example.com/ar' });
    expect(JSON.stringify(fetched.body)).not.toContain(secret);
    const listed = await call(workflowsRoute.GET, { token: api_key });
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(JSON.stringify(listed.body)).not.toContain('whsec_');
  });

  it('generates a different secret per workflow', async () => {
    const { api_key } = await connectedWorkspace();
    const webhook = { url: 'https://hooks.example.com/ar' };
    const a = await postWorkflow(api_key, { template: TEMPLATE, webhook });
    const b = await postWorkflow(api_key, { template: TEMPLATE, webhook });
    expect(a.body.webhook.secret).not.toBe(b.body.webhook.secret);
  });

  it('does not echo a secret the integrator gave', async () => {
    const { api_key } = await connectedWorkspace();
    const created = await postWorkflow(api_key, {
      template: TEMPLATE,
      webhook: { url: 'https://hooks.example.com/ar', secret: GIVEN_SECRET },
    });
    expect(created.status).toBe(201);
    expect(created.body.webhook).toEqual({ url: 'https://hooks.example.com/ar' });
    expect(JSON.stringify(created.body)).not.toContain(GIVEN_SECRET.slice(6));
    const fetched = await getWorkflow(api_key, created.body.id);
    expect(JSON.stringify(fetched.body)).not.toContain(GIVEN_SECRET.slice(6));
  });
});

describe('webhook URLs without WEBHOOK_ALLOW_PRIVATE', () => {
  const saved = process.env.WEBHOOK_ALLOW_PRIVATE;
  afterEach(() => {
    if (saved === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE;
    else process.env.WEBHOOK_ALLOW_PRIVATE = saved;
  });

  it.each([
    ['plain http', 'http://hooks.example.com/ar'],
    ['loopback', 'https://127.0.0.1/hook'],
    ['loopback in decimal', 'https://2130706433/hook'],
    ['a private network', 'https://10.1.2.3/hook'],
    ['a home network', 'https://192.168.1.10/hook'],
    ['link-local metadata', 'https://169.254.169.254/latest/meta-data'],
    ['IPv6 loopback', 'https://[::1]/hook'],
    ['IPv4-mapped IPv6 loopback', 'https://[::ffff:127.0.0.1]/hook'],
    ['IPv4-compatible IPv6 loopback', 'https://[::7f00:1]/'],
    ['6to4 around a private address', 'https://[2002:a00:1::]/hook'],
    ['NAT64 around link-local metadata', 'https://[64:ff9b::a9fe:a9fe]/hook'],
    ['IPv6 unique local', 'https://[fd00::1]/hook'],
    ['localhost', 'https://localhost/hook'],
  ])('refuses %s with 422 on webhook.url', async (_case, url) => {
    const { api_key } = await connectedWorkspace();
    process.env.WEBHOOK_ALLOW_PRIVATE = '0';
    const { status, body } = await postWorkflow(api_key, { template: TEMPLATE, webhook: { url } });
    expect(status).toBe(422);
    expect(body.code).toBe('validation_failed');
    expect(Object.keys(body.fields)).toEqual(['webhook.url']);
  });

  it('accepts a public https URL', async () => {
    const { api_key } = await connectedWorkspace();
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    const { status } = await postWorkflow(api_key, {
      template: TEMPLATE,
      webhook: { url: 'https://hooks.example.com/ar' },
    });
    expect(status).toBe(201);
  });

  it('accepts http on a private address when WEBHOOK_ALLOW_PRIVATE=1', async () => {
    const { api_key } = await connectedWorkspace();
    process.env.WEBHOOK_ALLOW_PRIVATE = '1';
    const { status } = await postWorkflow(api_key, { template: TEMPLATE, webhook: { url: 'http://127.0.0.1:9/hook' } });
    expect(status).toBe(201);
  });
});

describe('GET /transform/v1/workflows', () => {
  it('fetches one workflow as it was created', async () => {
    const { apiKey, workflow } = await readyWorkspace();
    const { status, body } = await getWorkflow(apiKey, workflow.id);
    expect(status).toBe(200);
    expect(body).toEqual(workflow);
  });

  it("hides another workspace's workflow", async () => {
    const mine = await readyWorkspace();
    const theirs = await connectedWorkspace();
    const { status, body } = await getWorkflow(theirs.api_key, mine.workflow.id);
    expect(status).toBe(404);
    expect(body.code).toBe('workflow_not_found');
  });

  it.each([['not-a-uuid'], [newId()], ['00000000-0000-0000-0000-000000000000']])(
    'answers 404 for the id %s',
    async (id) => {
      const { apiKey } = await readyWorkspace();
      const { status, body } = await getWorkflow(apiKey, id);
      expect(status).toBe(404);
      expect(body.code).toBe('workflow_not_found');
    },
  );

  it("lists newest first across pages, only this workspace's", async () => {
    const { api_key } = await connectedWorkspace();
    const other = await connectedWorkspace();
    await createRegistrationWorkflow(other.api_key);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createRegistrationWorkflow(api_key, { name: `wf ${i}` })).id);
    const first = await call(workflowsRoute.GET, { token: api_key, query: { limit: '2' } });
    const second = await call(workflowsRoute.GET, {
      token: api_key,
      query: { limit: '2', cursor: first.body.next_cursor },
    });
    const third = await call(workflowsRoute.GET, {
      token: api_key,
      query: { limit: '2', cursor: second.body.next_cursor },
    });
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    const seen = [...first.body.list, ...second.body.list, ...third.body.list].map((w: { id: string }) => w.id);
    expect(seen).toEqual([...ids].reverse());
    expect(first.body.limit).toBe(2);
    expect(third.body.list).toHaveLength(1);
    expect(third.body.next_cursor).toBeUndefined();
  });

  it('lists with the default limit', async () => {
    const { api_key } = await connectedWorkspace();
    const only = await createRegistrationWorkflow(api_key);
    const { status, body } = await call(workflowsRoute.GET, { token: api_key });
    expect(status).toBe(200);
    expect(body).toEqual({ list: [only], limit: 20 });
  });

  it.each([
    [{ cursor: 'garbage' }, 'invalid_cursor'],
    [{ limit: '0' }, 'invalid_parameter'],
    [{ limit: '101' }, 'invalid_parameter'],
  ])('answers 400 for the query %o', async (query, code) => {
    const { api_key } = await connectedWorkspace();
    const { status, body } = await call(workflowsRoute.GET, { token: api_key, query });
    expect(status).toBe(400);
    expect(body.code).toBe(code);
  });
});
