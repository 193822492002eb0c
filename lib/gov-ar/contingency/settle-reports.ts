// Settling CAEA reports in doubt (`reporting`: FECAEARegInformativo may have reached the authority and its
// answer was lost) before anything new is informed, by the authority's record, with each workspace's own
// credential: numbering is correlative (703), so a number after the sequence's last (FECompUltimoAutorizado)
// never arrived and goes back to be informed; one up to it is looked up (FECompConsultar): held under our
// CAEA with our voucher, it was reported; held otherwise, its report is refused (another voucher has its
// number); not shown yet (a lagging record) stays in doubt.
import type { InvoiceSend } from '@/lib/db/schema';
import { noReportVerdicts, recordReportVerdicts } from '@/lib/gov-ar/contingency/report-verdicts';
import { sendsInState } from '@/lib/gov-ar/contingency/report-queries';
import { canSpeak, type Authority, type Unusable } from '@/lib/gov-ar/invoices/sequence-authority';
import type { SequenceLease } from '@/lib/gov-ar/invoices/sequence-lease';
import { wsfeVouchers } from '@/lib/gov-ar/invoices/wsfe-voucher-service';

/** Settles what the record can; answers how many reports of the sequence are still in doubt. */
export async function settleReportsInDoubt(
  lease: SequenceLease,
  authorityOf: (ownerId: string) => Promise<Authority | Unusable>,
): Promise<number> {
  const doubtful = await sendsInState(lease.sequence.id, 'reporting');
  if (doubtful.length === 0) return 0;
  const owners = new Map<string, InvoiceSend[]>();
  for (const send of doubtful) owners.set(send.ownerId, [...(owners.get(send.ownerId) ?? []), send]);
  for (const [ownerId, sends] of owners) {
    const authority = await authorityOf(ownerId);
    if (canSpeak(authority)) await settleOwnReports(lease, authority, sends);
  }
  return (await sendsInState(lease.sequence.id, 'reporting')).length;
}

async function settleOwnReports(lease: SequenceLease, authority: Authority, sends: InvoiceSend[]) {
  const last = await wsfeVouchers.lastNumber(authority);
  const verdicts = noReportVerdicts();
  for (const send of sends) {
    if (send.number! > last) {
      verdicts.unreported.push(send);
      continue;
    }
    const held = await wsfeVouchers.lookUp(authority, send.number!);
    if (!held) continue; // the record lags: in doubt still
    const differences = wsfeVouchers.differences(send, held);
    if (held.cae === send.caea && differences.length === 0) verdicts.reported.push({ send, observations: [] });
    else {
      const what = held.cae === send.caea ? differences.slice(0, 5).join(', ') : `CAEA/CAE ${held.cae}`;
      verdicts.refused.push({
        send,
        errors: [
          {
            code: 'sequence_conflict',
            message:
              `The authority holds number ${send.number} of this CAEA point of sale and voucher type for another ` +
              `voucher (${what}): another system issues on this point of sale. Nothing was overwritten.`,
          },
        ],
      });
    }
  }
  await recordReportVerdicts(lease, verdicts);
}
