// What the sender needs of one of the authority's invoicing services: WSFEv1 (A, B, C, M), WSFEX (exports, E)
// or WSCT (tourism, T). The one-way door is the same for all three (a number taken in the transaction that
// marks the invoice as going out, a lost answer in doubt until the authority's record settles it, nothing
// sent twice); what differs is here: the request and how many vouchers it carries, the look-ups that settle
// a lost answer, the codes of its answers, and the voucher's data for the QR.
import type { ArcaQrData } from '@/lib/ar/arca/qr';
import type { AuthorityService } from '@/lib/ar/services';
import type { WsfeError } from '@/lib/authority/wsfe-client';
import type { BatchResult } from '@/lib/authority/wsfe-vouchers';
import type { InvoiceSend } from '@/lib/db/schema';
import type { Environment } from '@/lib/ar/environments';
import type { ServiceHealth } from '@/lib/gov-ar/invoices/authority-health';
import type { Authority } from '@/lib/gov-ar/invoices/sequence-authority';

/** A voucher as the authority's record shows it under a number. */
export interface HeldVoucher {
  number: number;
  cae: string;
  /** yyyymmdd */
  caeDue: string;
  /** The voucher's elements as the authority returned them. */
  fields: Record<string, unknown>;
}

export interface VoucherService {
  /** The service whose WSAA ticket speaks for it. */
  readonly service: AuthorityService;
  /** The code of an answer refusing a voucher for its number alone: not the next one, or dated before the last. */
  readonly numberingCode: string;
  /** The service's own failures: an answer carrying one judges nothing, and its vouchers stay in doubt. */
  readonly internalCodes: ReadonlySet<string>;
  /** The service's health operation (FEDummy, FEXDummy, dummy): asked before a batch after a quiet while. */
  health(environment: Environment): Promise<ServiceHealth>;
  /** How many vouchers one request may carry. */
  batchSize(authority: Authority): Promise<number>;
  /** The sequence's last number in the authority's record (0 when none). */
  lastNumber(authority: Authority): Promise<number>;
  /** The voucher the authority's record holds under the number, or undefined when none (yet). */
  lookUp(authority: Authority, number: number): Promise<HeldVoucher | undefined>;
  /** The send's voucher with its number (and request Id), exactly as it goes out. */
  numbered(send: InvoiceSend, number: number): Record<string, unknown>;
  /** The elements in which the held voucher is not the send's numbered voucher (empty when it is ours). */
  differences(send: InvoiceSend, held: HeldVoucher): string[];
  /** A voucher's date, yyyymmdd, from its elements (ours numbered, or as held). */
  dateOf(fields: Record<string, unknown>): string;
  /** Asks the CAE of the numbered sends (at most `batchSize`): the answer, in WSFEv1's shape. Sent once. */
  solicit(authority: Authority, sends: InvoiceSend[]): Promise<BatchResult>;
  /** The RG 4892 QR's data of the authorised voucher. */
  qrData(
    send: InvoiceSend,
    number: number,
    cae: string,
    issuer: { cuit: string; pointOfSale: number; docType: number },
  ): ArcaQrData;
  /**
   * For a service whose requests carry an Id of the CUIT's (WSFEX): the last Id the authority has seen, asked
   * once per sending round; each numbered send then takes its Id in the numbering transaction.
   */
  readonly lastRequestId?: (authority: Authority) => Promise<number>;
}

/** The one send of a service that authorises one voucher per request (WSFEX, WSCT). */
export function onlySend(sends: InvoiceSend[], service: string): InvoiceSend & { number: number } {
  const [send] = sends;
  if (!send || sends.length > 1 || send.number === null)
    throw new Error(`${service} authorises one numbered voucher per request.`);
  return send as InvoiceSend & { number: number };
}

/** What a one-voucher service said of it. */
export type OneVoucherAnswer =
  | { kind: 'authorised'; cae?: string; caeDue?: string; observations: WsfeError[] }
  /** Refused for its number alone: the answer's numbering errors. */
  | { kind: 'numbering'; errors: WsfeError[] }
  | { kind: 'refused'; errors: WsfeError[] };

/** A one-voucher answer in FECAESolicitar's shape, as the sender reads every answer (batch-outcome.ts). */
export function oneVoucherResult(number: number, answer: OneVoucherAnswer): BatchResult {
  const approved = answer.kind === 'authorised';
  const result: BatchResult = { result: approved ? 'A' : 'R', processedAt: '', errors: [], details: [] };
  if (answer.kind === 'authorised') {
    const { cae, caeDue, observations } = answer;
    result.details.push({ number, approved, cae, caeDue, observations });
  } else if (answer.kind === 'numbering') {
    result.errors.push(...answer.errors);
    result.details.push({ number, approved, observations: [] });
  } else result.details.push({ number, approved, observations: answer.errors });
  return result;
}
