// Recording what the authority said of vouchers informed under a CAEA, in one transaction fenced by the
// sequence's lease: a reported one keeps the authority's observations (meta `arca-observations`, as for a CAE)
// and loses any earlier refusal or deadline note; a refused one keeps the authority's errors (meta
// `arca-caea-errors`) and raises `invoice.caea_report_rejected` to its job's workflow; one the authority never
// had goes back to be informed. Whatever is not named here stays as it is: in doubt.
import type { InvoiceSend } from '@/lib/db/schema';
import { GOV_AR_SRC, META_KEY } from '@/lib/gov-ar/app';
import { REPORT_DEADLINE_KEY } from '@/lib/gov-ar/contingency/report-deadline';
import { settleReports, unmarkReporting, type SettledReport } from '@/lib/gov-ar/contingency/report-queries';
import { advanceSequenceEnd, deleteMetaRecords, recordAuthorityNotes } from '@/lib/gov-ar/invoices/issuance-queries';
import { noteOnInvoice, notes, type AuthorityNote } from '@/lib/gov-ar/invoices/issued-voucher';
import { fenced, type SequenceLease } from '@/lib/gov-ar/invoices/sequence-lease';
import { getWorkflowOfJob } from '@/lib/gov-ar/queries';
import { newId } from '@/lib/ids';
import { kickWebhookSender } from '@/lib/transform/wake-ups';
import { raiseWebhookEvent } from '@/lib/webhooks/events';

export interface ReportVerdicts {
  reported: { send: InvoiceSend; observations: AuthorityNote[]; processedOn?: string }[];
  refused: { send: InvoiceSend; errors: AuthorityNote[] }[];
  /** The authority never had them: to be informed again, with the same numbers. */
  unreported: InvoiceSend[];
}

export const noReportVerdicts = (): ReportVerdicts => ({ reported: [], refused: [], unreported: [] });

export async function recordReportVerdicts(lease: SequenceLease, verdicts: ReportVerdicts): Promise<void> {
  const { reported, refused, unreported } = verdicts;
  const settled: SettledReport[] = [
    ...reported.map(({ send, observations, processedOn }) => ({
      id: send.id,
      state: 'reported' as const,
      result: { processedOn, observations: notes(observations) },
    })),
    ...refused.map(({ send, errors }) => ({
      id: send.id,
      state: 'report_refused' as const,
      result: { errors: notes(errors) },
    })),
  ];
  if (settled.length === 0 && unreported.length === 0) return;
  const reportedEntries = reported.map(({ send }) => send.entryId);
  const refusedEntries = refused.map(({ send }) => send.entryId);
  let raised = false;
  await fenced(lease, async (tx) => {
    await settleReports(tx, settled);
    await unmarkReporting(
      tx,
      unreported.map((send) => send.id),
    );
    // What was said before (a refusal since corrected, a deadline note) no longer holds.
    await deleteMetaRecords(tx, [...reportedEntries, ...refusedEntries], GOV_AR_SRC, META_KEY.caeaErrors);
    await deleteMetaRecords(tx, reportedEntries, GOV_AR_SRC, REPORT_DEADLINE_KEY);
    const observed = reported.filter(({ observations }) => observations.length > 0);
    await deleteMetaRecords(
      tx,
      observed.map(({ send }) => send.entryId),
      GOV_AR_SRC,
      META_KEY.observations,
    );
    await recordAuthorityNotes(tx, [
      ...observed.map(({ send, observations }) => noteOnInvoice(send, META_KEY.observations, observations)),
      ...refused.map(({ send, errors }) => noteOnInvoice(send, META_KEY.caeaErrors, errors)),
    ]);
    // The sequence's last number as the authority now holds it, as the CAE sender keeps it.
    const highest = Math.max(0, ...reported.map(({ send }) => send.number ?? 0));
    if (highest > 0) await advanceSequenceEnd(tx, lease.sequence.id, highest);
    for (const { send, errors } of refused) {
      const workflow = await getWorkflowOfJob(tx, send.jobId);
      if (!workflow) continue;
      const deliveryId = await raiseWebhookEvent(tx, workflow, {
        event: 'invoice.caea_report_rejected',
        // Each refusal is its own occurrence: corrected and refused again, it is told again.
        occurrence: newId(),
        ownerId: send.ownerId,
        jobId: send.jobId,
        entryId: send.entryId,
        data: { number: send.number, caea: send.caea, errors: notes(errors) },
      });
      raised ||= deliveryId !== undefined;
    }
  });
  if (raised) kickWebhookSender();
}
