// Invoices through the real silo handlers, for suppliers registered through the real wizard service
// against the emulated authority: a registered supplier, an invoice document, storing and listing.
import { prepareArcaInvoice } from '@/lib/ar/arca/prepare';
import { expect } from 'vitest';
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

export const INVOICE_SCHEMA = 'https://gobl.org/draft-0/bill/invoice';
export const ENVELOPE_SCHEMA = 'https://gobl.org/draft-0/envelope';

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

/** The customer each letter needs under GOBL's Argentina rules (B needs none: a final consumer). */
const CUSTOMER_FOR_LETTER: Record<string, Record<string, unknown>> = {
  A: {
    name: 'Cliente Responsable Inscripto S.A.',
    tax_id: { country: 'AR', code: '30500010912' },
    ext: { 'ar-arca-vat-status': '1' },
  },
  M: {
    name: 'Cliente Responsable Inscripto S.A.',
    tax_id: { country: 'AR', code: '30500010912' },
    ext: { 'ar-arca-vat-status': '1' },
  },
  C: {
    name: 'Consumidor Final',
    identities: [{ code: '25123456', ext: { 'ar-arca-identity-type': '96' } }],
    ext: { 'ar-arca-vat-status': '5' },
  },
  E: { name: 'Importadora del Norte LLC', tax_id: { country: 'US' }, ext: { 'ar-arca-vat-status': '9' } },
  T: {
    name: 'Turista',
    identities: [{ code: 'AB123456', ext: { 'ar-arca-identity-type': '94' } }],
    ext: { 'ar-arca-vat-status': '9' },
  },
};

/** A bare GOBL bill/invoice document by this supplier, valid under GOBL's Argentina rules for its letter (B by default). */
export function invoiceDoc(cuit: string, overrides: Record<string, unknown> = {}) {
  const letter = (overrides.tax as { ext?: Record<string, string> } | undefined)?.ext?.['ar-arca-doc-letter'] ?? 'B';
  const customer = CUSTOMER_FOR_LETTER[letter];
  return {
    $schema: INVOICE_SCHEMA,
    series: '1',
    code: '00000001',
    issue_date: '2026-03-02',
    supplier: { name: 'Proveedor de Prueba S.A.', tax_id: { country: 'AR', code: cuit } },
    ...(customer ? { customer } : {}),
    lines: [
      {
        i: 1,
        quantity: '2',
        item: { name: 'Tornillos', price: '100.00', key: 'goods' },
        // Monotributistas (C) charge no VAT on lines.
        ...(letter === 'C' ? {} : { taxes: [{ cat: 'VAT', rate: 'general' }] }),
      },
    ],
    ...overrides,
  };
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
