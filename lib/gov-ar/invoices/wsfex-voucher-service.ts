// WSFEX (exports, E) for the sender: one voucher per FEXAuthorize, under a request Id of the CUIT's taken with
// its number and kept (`invoice_sends.request_id`). A lost answer is settled as for WSFEv1, by the record
// (FEXGetLast_CMP, FEXGetCMP), and a voucher sent again goes with its first Id: had the first request been
// authorised, the authority answers that result (Reproceso S) instead of authorising it twice.
import { isoDate } from '@/lib/ar/arca/voucher-date';
import { elementDifferences } from '@/lib/ar/arca/voucher-match';
import { withExportNumber, type WsfexVoucher } from '@/lib/ar/arca/wsfex-mapping';
import { fexAuthorize, fexGetCmp, fexGetLastCmp, fexGetLastId } from '@/lib/authority/wsfex-vouchers';
import { fexDummy } from '@/lib/authority/wsfex-client';
import type { InvoiceSend } from '@/lib/db/schema';
import type { Authority } from '@/lib/gov-ar/invoices/sequence-authority';
import { onlySend, oneVoucherResult, type VoucherService } from '@/lib/gov-ar/invoices/voucher-service';

/** "Cbte_nro: el comprobante no corresponde en secuencia al próximo…, o su fecha es anterior a la del último." */
const NUMBERING = '1535';

const numbered = (send: InvoiceSend, number: number) => {
  if (send.requestId === null) throw new Error(`Export send ${send.id} was numbered without its request Id.`);
  return withExportNumber(send.detail as unknown as WsfexVoucher, send.requestId, number);
};

/** FEXGetLast_ID, asked once per sending round (an `Authority` lives for one round). */
const lastIds = new WeakMap<Authority, Promise<number>>();

export const wsfexVouchers: VoucherService = {
  service: 'wsfex',
  numberingCode: NUMBERING,
  health: fexDummy,
  internalCodes: new Set(),
  batchSize: async () => 1,
  lastNumber: async (authority) =>
    (await fexGetLastCmp(authority.environment, authority.auth, authority.sequence)).number,
  lookUp: (authority, number) => fexGetCmp(authority.environment, authority.auth, authority.sequence, number),
  numbered: (send, number) => ({ ...numbered(send, number) }),
  differences: (send, held) => elementDifferences(numbered(send, send.number!), held.fields),
  dateOf: (fields) => String(fields.Fecha_cbte ?? ''),
  async solicit(authority, sends) {
    const send = onlySend(sends, 'WSFEX');
    const answer = await fexAuthorize(authority.environment, authority.auth, numbered(send, send.number));
    if (answer.approved) {
      const observations = answer.observations ? [{ code: 'Obs', message: answer.observations }] : [];
      return oneVoucherResult(send.number, {
        kind: 'authorised',
        cae: answer.cae,
        caeDue: answer.caeDue,
        observations,
      });
    }
    if (answer.error?.code === NUMBERING)
      return oneVoucherResult(send.number, { kind: 'numbering', errors: [answer.error] });
    const error = answer.error ?? { code: 'R', message: answer.observations || 'Refused; no reason given.' };
    return oneVoucherResult(send.number, { kind: 'refused', errors: [error] });
  },
  qrData(send, number, cae, issuer) {
    const voucher = numbered(send, number);
    return {
      fecha: isoDate(voucher.Fecha_cbte),
      cuit: issuer.cuit,
      ptoVta: issuer.pointOfSale,
      tipoCmp: issuer.docType,
      nroCmp: number,
      importe: voucher.Imp_total,
      moneda: voucher.Moneda_Id,
      ctz: voucher.Moneda_ctz,
      // The customer abroad has no Argentine document: "tipoDocRec"/"nroDocRec" are sent "si corresponde".
      tipoCodAut: 'E',
      codAut: cae,
    };
  },
  lastRequestId(authority) {
    let last = lastIds.get(authority);
    if (!last) {
      last = fexGetLastId(authority.environment, authority.auth);
      lastIds.set(authority, last);
      last.catch(() => lastIds.delete(authority));
    }
    return last;
  },
};
