// Sandbox registrations driven through the HTTP API. What a supplier does by hand in the authority's
// portal (a CSR with their CUIT, the certificate, the wsfe authorisation) is prepared first, untimed;
// the timed part is ours: entry → job → link → upload → Registered, many suppliers at once.
import { generateKeyPair, type KeyObject } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { withCheckDigit } from '@/lib/ar/cuit';
import { encryptPkcs8Native, makeCsr } from '@/tests/support/pki';
import { ADMIN_TOKEN } from '@/tests/bench/app-server';
import { api, expectStatus, inPool } from '@/tests/bench/http';

export interface Workspace {
  apiKey: string;
  workflowId: string;
}

export interface PreparedSupplier {
  name: string;
  cuit: string;
  certificatePem: string;
}

export interface SupplierKey {
  encryptedPem: string;
  password: string;
}

/** A sandbox workspace with the Argentina app connected and a registration workflow. */
/** A sandbox workspace with the Argentina app and a registration workflow (for `invoiceTypes`, else A, B, C). */
export async function createWorkspace(baseUrl: string, invoiceTypes?: string[]): Promise<Workspace> {
  const workspace = await expectStatus(
    api(`${baseUrl}/access/v1/workspaces`, {
      token: ADMIN_TOKEN,
      body: { name: 'Bench', sandbox: true },
    }),
    201,
    'create workspace',
  );
  const apiKey: string = workspace.api_key;
  await expectStatus(
    api(`${baseUrl}/access/v1/apps/gov-ar/connect`, { method: 'POST', token: apiKey }),
    200,
    'connect gov-ar',
  );
  const workflow = await expectStatus(
    api(`${baseUrl}/transform/v1/workflows`, {
      token: apiKey,
      body: { template: 'ar-supplier-registration', ...(invoiceTypes ? { invoice_types: invoiceTypes } : {}) },
    }),
    201,
    'create workflow',
  );
  return { apiKey, workflowId: workflow.id };
}

/** One RSA-2048 key for every supplier (generation is the slow part, and not ours to time), encrypted as OpenSSL writes it. */
export async function supplierKey(): Promise<SupplierKey & { key: KeyObject }> {
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  const password = 'clave-del-proveedor';
  return { key: privateKey, password, encryptedPem: encryptPkcs8Native(privateKey, password) };
}

/** Valid CUITs (company prefix 30), distinct within the run for distinct `from`s far enough apart. */
export function benchCuits(count: number, from = 0): string[] {
  const cuits: string[] = [];
  for (let n = from; cuits.length < count; n++) {
    const cuit = withCheckDigit(`30${String(72_000_000 + n).padStart(8, '0')}`);
    if (cuit) cuits.push(cuit);
  }
  return cuits;
}

/** The portal work, per supplier: certificate issued from their CSR, wsfe authorised for its alias. */
export async function prepareSuppliers(baseUrl: string, key: KeyObject, count: number): Promise<PreparedSupplier[]> {
  const portal = (resource: string, body: unknown, status: number) =>
    expectStatus(api(`${baseUrl}/emulator/portal/${resource}`, { body }), status, `portal ${resource}`);
  return inPool(benchCuits(count), 8, async (cuit, i) => {
    const name = `Proveedor de Prueba ${i + 1} S.A.`;
    const alias = `bench-${i + 1}`;
    const csr = makeCsr({ key, cuit, alias, organization: name }).pem;
    const { certificate } = await portal('certificates', { environment: 'sandbox', alias, csr }, 200);
    await portal('authorizations', { environment: 'sandbox', cuit, alias, service: 'wsfe' }, 201);
    return { name, cuit, certificatePem: certificate };
  });
}

// How often an integrator's code looks for the link. Every look is an entry read competing with the
// registrations for the one server process, so a tighter loop measures polling rather than registering.
const POLL_MS = 100;
let polls = 0;
/** Entry reads made while waiting for links, since the last call. */
export function takePollCount(): number {
  const count = polls;
  polls = 0;
  return count;
}

/** A supplier entry and its registration job, up to the link appearing; returns the entry id and link ref. */
export async function openLink(baseUrl: string, workspace: Workspace, supplier: { name: string; cuit: string }) {
  const token = workspace.apiKey;
  const entry = await expectStatus(
    api(`${baseUrl}/silo/v1/entries`, {
      token,
      body: { folder: 'suppliers', data: { name: supplier.name, tax_id: { country: 'AR', code: supplier.cuit } } },
    }),
    201,
    'create entry',
  );
  await expectStatus(
    api(`${baseUrl}/transform/v1/jobs`, {
      token,
      body: { workflow_id: workspace.workflowId, silo_entry_id: entry.id },
    }),
    202,
    'create job',
  );
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(POLL_MS)) {
    polls++;
    const { body } = await api(`${baseUrl}/silo/v1/entries/${entry.id}`, { token });
    const link = (body.meta as Array<{ src: string; key: string; ref: string }>).find(
      (m) => m.src === 'gov-ar' && m.key === 'link',
    );
    if (link) return { entryId: entry.id as string, ref: link.ref };
  }
  throw new Error(`no link for entry ${entry.id} within 30 s`);
}

/** One supplier through the wizard to Registered: link, upload of its certificate and key. */
export async function register(baseUrl: string, workspace: Workspace, supplier: PreparedSupplier, key: SupplierKey) {
  const { entryId, ref } = await openLink(baseUrl, workspace, supplier);
  const form = new FormData();
  form.set('certificate', new Blob([supplier.certificatePem]), 'certificado.crt');
  form.set('key', new Blob([key.encryptedPem]), 'clave.key');
  form.set('password', key.password);
  const uploaded = await expectStatus(
    api(`${baseUrl}/gov-ar/v1/registrations/${ref}/certificate`, { form }),
    200,
    'upload',
  );
  if (uploaded.status !== 'Registered') throw new Error(`upload answered ${uploaded.status}`);
  const entry = await expectStatus(
    api(`${baseUrl}/silo/v1/entries/${entryId}`, { token: workspace.apiKey }),
    200,
    'read entry',
  );
  if (entry.status !== 'Registered') throw new Error(`entry ${entryId} is ${entry.status}`);
}

export interface RegistrationRun {
  perSecond: number;
  completed: number;
  seconds: number;
  concurrency: number;
  pollsPerLink: number;
}

export async function measureRegistrations(
  baseUrl: string,
  workspace: Workspace,
  suppliers: PreparedSupplier[],
  key: SupplierKey,
  concurrency: number,
): Promise<RegistrationRun> {
  takePollCount();
  const started = performance.now();
  await inPool(suppliers, concurrency, (supplier) => register(baseUrl, workspace, supplier, key));
  const seconds = (performance.now() - started) / 1000;
  const pollsPerLink = takePollCount() / suppliers.length;
  return { perSecond: suppliers.length / seconds, completed: suppliers.length, seconds, concurrency, pollsPerLink };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
