// An invoice's voucher as it comes back from the authority: the number and stamps its entry gains when
// authorised (CAE, its expiry, the RG 4892 QR), and the authority's words
// as we keep them.
import { arcaQrUrl } from '@/lib/ar/arca/qr';
import { isoDate } from '@/lib/ar/arca/voucher-date';
import type { InvoiceSend } from '@/lib/db/schema';
import type { IssuedStamp } from '@/lib/gov-ar/invoices/issuance-queries';
import { voucherServiceFor } from '@/lib/gov-ar/invoices/voucher-services';

/** The voucher as the authority knows it: the taxpayer and the sequence's two codes. */
export interface VoucherSequence {
  cuit: string;
  pointOfSale: number;
  docType: number;
}

/** What the send step records for an invoice the authority accepted, run by its own step or by the sender. */
export const authorisedMessage = (number: number | null, cae: string | undefined) =>
  `Authorised as number ${number ?? ''}, CAE ${cae ?? ''}.`;

/** The number and stamps an authorised invoice's entry gains. */
export function issuedStamp(
  sequence: VoucherSequence,
  send: InvoiceSend,
  number: number,
  cae: string,
  caeDue: string,
): IssuedStamp {
  const qr = arcaQrUrl(voucherServiceFor(sequence.docType).qrData(send, number, cae, sequence));
  return {
    entryId: send.entryId,
    code: String(number).padStart(8, '0'),
    stamps: [
      { prv: 'arca-cae', val: cae },
      { prv: 'arca-cae-expiry', val: isoDate(caeDue) },
      { prv: 'arca-qr', val: qr },
    ],
  };
}

export interface AuthorityNote {
  code: string | number;
  message: string;
}

/** The authority's codes kept as numbers where they are numbers (10016), ours as they are (sequence_conflict). */
export const notes = (said: AuthorityNote[]) =>
  said.map(({ code, message }) => ({ code: /^\d+$/.test(String(code)) ? Number(code) : code, message }));

/** What the authority said of a send, as the meta record on its invoice (`key`: observations, errors...). */
export const noteOnInvoice = (send: InvoiceSend, key: string, words: AuthorityNote[]) => ({
  ownerId: send.ownerId,
  entryId: send.entryId,
  jobId: send.jobId,
  key,
  value: notes(words),
});
