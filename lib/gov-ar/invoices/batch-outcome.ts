// What a FECAESolicitar answer means for each invoice of the batch. The authority numbers a sequence one
// voucher after the other: once a detail is refused, the next number no longer follows the last authorised
// one, so every later detail comes back refused for its number (10016) without having been looked at. Those
// are not refusals of theirs: they go back to the queue and are numbered again. Only the first refused detail
// was judged, and when all it got was the numbering error, either its date is before the sequence's last (a
// real refusal) or the sequence moved on elsewhere: the sender asks the authority's last number to tell.
import type { BatchResult, VoucherResult } from '@/lib/authority/wsfe-vouchers';
import type { WsfeError } from '@/lib/authority/wsfe-client';

/** The authority's numbering error: not the sequence's next number, or a date before its last. */
const NUMBERING_ERROR = '10016';

export interface SentVoucher {
  id: string;
  number: number;
}

export interface BatchOutcome {
  authorised: { id: string; number: number; cae: string; caeDue: string; observations: WsfeError[] }[];
  refused: { id: string; errors: WsfeError[] }[];
  requeued: string[];
  /** The first refused detail, refused only for its numbering: its date, or a sequence moved on elsewhere. */
  numbering?: SentVoucher & { error: WsfeError };
}

export function batchOutcome(sent: SentVoucher[], answer: BatchResult): BatchOutcome {
  const byNumber = new Map<number, VoucherResult>(answer.details.map((detail) => [detail.number, detail]));
  const numberingError = answer.errors.find((error) => error.code === NUMBERING_ERROR);
  const requestErrors = answer.errors.filter((error) => error.code !== NUMBERING_ERROR);
  const outcome: BatchOutcome = { authorised: [], refused: [], requeued: [] };
  let judged = false; // a detail has been refused: later ones were not looked at
  for (const voucher of [...sent].sort((a, b) => a.number - b.number)) {
    const detail = byNumber.get(voucher.number);
    if (detail?.approved && detail.cae) {
      outcome.authorised.push({
        ...voucher,
        cae: detail.cae,
        caeDue: detail.caeDue ?? '',
        observations: detail.observations,
      });
      continue;
    }
    const observations = detail?.observations ?? [];
    if (judged) {
      if (observations.length > 0) outcome.refused.push({ id: voucher.id, errors: observations });
      else outcome.requeued.push(voucher.id);
      continue;
    }
    judged = true;
    // Errors of the request itself (its header: point of sale, voucher type, the issuer's class) refuse every detail.
    if (observations.length > 0 || requestErrors.length > 0)
      outcome.refused.push({ id: voucher.id, errors: [...requestErrors, ...observations] });
    else if (numberingError) outcome.numbering = { ...voucher, error: numberingError };
    else outcome.requeued.push(voucher.id);
  }
  // A header error refuses the whole request: the details the first refusal made unjudged share it.
  if (requestErrors.length > 0) {
    outcome.refused.push(...outcome.requeued.map((id) => ({ id, errors: requestErrors })));
    outcome.requeued = [];
  }
  return outcome;
}
