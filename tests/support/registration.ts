// A supplier's side of a registration, through the real handlers: an open registration link, the
// gov-ar service's calls (multipart upload included) and the emulated authority over HTTP, whose CAs
// are the test PKI's, so tests can issue any certificate they need.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import * as registrationRoute from '@/app/gov-ar/v1/registrations/[ref]/route';
import * as csrRoute from '@/app/gov-ar/v1/registrations/[ref]/csr/route';
import * as certificateRoute from '@/app/gov-ar/v1/registrations/[ref]/certificate/route';
import * as pointsOfSaleRoute from '@/app/gov-ar/v1/registrations/[ref]/points-of-sale/route';
import { drainJobs } from '@/lib/transform/runner';
import { call, resultOf, type CallResult } from '@/tests/support/call';
import { portal } from '@/tests/support/emulator-client';
import { startEmulatorServer, type EmulatorServer } from '@/tests/support/emulator-server';
import { makeCa } from '@/tests/support/pki';
import {
  createRegistrationWorkflow,
  createSupplier,
  getEntry,
  readyWorkspace,
  startJob,
} from '@/tests/support/scenario';

export type Environment = 'sandbox' | 'live';

/** Serves the emulator for this test file, trusting the test PKI's CAs. Returns its base URL getter. */
export function useEmulator(): () => string {
  let server: EmulatorServer | undefined;
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-test-ca-'));
    for (const environment of ['sandbox', 'live'] as const) {
      const ca = makeCa(environment);
      const upper = environment.toUpperCase();
      fs.writeFileSync(path.join(dir, `${environment}.crt`), ca.certificatePem);
      fs.writeFileSync(path.join(dir, `${environment}.key`), ca.keyPem, { mode: 0o600 });
      process.env[`AR_EMULATOR_${upper}_CA_CERT`] = path.join(dir, `${environment}.crt`);
      process.env[`AR_EMULATOR_${upper}_CA_KEY`] = path.join(dir, `${environment}.key`);
    }
    process.env.AR_AUTHORITY = 'emulator';
    server = await startEmulatorServer();
    process.env.AR_EMULATOR_URL = server.url;
  });
  afterAll(async () => {
    await server?.stop();
  });
  return () => server!.url;
}

export interface OpenRegistration {
  apiKey: string;
  ownerId: string;
  workflowId: string;
  entryId: string;
  jobId: string;
  cuit: string;
  ref: string;
  environment: Environment;
}

/** A supplier with a registration job waiting at its link. */
export async function openRegistration(
  options: { environment?: Environment; invoiceTypes?: string[]; name?: string } = {},
): Promise<OpenRegistration> {
  const environment = options.environment ?? 'sandbox';
  const workspace = await readyWorkspace({ sandbox: environment === 'sandbox' });
  const workflow = options.invoiceTypes
    ? await createRegistrationWorkflow(workspace.apiKey, { invoice_types: options.invoiceTypes })
    : workspace.workflow;
  const entry = await createSupplier(workspace.apiKey, options.name ? { name: options.name } : {});
  return startRegistration({
    apiKey: workspace.apiKey,
    ownerId: workspace.owner_id,
    workflowId: workflow.id,
    entryId: entry.id,
    cuit: entry.data.tax_id.code,
    environment,
  });
}

/** A (new) registration job for an existing entry, run to its wait. */
export async function startRegistration(input: {
  apiKey: string;
  ownerId: string;
  workflowId: string;
  entryId: string;
  cuit: string;
  environment: Environment;
}): Promise<OpenRegistration> {
  const job = await startJob(input.apiKey, input.workflowId, input.entryId);
  expect(job.status).toBe(202);
  await drainJobs();
  const { body: entry } = await getEntry(input.apiKey, input.entryId);
  const link = entry.meta.filter((m: { key: string }) => m.key === 'link').at(-1);
  return { ...input, jobId: job.body.id, ref: link.ref };
}

export const getRegistration = (ref: string) => call(registrationRoute.GET, { params: { ref } });
export const requestCsr = (ref: string) => call(csrRoute.POST, { method: 'POST', params: { ref } });
export const getPointsOfSale = (ref: string) => call(pointsOfSaleRoute.GET, { params: { ref } });

export interface UploadFields {
  certificate?: string | Buffer;
  key?: string | Buffer;
  password?: string;
  /** Send certificate and key as pasted text fields rather than files. */
  asText?: boolean;
}

export async function upload(ref: string, fields: UploadFields): Promise<CallResult> {
  const form = new FormData();
  for (const name of ['certificate', 'key'] as const) {
    const value = fields[name];
    if (value === undefined) continue;
    if (fields.asText) form.set(name, value.toString());
    else form.set(name, new Blob([typeof value === 'string' ? value : new Uint8Array(value)]), `${name}.pem`);
  }
  if (fields.password !== undefined) form.set('password', fields.password);
  return postCertificate(ref, form);
}

/** POSTs any body to the upload route: a form with parts of any name, or raw bytes with headers of any kind. */
export async function postCertificate(
  ref: string,
  body: FormData | Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
): Promise<CallResult> {
  const request = new Request(`http://localhost/gov-ar/v1/registrations/${ref}/certificate`, {
    method: 'POST',
    body,
    headers,
  });
  return resultOf(await certificateRoute.POST(request, { params: Promise.resolve({ ref }) }));
}

/** The emulator's portal: authorise a web service for a certificate alias. */
export async function authorizeService(
  baseUrl: string,
  environment: Environment,
  cuit: string,
  alias: string,
  service = 'wsfe',
) {
  const result = await portal(baseUrl, 'authorizations', { environment, cuit, alias, service });
  expect(result.status).toBe(201);
}

export async function issueFromCsr(
  baseUrl: string,
  environment: Environment,
  alias: string,
  csr: string,
): Promise<string> {
  const result = await portal(baseUrl, 'certificates', { environment, alias, csr });
  expect(result.status).toBe(200);
  return result.body.certificate;
}

/** The supplier's whole part for a sandbox or live link: our request, the portal's certificate and authorisation, the upload. */
export async function completeRegistration(
  baseUrl: string,
  registration: { ref: string; cuit: string; environment?: Environment },
) {
  const environment = registration.environment ?? 'sandbox';
  const { body: csr } = await requestCsr(registration.ref);
  await authorizeService(baseUrl, environment, registration.cuit, csr.alias);
  const uploaded = await upload(registration.ref, {
    certificate: await issueFromCsr(baseUrl, environment, csr.alias, csr.csr),
  });
  expect(uploaded.status).toBe(200);
  return uploaded.body.certificate as { alias: string; serial: string; not_after: string; [field: string]: unknown };
}
