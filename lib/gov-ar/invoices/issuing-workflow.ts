// The `ar-invoice` template: set the invoice Processing, ask the authority for its CAE (`gov-ar.send`, whose
// sender sets it Sent with its stamps), raise `invoice.sent` (when the workflow has a webhook), set it Sent.
// A refusal runs the rescue: Error, and `invoice.rejected`. The one-way door: once the authority authorised
// an invoice nothing turns it to Error, and a job fails only when its invoice never left or was refused (it
// takes its queued send with it). The PDF is made on first request (invoice-pdf.ts), off the path to Sent.
// Registered with the engine by lib/gov-ar/plug.ts.
import { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import type { Tx } from '@/lib/db/client';
import type { JobRow, WorkflowConfig } from '@/lib/db/schema';
import { DEFAULT_PATIENCE_MS } from '@/lib/gov-ar/contingency/caea-issuing';
import { GOV_AR_APP_ID, INVOICE_TEMPLATE, INVOICES_FOLDER, SEND_STEP } from '@/lib/gov-ar/app';
import { askCaeaSoon } from '@/lib/gov-ar/contingency/caea-ahead';
import { invoicePdfUrl, keepInvoicePdfStep } from '@/lib/gov-ar/invoices/invoice-pdf';
import { getSendByJob, lockSendOfJob, withdrawSend } from '@/lib/gov-ar/invoices/issuance-queries';
import { sendInvoice } from '@/lib/gov-ar/invoices/send-step';
import { InvoiceWorkflowFields } from '@/lib/responses/gov-ar';
import { setEntriesStatus } from '@/lib/silo/queries';
import {
  COMMON_STEP,
  type InlineStepHandler,
  type StepContext,
  type StepOutcome,
  type TemplatePlan,
  type WorkflowTemplate,
} from '@/lib/transform/templates';
import { kickWebhookSender } from '@/lib/transform/wake-ups';
import { workflowBodyBase } from '@/lib/transform/workflow-body';
import { raiseWebhookEventNow } from '@/lib/webhooks/queries';

const INVOICE_STEP = {
  setProcessing: 'silo.status.processing',
  send: SEND_STEP,
  pdf: 'gov-ar.pdf',
  webhook: COMMON_STEP.webhook,
  setSent: 'silo.status.sent',
  setError: 'silo.status.error',
} as const;
const STEP = INVOICE_STEP;

export const InvoiceWorkflowBody = workflowBodyBase(INVOICE_TEMPLATE).extend({
  /** Check each stored invoice's customer against the authority's register (lib/gov-ar/invoices/customer-check.ts). */
  check_customer: z.boolean().optional(),
  /** `caea`: issue under the fortnight's CAEA when WSFEv1 does not answer within the patience (docs/contingency.md). */
  contingency: z.enum(['caea']).optional(),
  /** Seconds an invoice waits for WSFEv1 before it is issued under the CAEA (default 30). */
  patience_seconds: z.number().int().min(5).max(3_600).optional(),
});
export type InvoiceWorkflowBody = z.output<typeof InvoiceWorkflowBody>;

function invoicePlan(config: WorkflowConfig): TemplatePlan {
  const webhook = config.webhook ? [STEP.webhook] : [];
  return {
    steps: [STEP.setProcessing, STEP.send, ...webhook, STEP.setSent],
    rescue: [STEP.setError, ...webhook],
  };
}

/**
 * A status step: the entry's status changes in the transaction that records the step (an inline step).
 * Sent is final: no status step changes it.
 */
const setStatus =
  (status: 'Processing' | 'Sent' | 'Error'): InlineStepHandler =>
  async (tx, jobs) => {
    await setEntriesStatus(
      tx,
      jobs.map((job) => job.siloEntryId),
      status,
      { unless: 'Sent' },
    );
    return null;
  };

/**
 * Before the job fails: its queued send is withdrawn in the same transaction (the sender numbers sends
 * under the same row lock, so it never sends one whose job failed). A send that may be at the authority
 * (in doubt) or was authorised holds the job back: the step is retried until the authority's record settles
 * it, and an authorised invoice's later steps are retried, never turned into a failure.
 */
async function releaseOrHoldSend(tx: Tx, job: JobRow): Promise<{ hold: string } | undefined> {
  const send = await lockSendOfJob(tx, job.id);
  if (!send) return undefined;
  switch (send.state) {
    case 'queued':
      await withdrawSend(tx, send.id, { errors: [{ code: 'job_failed', message: 'Not sent: its job failed.' }] });
      return undefined;
    case 'sending':
      return { hold: `Number ${send.number} is in doubt at the authority: held until its record settles it.` };
    case 'authorised':
      return { hold: `Authorised (number ${send.number}): the invoice is Sent; this step is retried.` };
    case 'unreported':
    case 'reporting':
    case 'reported':
    case 'report_refused':
      return {
        hold: `Issued under CAEA ${send.caea} (number ${send.number}): the invoice is Sent; this step is retried.`,
      };
    default:
      return undefined;
  }
}

declare module '@/lib/db/schema' {
  /** The invoice template's stored settings. */
  interface WorkflowConfig {
    /** The customer's CUIT is checked against the authority's register when an invoice is stored. */
    checkCustomer?: boolean;
    /** Issue under the fortnight's CAEA when WSFEv1 does not answer within `patienceMs` (lib/gov-ar/contingency). */
    contingency?: 'caea';
    patienceMs?: number;
  }
}

function invoiceConfig(body: InvoiceWorkflowBody): WorkflowConfig {
  return {
    ...(body.check_customer ? { checkCustomer: true } : {}),
    ...(body.contingency
      ? { contingency: body.contingency, patienceMs: (body.patience_seconds ?? DEFAULT_PATIENCE_MS / 1000) * 1000 }
      : {}),
  };
}

function presentInvoiceConfig(config: WorkflowConfig) {
  return {
    ...(config.checkCustomer ? { check_customer: true } : {}),
    ...(config.contingency
      ? { contingency: config.contingency, patience_seconds: (config.patienceMs ?? DEFAULT_PATIENCE_MS) / 1000 }
      : {}),
  };
}

export const invoiceTemplate: WorkflowTemplate<InvoiceWorkflowBody> = {
  name: INVOICE_TEMPLATE,
  app: GOV_AR_APP_ID,
  appTitle: 'Argentina',
  folder: INVOICES_FOLDER,
  defaultName: 'Invoice issuing',
  body: InvoiceWorkflowBody,
  config: invoiceConfig,
  plan: invoicePlan,
  present: presentInvoiceConfig,
  presentedFields: InvoiceWorkflowFields,
  refuseJob: (entry, openJob) => {
    if (entry.status === 'Sent')
      return new ApiError(
        'invoice_already_sent',
        'This invoice was already authorised by the authority; it is issued once.',
      );
    if (openJob)
      return new ApiError('invoice_in_progress', 'This invoice already has a job in progress; wait for it to end.');
    return undefined;
  },
  handlers: {
    [STEP.send]: sendInvoice,
    // Jobs planned before the PDF left the path to Sent still have this step: it keeps the PDF, never fails.
    [STEP.pdf]: keepInvoicePdfStep,
    [STEP.webhook]: raiseInvoiceEvent,
  },
  beforeJobFails: releaseOrHoldSend,
  // A workflow that opts in has its suppliers' CAEA asked at once rather than at the next hourly run.
  saved: (workflow) => {
    if (workflow.config.contingency === 'caea') askCaeaSoon({ ownerId: workflow.ownerId });
  },
  inline: {
    [STEP.setProcessing]: setStatus('Processing'),
    [STEP.setSent]: setStatus('Sent'),
    [STEP.setError]: setStatus('Error'),
  },
};

/** `invoice.sent` with the number and the authority's stamps, or (in the rescue) `invoice.rejected` with its errors. */
async function raiseInvoiceEvent({ job, entry, workflow, step }: StepContext): Promise<StepOutcome> {
  const send = await getSendByJob(job.id);
  const sent = !step.rescue && (send?.state === 'authorised' || Boolean(send?.caea));
  const doc = (entry.data as { doc?: { code?: string } }).doc;
  const stamps = (entry.data as { head?: { stamps?: { prv: string; val: string }[] } }).head?.stamps ?? [];
  const stamp = (prv: string) => stamps.find((item) => item.prv === prv)?.val;
  const deliveryId = await raiseWebhookEventNow(workflow, {
    event: sent ? 'invoice.sent' : 'invoice.rejected',
    occurrence: job.id,
    ownerId: job.ownerId,
    jobId: job.id,
    entryId: entry.id,
    data: sent
      ? {
          status: 'Sent',
          code: doc?.code,
          ...(send?.caea
            ? { caea: stamp('arca-caea'), caea_expiry: stamp('arca-caea-expiry') }
            : { cae: stamp('arca-cae'), cae_expiry: stamp('arca-cae-expiry') }),
          qr: stamp('arca-qr'),
          pdf_url: invoicePdfUrl(entry.id),
        }
      : {
          status: 'Error',
          errors: send?.result?.errors ?? [
            { code: 'not_sent', message: 'The invoice could not be sent; see the job.' },
          ],
        },
  });
  if (deliveryId) kickWebhookSender();
  return { kind: 'complete', message: deliveryId ? `Webhook ${deliveryId} queued.` : 'Webhook already queued.' };
}
