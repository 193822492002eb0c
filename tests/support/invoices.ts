// Invoices through the real silo handlers, for suppliers registered through the real wizard service
// against the emulated authority: a registered supplier, an invoice document, storing and listing.
import { prepareArcaInvoice } from '@/lib/ar/arca/prepare';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { getDb } from '@/lib/db/client';
import * as entriesRoute from '@/app/silo/v1/entries/route';
import * as entryRoute from '@/app/silo/v1/entries/[id]/route';
import * as envelopesRoute from '@/app/silo/v1/envelopes/route';
import { call } from '@/tests/support/call';
import { portal } from '@/tests/support/emulator-client';
import {
  authorizeService,
  getRegistration,
  issueFromCsr,
  openRegistration,
  requestCsr,
  startRegistration,
  upload,
  type Environment,
  type OpenRegistration,
} from '@/tests/support/registration';
import { createRegistrationWorkflow, createSupplier } from '@/tests/support/scenario';

/** Takes an open registration to Registered: our request, the portal's certificate, every service it needs. */
export async function completeRegistration(
  emulatorUrl: string,
  registration: OpenRegistration,
): Promise<OpenRegistration> {
  const { body: view } = await getRegistration(registration.ref);
  const { body: csr } = await requestCsr(registration.ref);
  const certificate = await issueFromCsr(emulatorUrl, registration.environment, csr.alias, csr.csr);
  for (const service of view.services as string[]) {
    await authorizeService(emulatorUrl, registration.environment, registration.cuit, csr.alias, service);
  }
  const uploaded = await upload(registration.ref, { certificate });
  expect(uploaded.status).toBe(200);
  expect(uploaded.body.status).toBe('Registered');
  return registration;
}

/** A supplier registered through the wizard, in a workspace of its own. */
export async function registeredSupplier(
  emulatorUrl: string,
  options: { environment?: Environment; invoiceTypes?: string[] } = {},
): Promise<OpenRegistration> {
  return completeRegistration(emulatorUrl, await openRegistration(options));
}

/** Another supplier entry for the same CUIT in the same workspace, registered with its own workflow. */
export async function registerAgain(
  emulatorUrl: string,
  first: OpenRegistration,
  invoiceTypes: string[],
): Promise<OpenRegistration> {
  const workflow = await createRegistrationWorkflow(first.apiKey, { invoice_types: invoiceTypes });
  const entry = await createSupplier(first.apiKey, { tax_id: { country: 'AR', code: first.cuit } });
  const registration = await startRegistration({ ...first, workflowId: workflow.id, entryId: entry.id });
  return completeRegistration(emulatorUrl, registration);
}

export async function addPointOfSale(
  emulatorUrl: string,
  environment: Environment,
  cuit: string,
  point: Record<string, unknown>,
) {
  const result = await portal(emulatorUrl, 'points-of-sale', { environment, cuit, ...point });
  expect(result.status).toBe(201);
}

/** What the store keeps of a document: normalised and calculated as GOBL does. */
export function storedDoc(doc: unknown) {
  const prepared = prepareArcaInvoice(doc, { path: 'doc' });
  if (!prepared.ok) throw new Error(`not a valid invoice: ${JSON.stringify(prepared.fields)}`);
  return prepared.doc;
}

export const postInvoice = (apiKey: string, data: unknown, extra: Record<string, unknown> = {}) =>
  call(entriesRoute.POST, { token: apiKey, body: { folder: 'invoices', data, ...extra } });

export const putInvoice = (apiKey: string, id: string, data: unknown) =>
  call(entryRoute.PUT, { method: 'PUT', token: apiKey, params: { id }, body: { folder: 'invoices', data } });

export const getStoredEntry = (apiKey: string, id: string) => call(entryRoute.GET, { token: apiKey, params: { id } });

export const listEnvelopes = (apiKey: string, query: Record<string, string> = {}) =>
  call(envelopesRoute.GET, { token: apiKey, query });

/** How many invoices the workspace has stored. */
export async function countInvoices(ownerId: string): Promise<number> {
  const db = await getDb();
  const result = (await db.execute(
    sql`select count(*)::int as n from entries where owner_id = ${ownerId} and folder = 'invoices'`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}
