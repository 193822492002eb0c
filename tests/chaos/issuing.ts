// An integrator's issuing under chaos: each invoice stored by `PUT /silo/v1/entries/{id}` and given a job by
// `PUT /transform/v1/jobs/{id}`, both with ids the client chose, so that a call made again after its process
// died creates nothing twice. And the dangerous path: an invoice whose job failed issued again, a while
// later, by a new job on the same entry.
import { newId } from '@/lib/ids';
import type { Answer } from '@/tests/bench/http';
import { invoiceDocument, type PlannedInvoice } from '@/tests/chaos/invoice-plan';
import type { Chance } from '@/tests/chaos/random';
import type { ResilientApi } from '@/tests/chaos/resilient-api';
import { CHAOS_CUIT, type ChaosWorkspace } from '@/tests/chaos/suppliers';

const refusal = (what: string, answer: Answer) => `${what}: ${answer.status} ${answer.body?.code ?? ''}`.trim();

/** Stores the invoice and starts its job; what was refused is noted on the invoice. */
export async function issueInvoice(client: ResilientApi, workspace: ChaosWorkspace, invoice: PlannedInvoice) {
  const token = workspace.apiKey;
  const stored = await client.call('PUT', `/silo/v1/entries/${invoice.entryId}`, {
    token,
    body: { folder: 'invoices', data: invoiceDocument(invoice, CHAOS_CUIT) },
  });
  if (stored.status !== 200 && stored.status !== 201) {
    invoice.refusals.push(refusal('store', stored));
    return;
  }
  invoice.stored = true;
  await startJob(client, workspace, invoice);
}

async function startJob(client: ResilientApi, workspace: ChaosWorkspace, invoice: PlannedInvoice) {
  const jobId = newId();
  const job = await client.call('PUT', `/transform/v1/jobs/${jobId}`, {
    token: workspace.apiKey,
    body: { workflow_id: workspace.invoiceWorkflowId, silo_entry_id: invoice.entryId },
  });
  if (job.status === 200 || job.status === 202) invoice.jobIds.push(jobId);
  else invoice.refusals.push(refusal('job', job));
}

/** A late invoice refused for its date is corrected in place to today's (PUT of its entry); whether it took. */
async function correctDate(client: ResilientApi, workspace: ChaosWorkspace, invoice: PlannedInvoice) {
  invoice.corrected = true;
  const stored = await client.call('PUT', `/silo/v1/entries/${invoice.entryId}`, {
    token: workspace.apiKey,
    body: { folder: 'invoices', data: invoiceDocument(invoice, CHAOS_CUIT) },
  });
  if (stored.status === 200 || stored.status === 201) return true;
  invoice.refusals.push(refusal('correction', stored));
  return false;
}

export interface EntrySummary {
  id: string;
  status: string;
  data: any;
  meta: { src: string; key: string; value?: unknown }[];
}

/** Every invoice entry of the workspace, page by page. */
export async function listInvoices(client: ResilientApi, workspace: ChaosWorkspace): Promise<EntrySummary[]> {
  const entries: EntrySummary[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.call(
      'GET',
      `/silo/v1/entries?folder=invoices&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { token: workspace.apiKey },
    );
    if (page.status !== 200) throw new Error(`list invoices: ${page.status} ${JSON.stringify(page.body)}`);
    entries.push(...page.body.list);
    cursor = page.body.next_cursor;
  } while (cursor);
  return entries;
}

/** At most this many jobs (made or refused) per invoice: the first and two more after failures. */
const MAX_JOBS = 3;

/**
 * One look at the invoices in Error: each is issued again by a new job with probability `p` (the first
 * look that decides so), unless it had its jobs already. Returns how many were issued again.
 */
export async function reissueFailed(
  client: ResilientApi,
  workspaces: ChaosWorkspace[],
  invoices: PlannedInvoice[],
  chance: Chance,
  p: number,
): Promise<number> {
  const byId = new Map(invoices.map((invoice) => [invoice.entryId, invoice]));
  let reissued = 0;
  for (const [index, workspace] of workspaces.entries()) {
    const failed = (await listInvoices(client, workspace))
      .filter((entry) => entry.status === 'Error')
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    for (const entry of failed) {
      const invoice = byId.get(entry.id);
      const tries = (invoice?.jobIds.length ?? 0) + (invoice?.refusals.length ?? 0);
      if (!invoice || invoice.workspace !== index || tries >= MAX_JOBS || !chance.chance(p)) continue;
      if (invoice.late && !invoice.corrected && !(await correctDate(client, workspace, invoice))) continue;
      await startJob(client, workspace, invoice);
      reissued++;
    }
  }
  return reissued;
}
