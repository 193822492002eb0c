// The suppliers of a chaos pass: two sandbox workspaces that each register the SAME CUIT through the
// wizard's link, each with its own key and certificate from the emulator's portal, and an `ar-invoice`
// workflow each, in contingency (issued under the CUIT's CAEA, on its CAEA point of sale, when WSFEv1 does not
// answer within a few seconds). Also the lapse of one workspace's certificate and its renewal: the certificate is revoked
// at the authority's portal (a lapse by the calendar would take its validity's end to pass; revocation is
// the lapse the authority enforces at once: its WSAA refuses every new login with it), then a renewal
// registration on the same supplier entry uploads a new certificate. A WSAA ticket issued before the
// revocation stays valid for its 12 hours, as at the authority, so within a run the lapse mostly tests the
// switch to the new credential under load, and refuses invoices only where a new login was needed.
import { api, expectStatus } from '@/tests/bench/http';
import { benchCuits, createWorkspace, openLink } from '@/tests/bench/registrations';
import type { ResilientApi } from '@/tests/chaos/resilient-api';
import { makeCsr, pkcs8Pem, testKey } from '@/tests/support/pki';

export interface ChaosWorkspace {
  label: string;
  apiKey: string;
  registrationWorkflowId: string;
  invoiceWorkflowId: string;
  supplierEntryId: string;
  certificatePem: string;
}

/** A company CUIT apart from the bench's (30-7410000x-y): each pass has an authority of its own anyway. */
export const CHAOS_CUIT = benchCuits(1, 2_100_000)[0]!;
const SUPPLIER_NAME = 'Distribuidora Caos S.A.';
const ENVIRONMENT = 'sandbox';

/** The CUIT's CAEA point of sale (contingency), registered at the portal before the workspaces. */
export const CAEA_POINT_OF_SALE = 90;
/** How long an invoice waits for WSFEv1 before it is issued under the CAEA: short, so outages reach it. */
export const CONTINGENCY_PATIENCE_SECONDS = 5;

/** The letters the supplier issues: A and B through WSFEv1, exports (E) through WSFEX, tourism (T) through WSCT. */
const INVOICE_TYPES = ['A', 'B', 'E', 'T'];
const SERVICES = ['wsfe', 'wsfex', 'wsct'];

/** What the supplier does at the authority's portal: a certificate for its key, and each service for its alias. */
async function certificateAtPortal(emulatorUrl: string, alias: string, slot: string) {
  const key = testKey('rsa', { slot });
  const csr = makeCsr({ key, cuit: CHAOS_CUIT, alias, organization: SUPPLIER_NAME }).pem;
  const portal = (resource: string, body: unknown, status: number) =>
    expectStatus(api(`${emulatorUrl}/emulator/portal/${resource}`, { body }), status, `portal ${resource}`);
  const { certificate } = await portal('certificates', { environment: ENVIRONMENT, alias, csr }, 200);
  for (const service of SERVICES)
    await portal('authorizations', { environment: ENVIRONMENT, cuit: CHAOS_CUIT, alias, service }, 201);
  return { certificatePem: certificate as string, keyPem: pkcs8Pem(key) };
}

function certificateForm(certificatePem: string, keyPem: string): FormData {
  const form = new FormData();
  form.set('certificate', new Blob([certificatePem]), 'certificado.crt');
  form.set('key', new Blob([keyPem]), 'clave.key');
  return form;
}

/** A workspace with the supplier Registered and an invoice workflow, before any chaos starts. */
export async function registeredWorkspace(appUrl: string, emulatorUrl: string, label: string): Promise<ChaosWorkspace> {
  const workspace = await createWorkspace(appUrl, INVOICE_TYPES);
  const { certificatePem, keyPem } = await certificateAtPortal(emulatorUrl, `chaos-${label}`, `chaos-${label}`);
  const { entryId, ref } = await openLink(appUrl, workspace, { name: SUPPLIER_NAME, cuit: CHAOS_CUIT });
  const form = certificateForm(certificatePem, keyPem);
  await expectStatus(api(`${appUrl}/gov-ar/v1/registrations/${ref}/certificate`, { form }), 200, `register ${label}`);
  const invoices = await expectStatus(
    api(`${appUrl}/transform/v1/workflows`, {
      token: workspace.apiKey,
      body: { template: 'ar-invoice', contingency: 'caea', patience_seconds: CONTINGENCY_PATIENCE_SECONDS },
    }),
    201,
    'invoice workflow',
  );
  return {
    label,
    apiKey: workspace.apiKey,
    registrationWorkflowId: workspace.workflowId,
    invoiceWorkflowId: invoices.id,
    supplierEntryId: entryId,
    certificatePem,
  };
}

/** The CUIT's CAEA point of sale, as the supplier registers it at the authority's portal. */
export async function addCaeaPointOfSale(emulatorUrl: string): Promise<void> {
  await expectStatus(
    api(`${emulatorUrl}/emulator/portal/points-of-sale`, {
      body: { environment: ENVIRONMENT, cuit: CHAOS_CUIT, number: CAEA_POINT_OF_SALE, emission: 'CAEA' },
    }),
    201,
    'CAEA point of sale',
  );
}

/** The certificate lapses: the authority's portal revokes it. */
export async function revokeCertificate(emulatorUrl: string, workspace: ChaosWorkspace): Promise<void> {
  await expectStatus(
    api(`${emulatorUrl}/emulator/portal/revocations`, {
      body: { environment: ENVIRONMENT, certificate: workspace.certificatePem },
    }),
    201,
    'revocation',
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type Meta = { src: string; key: string; ref: string };

/**
 * A renewal while processes die and the authority may be down: a registration job on the Registered entry,
 * its new link, the new certificate uploaded (again while the authority is unavailable). An upload whose
 * answer was lost is known by its job, completed.
 */
export async function renewCertificate(
  client: ResilientApi,
  emulatorUrl: string,
  workspace: ChaosWorkspace,
  round: number,
  deadline: number,
): Promise<void> {
  const token = workspace.apiKey;
  const alias = `chaos-${workspace.label}-renewal-${round}`;
  const { certificatePem, keyPem } = await certificateAtPortal(emulatorUrl, alias, alias);
  const entryRoute = `/silo/v1/entries/${workspace.supplierEntryId}`;
  const links = async () =>
    ((await client.call('GET', entryRoute, { token })).body.meta as Meta[]).filter(
      (meta) => meta.src === 'gov-ar' && meta.key === 'link',
    );
  const before = new Set((await links()).map((meta) => meta.ref));
  const jobId = crypto.randomUUID();
  const job = await client.call('PUT', `/transform/v1/jobs/${jobId}`, {
    token,
    body: { workflow_id: workspace.registrationWorkflowId, silo_entry_id: workspace.supplierEntryId },
  });
  if (job.status >= 300) throw new Error(`renewal job: ${job.status} ${JSON.stringify(job.body)}`);
  let ref: string | undefined;
  while (Date.now() < deadline) {
    ref ??= (await links()).find((meta) => !before.has(meta.ref))?.ref;
    if (ref) {
      const form = certificateForm(certificatePem, keyPem);
      const uploaded = await client.call('POST', `/gov-ar/v1/registrations/${ref}/certificate`, { form });
      const jobNow = await client.call('GET', `/transform/v1/jobs/${jobId}`, { token });
      if (uploaded.status === 200 || jobNow.body.status === 'completed') {
        workspace.certificatePem = certificatePem;
        return;
      }
      if (jobNow.body.status === 'failed') throw new Error(`renewal job failed: ${JSON.stringify(jobNow.body.steps)}`);
    }
    await sleep(500);
  }
  throw new Error(`renewal of ${workspace.label}: not done before the deadline`);
}
