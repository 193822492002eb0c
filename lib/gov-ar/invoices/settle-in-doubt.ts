// Settling what is in doubt before a sequence sends anything new: sends whose request may have reached the
// authority and whose answer we never had (a time-out, a cut connection, a proxy's error, a crash). The
// authority's own record decides, number by number, with each workspace's own credential:
// - a number up to its last: the record's look-up (FECompConsultar, FEXGetCMP, WSCT's
//   consultarComprobanteTipoPVentaNro: voucher-service.ts) shows the voucher; ours (every element the same) is adopted
//   with its CAE, another voucher is a conflict (ours was not authorised); not shown yet (a lookup that
//   lags) stays in doubt: with strictly sequential numbering the number was used.
// - numbers after its last, from the next one on: sent again with those same numbers (resendInDoubt).
// Anything the record cannot settle yet stays in doubt, and the sequence sends nothing new until it is.
import type { InvoiceSend } from '@/lib/db/schema';
import { noVerdicts, recordVerdicts } from '@/lib/gov-ar/invoices/authority-verdicts';
import { sendsInDoubt } from '@/lib/gov-ar/invoices/issuance-queries';
import { canSpeak, type Authority, type Unusable } from '@/lib/gov-ar/invoices/sequence-authority';
import { resendInDoubt, voucherSequenceOf } from '@/lib/gov-ar/invoices/send-batch';
import type { SequenceLease } from '@/lib/gov-ar/invoices/sequence-lease';
import type { HeldVoucher } from '@/lib/gov-ar/invoices/voucher-service';
import { voucherServiceFor } from '@/lib/gov-ar/invoices/voucher-services';

/** FECompConsultar calls at once while settling. */
const CONSULTS_AT_ONCE = 8;

/** Settles what the record can; answers how many sends of the sequence are still in doubt. */
export async function settleInDoubt(
  lease: SequenceLease,
  authorityOf: (ownerId: string) => Promise<Authority | Unusable>,
): Promise<number> {
  const doubtful = await sendsInDoubt(lease.sequence.id);
  for (const [ownerId, sends] of byOwner(doubtful)) {
    const authority = await authorityOf(ownerId);
    // A workspace that cannot speak for the CUIT now keeps its sends in doubt until it can again.
    if (canSpeak(authority)) await settleOwnSends(lease, authority, sends);
  }
  return doubtful.length === 0 ? 0 : (await sendsInDoubt(lease.sequence.id)).length;
}

async function settleOwnSends(lease: SequenceLease, authority: Authority, sends: InvoiceSend[]) {
  const vouchers = voucherServiceFor(authority.sequence.docType);
  const last = await vouchers.lastNumber(authority);
  const used = sends.filter((send) => send.number! <= last);
  const found = await inParallel(used, CONSULTS_AT_ONCE, (send) => vouchers.lookUp(authority, send.number!));
  const verdicts = noVerdicts();
  used.forEach((send, at) => {
    const voucher = found[at];
    if (!voucher) return; // the record lags: in doubt still
    const differences = vouchers.differences(send, voucher);
    if (differences.length === 0)
      verdicts.authorised.push({
        send,
        number: send.number!,
        cae: voucher.cae,
        caeDue: voucher.caeDue,
        observations: [],
      });
    else verdicts.conflicts.push({ send, errors: [sequenceConflict(send, voucher, differences)] });
  });
  await recordVerdicts(lease, voucherSequenceOf(authority), verdicts, last);
  const unused = nextRun(
    sends.filter((send) => send.number! > last),
    last,
  );
  if (unused.length > 0) await resendInDoubt(lease, authority, unused);
}

/** The sends numbered last + 1, last + 2, ... without a gap: what may go out again now. */
function nextRun(sends: InvoiceSend[], last: number): InvoiceSend[] {
  const run: InvoiceSend[] = [];
  for (const send of [...sends].sort((a, b) => a.number! - b.number!)) {
    if (send.number !== last + 1 + run.length) break;
    run.push(send);
  }
  return run;
}

function sequenceConflict(send: InvoiceSend, voucher: HeldVoucher, differences: string[]) {
  return {
    code: 'sequence_conflict',
    message:
      `The authority holds number ${send.number} of this point of sale and voucher type for another voucher ` +
      `(CAE ${voucher.cae}; ${differences.slice(0, 5).join(', ')}): another system issues on this point of sale. ` +
      'This invoice was not authorised and nothing was overwritten; issue it again.',
  };
}

function byOwner(sends: InvoiceSend[]): Map<string, InvoiceSend[]> {
  const groups = new Map<string, InvoiceSend[]>();
  for (const send of sends) groups.set(send.ownerId, [...(groups.get(send.ownerId) ?? []), send]);
  return groups;
}

async function inParallel<T, R>(items: T[], atOnce: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(atOnce, items.length) }, async () => {
      while (next < items.length) {
        const at = next++;
        results[at] = await work(items[at]!);
      }
    }),
  );
  return results;
}
