// The `gov-ar.send` step: the invoice is mapped to its voucher (WSFEv1's, WSFEX's or WSCT's) and queued on its sequence
// (environment, CUIT, point of sale, CbteTipo); then the step sends the sequence's queue itself, or, when
// another runner is sending it, waits to be woken once its invoice is done. It ends with the authority's
// verdict: a CAE (the entry carries the number and stamps), a refusal, or a number held by another voucher.
import type { CalculableInvoice } from '@/lib/gobl/invoice';
import type { InvoiceSend } from '@/lib/db/schema';
import type { Environment } from '@/lib/ar/environments';
import { isSandboxWorkspace } from '@/lib/access/sandbox-flag';
import { getSendByJob, queueSend } from '@/lib/gov-ar/invoices/issuance-queries';
import { invoiceVoucher } from '@/lib/gov-ar/invoices/invoice-voucher';
import { authorisedMessage } from '@/lib/gov-ar/invoices/issued-voucher';
import { sequenceIdOf } from '@/lib/gov-ar/invoices/sequence-ids';
import { sendSequence } from '@/lib/gov-ar/invoices/sequence-sender';
import { caeaIssuedMessage, contingencyDue, issueUnderCaea } from '@/lib/gov-ar/contingency/caea-issuing';
import { authorityAnswered, kickCaeaReporter } from '@/lib/gov-ar/contingency/caea-reporter';
import { backoff } from '@/lib/backoff';
import type { StepContext, StepOutcome } from '@/lib/transform/templates';

/**
 * How long a queued invoice waits before looking again if nobody wakes it sooner. The sender wakes the steps
 * of the invoices it settled and, letting go of the sequence, the oldest still queued; this only covers a
 * sender that died (or a wake-up another instance missed). Every look costs a step run and a try at the
 * lease, so under load a short wait turned dozens of waiting invoices into a busy loop.
 */
const WAKE_FALLBACK_MS = 5_000;
/** While the authority does not answer, an invoice asks again at least this often (outages are often short). */
const AUTHORITY_RETRY_CAP_MS = 20_000;
/** How soon an invoice in doubt asks again whether the authority's record has settled it. */
const UNSETTLED_RETRY_MS = 3_000;

export async function sendInvoice({ step, job, entry, workflow }: StepContext): Promise<StepOutcome> {
  // A first run finds nothing queued: only a run of this job's step queues its invoice.
  let send = step.attempts > 1 ? await getSendByJob(job.id) : undefined;
  let queuedNow = false;
  if (!send) {
    const queued = await queueInvoice(job.id, entry.ownerId, entry.id, entry.data as { doc: CalculableInvoice });
    if ('outcome' in queued) return queued.outcome;
    send = queued.send;
    queuedNow = true;
  }
  if (send.state === 'queued' || send.state === 'sending') {
    const round = await sendSequence(send.sequenceId);
    if (round.kind !== 'unavailable' && round.kind !== 'busy') authorityAnswered();
    // Queued just now while another sender holds the sequence: that sender settles it and wakes this step,
    // which reads it then (its patience cannot have run out yet).
    if (!(queuedNow && round.kind === 'busy')) send = (await getSendByJob(job.id))!;
    // In contingency, an invoice still queued past its patience is issued under the CAEA; until then it
    // looks again by the time its patience runs out.
    const caeaDue = send.state === 'queued' ? contingencyDue(workflow.config, send) : undefined;
    let caeaWait = '';
    if (caeaDue && caeaDue.getTime() <= Date.now()) {
      const outcome = await issueUnderCaea(send);
      if ('issued' in outcome) {
        kickCaeaReporter();
        return { kind: 'complete', message: caeaIssuedMessage(outcome.issued) };
      }
      send = (await getSendByJob(job.id))!;
      caeaWait = ` Not issued under the CAEA: ${outcome.waiting}.`;
    }
    const byPatience = (at: Date) => (caeaDue && caeaDue > new Date() && caeaDue < at ? caeaDue : at);
    if (send.state === 'queued' || send.state === 'sending') {
      if (round.kind === 'unavailable') {
        return {
          kind: 'retry',
          at: byPatience(backoff(step.errors + 1, 1000, AUTHORITY_RETRY_CAP_MS)),
          message: `The authority did not answer (${round.error.message}); trying again.${caeaWait}`,
          error: true,
        };
      }
      if (send.state === 'sending') {
        return {
          kind: 'retry',
          at: new Date(Date.now() + UNSETTLED_RETRY_MS),
          message: `Number ${send.number} in doubt: its answer was lost; waiting for the authority's record to settle it.`,
        };
      }
      return {
        kind: 'retry',
        at: byPatience(new Date(Date.now() + WAKE_FALLBACK_MS)),
        message: `Queued for the authority with the rest of its sequence.${caeaWait}`,
      };
    }
  }
  return verdict(send);
}

/** The step's end once the authority has spoken. */
function verdict(send: InvoiceSend): StepOutcome {
  const errors = send.result?.errors ?? [];
  const said = errors.map((error) => `${error.code} ${error.message}`).join('; ');
  switch (send.state) {
    case 'authorised':
      return { kind: 'complete', message: authorisedMessage(send.number, send.result?.cae) };
    case 'unreported':
    case 'reporting':
    case 'reported':
    case 'report_refused':
      return { kind: 'complete', message: caeaIssuedMessage(send) };
    case 'conflict':
      return { kind: 'fail', message: `sequence_conflict: ${said}` };
    case 'withdrawn':
      return { kind: 'fail', message: said || 'Not sent: withdrawn.' };
    default:
      return { kind: 'fail', message: `The authority refused the invoice: ${said}` };
  }
}

async function queueInvoice(
  jobId: string,
  ownerId: string,
  entryId: string,
  data: { doc: CalculableInvoice },
): Promise<{ send: InvoiceSend } | { outcome: StepOutcome }> {
  const voucher = invoiceVoucher(data.doc);
  if ('refusal' in voucher) return { outcome: { kind: 'fail', message: `Not issued: ${voucher.refusal}.` } };
  const environment: Environment = (await isSandboxWorkspace(ownerId)) === false ? 'live' : 'sandbox';
  const cuit = String(data.doc.supplier?.tax_id?.code ?? '');
  const sequenceId = await sequenceIdOf({
    environment,
    cuit,
    pointOfSale: voucher.pointOfSale,
    docType: voucher.docType,
  });
  const send = await queueSend({
    ownerId,
    sequenceId,
    entryId,
    jobId,
    detail: voucher.detail,
    issueDate: String(data.doc.issue_date ?? ''),
  });
  return { send };
}
