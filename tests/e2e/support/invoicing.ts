// The integrator's invoicing over the HTTP API of the server under test: a supplier registered for real
// (our request, the emulator portal's certificate and wsfe authorisation, the upload), and invoices of it
// stored as GOBL documents, to issue from the console.
import { E2E_BASE_URL } from '@/tests/e2e/support/server';
import { authorizeService, issueCertificate } from '@/tests/e2e/support/arca-portal';
import {
  getEntry,
  openRegistration,
  requestCsr,
  type RegistrationLink,
  type Workspace,
} from '@/tests/e2e/support/integrator';

/** Today in Argentina (UTC−3), as the authority dates vouchers; `offsetDays` moves it. */
export const argentinaDate = (offsetDays = 0) =>
  new Date(Date.now() - 3 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function waitForStatus(workspace: Workspace, entryId: string, status: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await getEntry(workspace, entryId)).status === status) return;
    if (Date.now() > deadline) throw new Error(`entry ${entryId} is not ${status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A supplier Registered through its link, as a supplier would finish it (sandbox). */
export async function registeredSupplier(
  workspace: Workspace,
  options: { name?: string; cuit?: string } = {},
): Promise<RegistrationLink> {
  const link = await openRegistration(workspace, options);
  const { alias, csr } = await requestCsr(link.ref);
  const certificate = await issueCertificate(workspace.environment, alias, csr);
  await authorizeService(workspace.environment, link.cuit, alias, 'wsfe');
  const form = new FormData();
  form.set('certificate', certificate);
  const response = await fetch(`${E2E_BASE_URL}/gov-ar/v1/registrations/${link.ref}/certificate`, {
    method: 'POST',
    body: form,
  });
  if (response.status !== 200) throw new Error(`the upload answered ${response.status}: ${await response.text()}`);
  await waitForStatus(workspace, link.entryId, 'Registered');
  return link;
}

/** Stores a B invoice to a final consumer (two screws at 100 plus 21% VAT: 242) on a point of sale; its entry id. */
export async function storeInvoice(
  workspace: Workspace,
  cuit: string,
  options: { series?: string; issueDate?: string } = {},
): Promise<string> {
  const response = await fetch(`${E2E_BASE_URL}/silo/v1/entries`, {
    method: 'POST',
    headers: { authorization: `Bearer ${workspace.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      folder: 'invoices',
      data: {
        $schema: 'https://gobl.org/draft-0/bill/invoice',
        series: options.series ?? '1',
        issue_date: options.issueDate ?? argentinaDate(),
        supplier: { name: 'Proveedor de Prueba S.A.', tax_id: { country: 'AR', code: cuit } },
        lines: [
          {
            i: 1,
            quantity: '2',
            item: { name: 'Tornillos', price: '100.00', key: 'goods' },
            taxes: [{ cat: 'VAT', rate: 'general' }],
          },
        ],
      },
    }),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`storing the invoice answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { id: string }).id;
}

/** Issues a stored invoice through the API (an ar-invoice workflow, then its job with ?wait=): Sent, or it throws. */
export async function issueThroughApi(workspace: Workspace, entryId: string): Promise<void> {
  const call = async (path: string, body: unknown) => {
    const response = await fetch(`${E2E_BASE_URL}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${workspace.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const workflow = await call('/transform/v1/workflows', { template: 'ar-invoice' });
  if (workflow.status !== 201)
    throw new Error(`the workflow answered ${workflow.status}: ${JSON.stringify(workflow.body)}`);
  const job = await call('/transform/v1/jobs?wait=30', { workflow_id: workflow.body.id, silo_entry_id: entryId });
  if (job.status !== 200 || job.body.entry_status !== 'Sent') {
    throw new Error(`issuing answered ${job.status}: ${JSON.stringify(job.body)}`);
  }
}
