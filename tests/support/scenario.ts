// Builds the usual state through the real route handlers: a workspace, the Argentina app connected,
// a registration workflow, suppliers and jobs.
import { expect } from 'vitest';
import * as workspacesRoute from '@/app/access/v1/workspaces/route';
import * as connectRoute from '@/app/access/v1/apps/[app_id]/connect/route';
import * as workflowsRoute from '@/app/transform/v1/workflows/route';
import * as entriesRoute from '@/app/silo/v1/entries/route';
import * as entryRoute from '@/app/silo/v1/entries/[id]/route';
import * as jobsRoute from '@/app/transform/v1/jobs/route';
import * as jobRoute from '@/app/transform/v1/jobs/[id]/route';
import { withCheckDigit } from '@/lib/ar/cuit';
import { call } from '@/tests/support/call';

let supplierCounter = 0;

/** A valid CUIT not used before in this test file. */
export function freshCuit(prefix = '30'): string {
  for (;;) {
    supplierCounter++;
    const cuit = withCheckDigit(`${prefix}${String(71_000_000 + supplierCounter * 7).padStart(8, '0')}`);
    if (cuit) return cuit;
  }
}

export async function createWorkspace(options: { sandbox?: boolean; name?: string } = {}) {
  const { status, body } = await call(workspacesRoute.POST, {
    token: process.env.ADMIN_TOKEN,
    body: { name: options.name ?? 'Test workspace', sandbox: options.sandbox ?? true },
  });
  expect(status).toBe(201);
  return body as { owner_id: string; name: string; sandbox: boolean; api_key: string };
}

export async function connectArgentina(apiKey: string) {
  const { status, body } = await call(connectRoute.POST, { token: apiKey, params: { app_id: 'gov-ar' } });
  expect(status).toBe(200);
  return body;
}

export async function createRegistrationWorkflow(apiKey: string, extra: Record<string, unknown> = {}) {
  const { status, body } = await call(workflowsRoute.POST, {
    token: apiKey,
    body: { template: 'ar-supplier-registration', ...extra },
  });
  expect(status).toBe(201);
  return body;
}

export async function createSupplier(apiKey: string, data: Record<string, unknown> = {}) {
  const { status, body } = await call(entriesRoute.POST, {
    token: apiKey,
    body: {
      folder: 'suppliers',
      data: { name: 'Proveedor de Prueba S.A.', tax_id: { country: 'AR', code: freshCuit() }, ...data },
    },
  });
  expect(status).toBe(201);
  return body;
}

export async function startJob(apiKey: string, workflowId: string, entryId: string) {
  return call(jobsRoute.POST, { token: apiKey, body: { workflow_id: workflowId, silo_entry_id: entryId } });
}

export const getJob = (apiKey: string, id: string) => call(jobRoute.GET, { token: apiKey, params: { id } });
export const getEntry = (apiKey: string, id: string) => call(entryRoute.GET, { token: apiKey, params: { id } });

/** A workspace ready to register suppliers. */
export async function readyWorkspace(options: { sandbox?: boolean; webhook?: Record<string, unknown> } = {}) {
  const workspace = await createWorkspace(options);
  await connectArgentina(workspace.api_key);
  const workflow = await createRegistrationWorkflow(
    workspace.api_key,
    options.webhook ? { webhook: options.webhook } : {},
  );
  return { ...workspace, apiKey: workspace.api_key, workflow };
}
