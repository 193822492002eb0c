// Issuing invoices through the real handlers against the emulated authority: an `ar-invoice` workflow,
// invoices dated today (the authority takes goods dated within five days), jobs run to their end.
import { expect } from 'vitest';
import * as workflowsRoute from '@/app/transform/v1/workflows/route';
import { drainJobs } from '@/lib/transform/runner';
import { call } from '@/tests/support/call';
import { postInvoice, registeredSupplier } from '@/tests/support/invoices';
import { invoiceDoc } from '@/tests/support/invoice-docs';
import { getEntry, getJob, startJob } from '@/tests/support/scenario';

/** Today in Argentina (UTC−3), as the authority dates its vouchers. */
export const argentinaToday = (offsetDays = 0) =>
  new Date(Date.now() - 3 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

export async function createInvoiceWorkflow(apiKey: string, extra: Record<string, unknown> = {}) {
  const { status, body } = await call(workflowsRoute.POST, {
    token: apiKey,
    body: { template: 'ar-invoice', ...extra },
  });
  expect(status).toBe(201);
  return body as { id: string; steps: { name: string }[]; rescue: { name: string }[] };
}

/** A supplier registered through the wizard in a workspace of its own, with an `ar-invoice` workflow. */
export async function issuingSupplier(emulatorUrl: string) {
  const supplier = await registeredSupplier(emulatorUrl);
  const workflow = await createInvoiceWorkflow(supplier.apiKey);
  return { ...supplier, invoiceWorkflowId: workflow.id };
}

/** Stores an invoice of this supplier dated today (B to a final consumer unless `overrides` say otherwise). */
export async function storeInvoice(apiKey: string, cuit: string, overrides: Record<string, unknown> = {}) {
  const { code: _code, ...doc } = invoiceDoc(cuit, { issue_date: argentinaToday(), ...overrides });
  const stored = await postInvoice(apiKey, doc);
  expect(stored.status, JSON.stringify(stored.body)).toBe(201);
  return stored.body as { id: string; data: { doc: Record<string, unknown> } };
}

/** Starts the invoice's job and runs every runnable step until the job has ended (or `rounds` run out). */
export async function issue(apiKey: string, workflowId: string, entryId: string) {
  const job = await startJob(apiKey, workflowId, entryId);
  expect(job.status, JSON.stringify(job.body)).toBe(202);
  return job.body as { id: string };
}

/** Drains until the jobs have all ended: a step queued behind another runner's batch is woken when it is done. */
export async function runUntilEnded(apiKey: string, jobIds: string[], timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await drainJobs();
    const jobs = await Promise.all(jobIds.map(async (id) => (await getJob(apiKey, id)).body));
    if (jobs.every((job) => job.status === 'completed' || job.status === 'failed')) return jobs;
    if (Date.now() > deadline)
      throw new Error(`jobs still running: ${JSON.stringify(jobs.map((job) => [job.status, job.steps]))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const stampOf = (entry: { data: { head?: { stamps?: { prv: string; val: string }[] } } }, prv: string) =>
  entry.data.head?.stamps?.find((stamp) => stamp.prv === prv)?.val;

export const readEntry = async (apiKey: string, id: string) => (await getEntry(apiKey, id)).body;
