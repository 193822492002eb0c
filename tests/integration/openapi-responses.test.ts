// The documented response shapes are the real ones: a workspace, an app, a workflow with a webhook, a
// supplier and a job are made through the route handlers, and every answer (errors included) is held
// against what /openapi.json documents for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as workspacesRoute from '@/app/access/v1/workspaces/route';
import * as appsRoute from '@/app/access/v1/apps/route';
import * as connectRoute from '@/app/access/v1/apps/[app_id]/connect/route';
import * as authorizeRoute from '@/app/access/v1/enrollment/authorize/route';
import * as entriesRoute from '@/app/silo/v1/entries/route';
import * as entryRoute from '@/app/silo/v1/entries/[id]/route';
import * as envelopesRoute from '@/app/silo/v1/envelopes/route';
import * as workflowsRoute from '@/app/transform/v1/workflows/route';
import * as workflowRoute from '@/app/transform/v1/workflows/[id]/route';
import * as jobsRoute from '@/app/transform/v1/jobs/route';
import * as jobRoute from '@/app/transform/v1/jobs/[id]/route';
import * as sessionRoute from '@/app/console/session/route';
import * as pingRoute from '@/app/utils/v1/ping/route';
import { newId } from '@/lib/ids';
import { call } from '@/tests/support/call';
import { expectDocumented } from '@/tests/support/documented';
import { drainAll } from '@/tests/support/outbox';
import { freshCuit } from '@/tests/support/scenario';
import { startWebhookReceiver, type WebhookReceiver } from '@/tests/support/webhook-receiver';

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});

const supplier = () => ({
  folder: 'suppliers',
  data: { name: 'Ferretería El Tornillo S.R.L.', tax_id: { country: 'AR', code: freshCuit() } },
});
/** The console's own page calling: the origin the request goes to. */
const sameOrigin = { origin: 'http://localhost' };

describe('documented response shapes', () => {
  it('access/v1 and the console session', async () => {
    const workspace = await call(workspacesRoute.POST, {
      token: process.env.ADMIN_TOKEN,
      body: { name: 'Acme', sandbox: true },
    });
    expectDocumented('POST /access/v1/workspaces', workspace);
    const token = workspace.body.api_key as string;
    expectDocumented('POST /access/v1/workspaces', await call(workspacesRoute.POST, { body: { name: 'Acme' } }));

    const app = await call(appsRoute.POST, { token, body: { name: 'My ERP' } });
    expectDocumented('POST /access/v1/apps', app);
    expectDocumented('POST /access/v1/apps', await call(appsRoute.POST, { token, body: { name: '' } }));
    expectDocumented(
      'POST /access/v1/apps/{app_id}/connect',
      await call(connectRoute.POST, { token, params: { app_id: app.body.id } }),
    );
    expectDocumented(
      'POST /access/v1/apps/{app_id}/connect',
      await call(connectRoute.POST, { token, params: { app_id: newId() } }),
    );

    const credentials = {
      client_id: app.body.client_id,
      client_secret: app.body.client_secret,
      owner_id: workspace.body.owner_id,
    };
    expectDocumented('POST /access/v1/enrollment/authorize', await call(authorizeRoute.POST, { body: credentials }));
    expectDocumented(
      'POST /access/v1/enrollment/authorize',
      await call(authorizeRoute.POST, { body: { ...credentials, client_secret: 'wrong' } }),
    );

    expectDocumented(
      'POST /console/session',
      await call(sessionRoute.POST, { body: { api_key: token }, headers: sameOrigin }),
    );
    expectDocumented(
      'POST /console/session',
      await call(sessionRoute.POST, { body: { api_key: 'sk_nope' }, headers: sameOrigin }),
    );
    expectDocumented(
      'DELETE /console/session',
      await call(sessionRoute.DELETE, { method: 'DELETE', headers: sameOrigin }),
    );
    expectDocumented(
      'DELETE /console/session',
      await call(sessionRoute.DELETE, { method: 'DELETE', headers: { origin: 'https://elsewhere.example' } }),
    );
    expectDocumented('GET /utils/v1/ping', await call(pingRoute.GET));
  });

  it('silo/v1 and transform/v1, through a registration job with a webhook', async () => {
    const {
      body: { api_key: token },
    } = await call(workspacesRoute.POST, { token: process.env.ADMIN_TOKEN, body: { name: 'Acme' } });
    expectDocumented(
      'POST /transform/v1/workflows',
      await call(workflowsRoute.POST, { token, body: { template: 'ar-supplier-registration' } }),
    );
    await call(connectRoute.POST, { token, params: { app_id: 'gov-ar' } });
    const workflow = await call(workflowsRoute.POST, {
      token,
      body: { template: 'ar-supplier-registration', webhook: { url: receiver.url() } },
    });
    expectDocumented('POST /transform/v1/workflows', workflow);
    expectDocumented('GET /transform/v1/workflows', await call(workflowsRoute.GET, { token, query: { limit: '1' } }));
    expectDocumented(
      'GET /transform/v1/workflows',
      await call(workflowsRoute.GET, { token, query: { cursor: 'not-ours' } }),
    );
    expectDocumented(
      'GET /transform/v1/workflows/{id}',
      await call(workflowRoute.GET, { token, params: { id: workflow.body.id } }),
    );
    expectDocumented(
      'GET /transform/v1/workflows/{id}',
      await call(workflowRoute.GET, { token, params: { id: newId() } }),
    );

    const entry = await call(entriesRoute.POST, { token, body: supplier() });
    expectDocumented('POST /silo/v1/entries', entry);
    expectDocumented(
      'POST /silo/v1/entries',
      await call(entriesRoute.POST, { token, body: { folder: 'suppliers', data: { name: 'X' } } }),
    );
    const id = newId();
    const body = supplier();
    expectDocumented(
      'PUT /silo/v1/entries/{id}',
      await call(entryRoute.PUT, { token, method: 'PUT', params: { id }, body }),
    );
    expectDocumented(
      'PUT /silo/v1/entries/{id}',
      await call(entryRoute.PUT, { token, method: 'PUT', params: { id }, body }),
    );
    expectDocumented(
      'PUT /silo/v1/entries/{id}',
      await call(entryRoute.PUT, { token, method: 'PUT', params: { id }, body: supplier() }),
    );

    const job = await call(jobsRoute.POST, {
      token,
      body: { workflow_id: workflow.body.id, silo_entry_id: entry.body.id },
    });
    expectDocumented('POST /transform/v1/jobs', job);
    expectDocumented(
      'PUT /transform/v1/jobs/{id}',
      await call(jobRoute.PUT, {
        token,
        method: 'PUT',
        params: { id: newId() },
        body: { workflow_id: workflow.body.id, silo_entry_id: id },
      }),
    );
    await drainAll();
    const waiting = await call(jobRoute.GET, { token, params: { id: job.body.id } });
    expectDocumented('GET /transform/v1/jobs/{id}', waiting);
    expect(waiting.body.webhooks[0].attempts, 'a delivery with its attempts was checked').toHaveLength(1);
    expectDocumented('GET /transform/v1/jobs/{id}', await call(jobRoute.GET, { token, params: { id: newId() } }));
    expectDocumented(
      'POST /transform/v1/jobs',
      await call(jobsRoute.POST, { token, body: { workflow_id: workflow.body.id, silo_entry_id: entry.body.id } }),
    );
    expectDocumented(
      'GET /transform/v1/jobs',
      await call(jobsRoute.GET, { token, query: { silo_entry_id: entry.body.id } }),
    );

    // After the job: the entry carries its registration link.
    expectDocumented('GET /silo/v1/entries/{id}', await call(entryRoute.GET, { token, params: { id: entry.body.id } }));
    expectDocumented('GET /silo/v1/entries/{id}', await call(entryRoute.GET, { token, params: { id: newId() } }));
    expectDocumented('GET /silo/v1/entries', await call(entriesRoute.GET, { token, query: { folder: 'suppliers' } }));
    expectDocumented('GET /silo/v1/entries', await call(entriesRoute.GET, { query: { folder: 'suppliers' } }));
    expectDocumented('GET /silo/v1/envelopes', await call(envelopesRoute.GET, { token }));
  });
});
