// Informing one batch of vouchers issued under a CAEA (FECAEARegInformativo: one point of sale and type, at
// most FECompTotXRequest, consecutive numbers of one workspace), each marked `reporting` in the fenced
// transaction before the request goes out, and what the answer says of each, read as the CAE sender reads a
// FECAESolicitar answer (batch-outcome.ts): accepted → reported; refused → report_refused; left unjudged
// behind a refusal → back to unreported; no verdict (a lost answer, the service's own failure) → in doubt.
// A request that provably never left puts them back; any other failure leaves them in doubt.
import type { CaeaDetail, CaeaReport } from '@/lib/authority/wsfe-caea';
import { feCaeaRegInformativo } from '@/lib/authority/wsfe-caea';
import { neverReachedAuthority } from '@/lib/authority/soap-client';
import type { BatchResult } from '@/lib/authority/wsfe-vouchers';
import { withNumber, type WsfeVoucher } from '@/lib/ar/arca/wsfe-detail';
import type { InvoiceSend } from '@/lib/db/schema';
import { markReporting, unmarkReporting } from '@/lib/gov-ar/contingency/report-queries';
import { noReportVerdicts, recordReportVerdicts } from '@/lib/gov-ar/contingency/report-verdicts';
import { batchOutcome } from '@/lib/gov-ar/invoices/batch-outcome';
import type { Authority } from '@/lib/gov-ar/invoices/sequence-authority';
import { fenced, type SequenceLease } from '@/lib/gov-ar/invoices/sequence-lease';
import { wsfeVouchers } from '@/lib/gov-ar/invoices/wsfe-voucher-service';
import { datedBeforePrevious } from '@/lib/gov-ar/invoices/numbering-refusal';

/** FECAEARegInformativo's refusal of a voucher for its number or date alone (as CAE's 10016). */
const NUMBERING_CODE = '703';

/** The voucher as it is informed: the send's detail numbered, with its CAEA. */
export const caeaDetailOf = (send: InvoiceSend): CaeaDetail => ({
  ...withNumber(send.detail as WsfeVoucher['detail'], send.number!),
  CAEA: send.caea!,
});

/** What became of the batch: whether any of it is in doubt. */
interface InformedBatch {
  inDoubt: boolean;
}

export async function informBatch(
  lease: SequenceLease,
  authority: Authority,
  batch: InvoiceSend[],
): Promise<InformedBatch> {
  const sends = await fenced(lease, (tx) =>
    markReporting(
      tx,
      batch.map((send) => send.id),
    ),
  );
  if (sends.length === 0) return { inDoubt: false };
  sends.sort((a, b) => a.number! - b.number!);
  let answer: CaeaReport;
  try {
    answer = await feCaeaRegInformativo(
      authority.environment,
      authority.auth,
      authority.sequence,
      sends.map(caeaDetailOf),
    );
  } catch (error) {
    if (neverReachedAuthority(error))
      await fenced(lease, (tx) =>
        unmarkReporting(
          tx,
          sends.map((send) => send.id),
        ),
      );
    throw error;
  }
  const outcome = batchOutcome(
    sends.map((send) => ({ id: send.id, number: send.number! })),
    asBatchResult(answer),
    { numberingCode: NUMBERING_CODE, internalCodes: wsfeVouchers.internalCodes },
  );
  const sendOf = (id: string) => sends.find((send) => send.id === id)!;
  const processedOn = answer.processedAt.slice(0, 8) || undefined;
  const verdicts = noReportVerdicts();
  verdicts.reported = outcome.authorised.map(({ id, observations }) => ({
    send: sendOf(id),
    observations,
    processedOn,
  }));
  verdicts.refused = outcome.refused.map(({ id, errors }) => ({ send: sendOf(id), errors }));
  verdicts.unreported = outcome.unjudged.map(sendOf);
  if (outcome.numbering) {
    // Refused for its number or date alone: its own refusal only when dated before the voucher the record holds
    // as the number before it; otherwise informed already by a request whose answer was lost, or not next, and
    // in doubt (`reporting`) until the record settles it (settle-reports.ts), as the CAE sender does.
    const first = sendOf(outcome.numbering.id);
    if (await datedBeforePrevious(wsfeVouchers, authority, first, first.number!))
      verdicts.refused.push({ send: first, errors: [outcome.numbering.error] });
    verdicts.unreported.push(...outcome.numbering.after.map(sendOf));
  }
  await recordReportVerdicts(lease, verdicts);
  const settled = verdicts.reported.length + verdicts.refused.length + verdicts.unreported.length;
  return { inDoubt: settled < sends.length };
}

/** The answer in FECAESolicitar's shape, the CAEA standing for the CAE. */
const asBatchResult = (answer: CaeaReport): BatchResult => ({
  result: answer.result,
  processedAt: answer.processedAt,
  errors: answer.errors,
  details: answer.details.map((detail) => ({
    number: detail.number,
    approved: detail.accepted,
    cae: detail.accepted ? (detail.caea ?? 'CAEA') : undefined,
    caeDue: '',
    observations: detail.observations,
  })),
});
