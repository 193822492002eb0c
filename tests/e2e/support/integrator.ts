// The integrator's side, over the HTTP API of the server under test: a workspace (sandbox or live) with
// the Argentina app connected and a registration workflow, then per test a fresh supplier, its
// registration job and the link the job creates.
import { randomInt } from 'node:crypto';
import { withCheckDigit } from '@/lib/ar/cuit';
import { E2E_ADMIN_TOKEN, E2E_BASE_URL } from '@/tests/e2e/support/server';

export type Environment = 'sandbox' | 'live';

export interface Workspace {
  ownerId: string;
  apiKey: string;
  environment: Environment;
  workflowId: string;
}

export interface RegistrationLink {
  ref: string;
  /** The link as the integrator sends it (`{REGISTRATION_URL}/reg/<ref>`). */
  url: string;
  /** The wizard's path on the server under test, for page.goto. */
  path: string;
  entryId: string;
  jobId: string;
  cuit: string;
  name: string;
}

export interface CompanyData {
  legal_name: string;
  fiscal_address: string;
  activity_code: string;
  tax_classification: 'responsable_inscripto' | 'monotributista';
}

/** A valid CUIT (check digit included) that no other test uses. */
export function newCuit(prefix: '20' | '27' | '30' | '33' = '30'): string {
  for (;;) {
    const cuit = withCheckDigit(`${prefix}${String(randomInt(10_000_000, 99_999_999))}`);
    if (cuit) return cuit;
  }
}

async function api<T = any>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; expect?: number } = {},
): Promise<T> {
  const response = await fetch(`${E2E_BASE_URL}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const expected = options.expect ?? (method === 'GET' ? 200 : 201);
  if (response.status !== expected) {
    throw new Error(`${method} ${path} answered ${response.status} (expected ${expected}): ${text}`);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A workspace as the operator makes it (admin token): nothing connected, no workflow; its API key. */
export async function createBareWorkspace(options: { environment?: Environment; name?: string } = {}) {
  const environment = options.environment ?? 'sandbox';
  const workspace = await api<{ owner_id: string; api_key: string }>('POST', '/access/v1/workspaces', {
    token: E2E_ADMIN_TOKEN,
    body: { name: options.name ?? `E2E ${environment}`, sandbox: environment === 'sandbox' },
  });
  return { ownerId: workspace.owner_id, apiKey: workspace.api_key, environment };
}

/** A workspace ready to register suppliers: created with the admin token, gov-ar connected, one workflow. */
export async function createWorkspace(
  options: { environment?: Environment; allowedOrigins?: string[]; name?: string } = {},
): Promise<Workspace> {
  const ready = await createBareWorkspace(options);
  await api('POST', '/access/v1/apps/gov-ar/connect', { token: ready.apiKey, expect: 200 });
  return { ...ready, workflowId: await createWorkflow(ready, { allowedOrigins: options.allowedOrigins }) };
}

/** A supplier entry (status Empty) and its id. */
export async function createSupplier(
  workspace: Pick<Workspace, 'apiKey'>,
  name: string,
  cuit = newCuit(),
  party: Record<string, unknown> = {},
): Promise<string> {
  const entry = await api<{ id: string }>('POST', '/silo/v1/entries', {
    token: workspace.apiKey,
    body: { folder: 'suppliers', data: { ...party, name, tax_id: { country: 'AR', code: cuit } } },
  });
  return entry.id;
}

/** Another registration workflow in the workspace (for instance with other allowed origins). */
export async function createWorkflow(
  workspace: Pick<Workspace, 'apiKey'>,
  options: { allowedOrigins?: string[] } = {},
): Promise<string> {
  const workflow = await api<{ id: string }>('POST', '/transform/v1/workflows', {
    token: workspace.apiKey,
    body: {
      template: 'ar-supplier-registration',
      ...(options.allowedOrigins ? { allowed_origins: options.allowedOrigins } : {}),
    },
  });
  return workflow.id;
}

/** A registration job for a supplier (the workspace's workflow unless told another). */
export const startJob = (workspace: Workspace, entryId: string, workflowId = workspace.workflowId) =>
  api<{ id: string }>('POST', '/transform/v1/jobs', {
    token: workspace.apiKey,
    body: { workflow_id: workflowId, silo_entry_id: entryId },
    expect: 202,
  });

/** A new supplier, its registration job, and the link once the job has made it. */
export async function openRegistration(
  workspace: Workspace,
  /** `party`: more GOBL party fields for the entry (addresses, emails, ...). */
  options: { name?: string; cuit?: string; workflowId?: string; party?: Record<string, unknown> } = {},
): Promise<RegistrationLink> {
  const cuit = options.cuit ?? newCuit();
  const name = options.name ?? `Proveedor de Prueba ${cuit.slice(2, 6)} S.A.`;
  const entryId = await createSupplier(workspace, name, cuit, options.party);
  const job = await startJob(workspace, entryId, options.workflowId);
  const link = await waitForLink(workspace, entryId);
  return { ref: link.ref, url: link.link_url, path: `/reg/${link.ref}`, entryId, jobId: job.id, cuit, name };
}

interface MetaRecord {
  src: string;
  key: string;
  ref: string;
  link_url: string;
  value?: any;
}

/** The entry's gov-ar link meta record, which the job's register step adds (the runner polls every second). */
async function waitForLink(
  workspace: Pick<Workspace, 'apiKey'>,
  entryId: string,
  timeoutMs = 15_000,
): Promise<MetaRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const entry = await getEntry(workspace, entryId);
    const link = entry.meta.filter((meta) => meta.src === 'gov-ar' && meta.key === 'link').at(-1);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no registration link on entry ${entryId} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export const getEntry = (workspace: Pick<Workspace, 'apiKey'>, entryId: string) =>
  api<{ id: string; status: string; meta: MetaRecord[] }>('GET', `/silo/v1/entries/${entryId}`, {
    token: workspace.apiKey,
  });

/** What the wizard's own service says about a link (public: the ref is the capability). */
export const getRegistration = (ref: string) =>
  api<{
    step: string;
    progress: { step: string; company?: CompanyData; path?: string };
    csr?: { alias: string; csr: string };
  }>('GET', `/gov-ar/v1/registrations/${ref}`);

/** What the wizard does on its path step (the generated key and request), for tests that start further on. */
export const requestCsr = (ref: string) =>
  api<{ alias: string; csr: string }>('POST', `/gov-ar/v1/registrations/${ref}/csr`, { expect: 200 });

/** What the wizard saves when the supplier moves on, for tests that start further on. */
export const saveProgress = (ref: string, body: { step: string; company?: CompanyData; path?: 'generate' | 'own' }) =>
  api('PUT', `/gov-ar/v1/registrations/${ref}/progress`, { body, expect: 200 });
