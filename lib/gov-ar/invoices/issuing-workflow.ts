// The `ar-invoice` template: set the invoice Processing, ask the authority for its CAE (`gov-ar.send`), keep
// its PDF (`gov-ar.pdf`), raise `invoice.sent` (when the workflow has a webhook), set it Sent. A refusal runs the rescue: Error, and
// `invoice.rejected`. Registered with the engine by lib/gov-ar/plug.ts.
import type { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import type { WorkflowConfig } from '@/lib/db/schema';
import { GOV_AR_APP_ID, INVOICES_FOLDER, SEND_STEP } from '@/lib/gov-ar/app';
import { invoicePdfUrl, keepInvoicePdf } from '@/lib/gov-ar/invoices/invoice-pdf';
import { getSendByJob } from '@/lib/gov-ar/invoices/issuance-queries';
import { sendInvoice } from '@/lib/gov-ar/invoices/send-step';
import { setEntryStatus } from '@/lib/silo/queries';
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

const INVOICE_TEMPLATE = 'ar-invoice';

const INVOICE_STEP = {
  setProcessing: 'silo.status.processing',
  send: SEND_STEP,
  pdf: 'gov-ar.pdf',
  webhook: COMMON_STEP.webhook,
  setSent: 'silo.status.sent',
  setError: 'silo.status.error',
} as const;
const STEP = INVOICE_STEP;

export const InvoiceWorkflowBody = workflowBodyBase(INVOICE_TEMPLATE);
export type InvoiceWorkflowBody = z.output<typeof InvoiceWorkflowBody>;

function invoicePlan(config: WorkflowConfig): TemplatePlan {
  const webhook = config.webhook ? [STEP.webhook] : [];
  return {
    steps: [STEP.setProcessing, STEP.send, STEP.pdf, ...webhook, STEP.setSent],
    rescue: [STEP.setError, ...webhook],
  };
}

/** A status step: the entry's status changes in the transaction that records the step (an inline step). */
const setStatus =
  (status: 'Processing' | 'Sent' | 'Error'): InlineStepHandler =>
  async (tx, job) => {
    await setEntryStatus(tx, job.siloEntryId, status);
    return null;
  };

export const invoiceTemplate: WorkflowTemplate<InvoiceWorkflowBody> = {
  name: INVOICE_TEMPLATE,
  app: GOV_AR_APP_ID,
  appTitle: 'Argentina',
  folder: INVOICES_FOLDER,
  defaultName: 'Invoice issuing',
  body: InvoiceWorkflowBody,
  config: () => ({}),
  plan: invoicePlan,
  present: () => ({}),
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
    [STEP.pdf]: keepInvoicePdf,
    [STEP.webhook]: raiseInvoiceEvent,
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
  const sent = !step.rescue && send?.state === 'authorised';
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
          cae: stamp('arca-cae'),
          cae_expiry: stamp('arca-cae-expiry'),
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
