// Issuing while WSFEv1 does not answer: an invoice of a workflow in contingency (`contingency: "caea"`) left
// queued past the workflow's patience is issued under the supplier's CAEA of its date's fortnight, on the
// supplier's CAEA point of sale: numbered there at once (no request: the CAEA was granted ahead), stamped
// `arca-caea`, `arca-caea-expiry` and a QR with `tipoCodAut` "A", and Sent. The reporter informs the authority
// when it answers again (caea-reporter.ts). Only a send still queued moves: one numbered for WSFEv1 may hold
// a CAE already (in doubt), and waits for the authority's record like any other. Rules: docs/contingency.md.
import { arcaQrUrl } from '@/lib/ar/arca/qr';
import { fortnightOf } from '@/lib/ar/arca/caea-fortnight';
import { isoDate } from '@/lib/ar/arca/voucher-date';
import { serviceOfDocType } from '@/lib/ar/services';
import { inTransaction } from '@/lib/db/client';
import type { InvoiceSend, WorkflowConfig } from '@/lib/db/schema';
import { heldCaea } from '@/lib/gov-ar/contingency/caea-queries';
import { ensureSequence, getSequence, issueQueuedOnCaea } from '@/lib/gov-ar/invoices/issuance-queries';
import { wsfeVouchers } from '@/lib/gov-ar/invoices/wsfe-voucher-service';

/** The contract's default: an invoice waits this long for WSFEv1 before it is issued under the CAEA. */
export const DEFAULT_PATIENCE_MS = 30_000;

/** When a queued invoice of the workflow may be issued under the CAEA (undefined: the workflow did not opt in). */
export function contingencyDue(config: WorkflowConfig, send: InvoiceSend): Date | undefined {
  if (config.contingency !== 'caea') return undefined;
  return new Date(send.queuedAt.getTime() + (config.patienceMs ?? DEFAULT_PATIENCE_MS));
}

export type CaeaOutcome =
  /** Issued: the send is `unreported`, its entry numbered, stamped and Sent. */
  | { issued: InvoiceSend }
  /** Not issued under the CAEA, and why: it keeps waiting for WSFEv1. */
  | { waiting: string };

/** yyyymmddhhmiss in Argentina (UTC-3, no daylight saving): when the voucher was made (CbteFchHsGen). */
const argentinaTimestamp = (at: Date) =>
  new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 19).replace(/\D/g, '');

/** Issues the queued send under its fortnight's CAEA, or says why it cannot be. */
export async function issueUnderCaea(send: InvoiceSend, now = new Date()): Promise<CaeaOutcome> {
  const sequence = await getSequence(send.sequenceId);
  if (!sequence) return { waiting: 'its sequence is gone' };
  const { environment, cuit, docType } = sequence;
  if (serviceOfDocType(docType) !== 'wsfe')
    return { waiting: `type ${docType} is not a WSFEv1 voucher: only A, B, C and M are issued under a CAEA` };
  const voucherDate = String(send.detail.CbteFch ?? '');
  if (!/^\d{8}$/.test(voucherDate)) return { waiting: 'the voucher has no date' };
  const fortnight = fortnightOf(voucherDate);
  const held = await heldCaea(environment, cuit, fortnight);
  if (!held)
    return {
      waiting: `no CAEA is held for ${fortnight.period}/${fortnight.half} (see the supplier's caea-missing record)`,
    };
  const pointOfSale = [...(held.pointsOfSale ?? [])].sort((a, b) => a - b)[0];
  if (pointOfSale === undefined) return { waiting: 'the supplier has no CAEA point of sale' };
  const caeaSequence = await ensureSequence({ environment, cuit, pointOfSale, docType });
  const detail = { ...send.detail, CbteFchHsGen: argentinaTimestamp(now) };
  const issuer = { cuit, pointOfSale, docType };
  return inTransaction((tx) =>
    issueQueuedOnCaea(tx, {
      sendId: send.id,
      sequenceId: caeaSequence.id,
      caea: held.caea,
      detail,
      authorityLast: caeaSequence.lastNumber ?? 0,
      stamp: (number) => ({
        entryId: send.entryId,
        code: String(number).padStart(8, '0'),
        series: String(pointOfSale),
        stamps: [
          { prv: 'arca-caea', val: held.caea },
          { prv: 'arca-caea-expiry', val: isoDate(held.validTo ?? '') },
          { prv: 'arca-qr', val: caeaQrUrl({ ...send, detail }, number, held.caea, issuer) },
        ],
      }),
    }),
  );
}

/** The RG 4892 QR of a voucher issued under a CAEA (`tipoCodAut` "A", the CAEA as its code). */
export const caeaQrUrl = (
  send: InvoiceSend,
  number: number,
  caea: string,
  issuer: { cuit: string; pointOfSale: number; docType: number },
) => arcaQrUrl({ ...wsfeVouchers.qrData(send, number, caea, issuer), tipoCodAut: 'A' });

/** The step's word on an invoice issued under a CAEA. */
export const caeaIssuedMessage = (send: InvoiceSend) =>
  `Issued under CAEA ${send.caea ?? ''} as number ${send.number ?? ''}: WSFEv1 did not answer in time; it is reported when the authority answers.`;
