// What a FECAESolicitar answer (or one of WSFEX or WSCT, in its shape) means for each invoice of the batch. The
// authority numbers a sequence one
// voucher after the other: once a detail is refused, the next number no longer follows the last authorised
// one, so every later detail comes back refused for its number (WSFEv1's 10016) without having been looked at. Only
// the first refused detail was judged. When all it got was the numbering error, either its date is before
// the sequence's last (a real refusal) or its number was not the next one: the sender tells which. A detail
// the answer says nothing of, or an answer that is the authority's own failure (its internal errors), tells
// nothing: those invoices stay in doubt.
import type { BatchResult, VoucherResult } from '@/lib/authority/wsfe-vouchers';
import type { WsfeError } from '@/lib/authority/wsfe-client';
import type { VoucherService } from '@/lib/gov-ar/invoices/voucher-service';

export interface SentVoucher {
  id: string;
  number: number;
}

export interface BatchOutcome {
  authorised: { id: string; number: number; cae: string; caeDue: string; observations: WsfeError[] }[];
  refused: { id: string; errors: WsfeError[] }[];
  /** Refused without being looked at (a detail before them was refused): not authorised, their numbers free. */
  unjudged: string[];
  /** No verdict on them in this answer. */
  inDoubt: string[];
  /** The first refused detail, refused only for its numbering, and the details after it (unjudged). */
  numbering?: SentVoucher & { error: WsfeError; after: string[] };
}

/** The service's codes: its numbering error (not the next number, or a date before the last) and its own failures. */
type AnswerCodes = Pick<VoucherService, 'numberingCode' | 'internalCodes'>;

export function batchOutcome(sent: SentVoucher[], answer: BatchResult, codes: AnswerCodes): BatchOutcome {
  const byNumber = new Map<number, VoucherResult>(answer.details.map((detail) => [detail.number, detail]));
  const numberingError = answer.errors.find((error) => error.code === codes.numberingCode);
  const internal = answer.errors.some((error) => codes.internalCodes.has(error.code));
  const requestErrors = answer.errors.filter(
    (error) => error.code !== codes.numberingCode && !codes.internalCodes.has(error.code),
  );
  const outcome: BatchOutcome = { authorised: [], refused: [], unjudged: [], inDoubt: [] };
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
    if (!detail || internal) {
      // Errors of the request itself (its header: point of sale, voucher type, the issuer's class) refuse it whole.
      if (!internal && requestErrors.length > 0) outcome.refused.push({ id: voucher.id, errors: requestErrors });
      else outcome.inDoubt.push(voucher.id);
      continue;
    }
    const observations = detail.observations;
    if (outcome.numbering) outcome.numbering.after.push(voucher.id);
    else if (judged) {
      if (observations.length > 0) outcome.refused.push({ id: voucher.id, errors: observations });
      else outcome.unjudged.push(voucher.id);
    } else {
      judged = true;
      if (observations.length > 0 || requestErrors.length > 0)
        outcome.refused.push({ id: voucher.id, errors: [...requestErrors, ...observations] });
      else if (numberingError) outcome.numbering = { ...voucher, error: numberingError, after: [] };
      else outcome.refused.push({ id: voucher.id, errors: [{ code: 'R', message: 'Refused; no reason given.' }] });
    }
  }
  // A header error refuses the whole request: the details the first refusal left unjudged share it.
  if (requestErrors.length > 0) {
    outcome.refused.push(...outcome.unjudged.map((id) => ({ id, errors: requestErrors })));
    outcome.unjudged = [];
  }
  return outcome;
}
