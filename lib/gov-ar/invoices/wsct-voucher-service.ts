// WSCT (tourism, T) for the sender: one voucher per autorizarComprobante; a lost answer settled by the record
// (consultarUltimoComprobanteAutorizado, consultarComprobanteTipoPVentaNro), 302 for a number refused alone.
import { elementDifferences } from '@/lib/ar/arca/voucher-match';
import type { WsctComprobante } from '@/lib/ar/arca/wsct-comprobante';
import { wsctAuthorise, wsctLastNumber, wsctVoucher } from '@/lib/authority/wsct-vouchers';
import { wsctDummy } from '@/lib/authority/wsct-client';
import type { InvoiceSend } from '@/lib/db/schema';
import { onlySend, oneVoucherResult, type VoucherService } from '@/lib/gov-ar/invoices/voucher-service';

/** "La numeración no corresponde con el próximo a autorizar." */
const NUMBERING = '302';

const numbered = (send: InvoiceSend, number: number): WsctComprobante => ({
  ...(send.detail as unknown as WsctComprobante),
  numeroComprobante: number,
});

/** WSCT writes dates YYYY-MM-DD; the sender compares yyyymmdd. */
const compact = (date: unknown) => String(date ?? '').replaceAll('-', '');

export const wsctVouchers: VoucherService = {
  service: 'wsct',
  numberingCode: NUMBERING,
  health: wsctDummy,
  internalCodes: new Set(),
  batchSize: async () => 1,
  lastNumber: (authority) => wsctLastNumber(authority.environment, authority.auth, authority.sequence),
  async lookUp(authority, number) {
    const held = await wsctVoucher(authority.environment, authority.auth, authority.sequence, number);
    return held && { ...held, caeDue: compact(held.caeDue) };
  },
  numbered: (send, number) => ({ ...numbered(send, number) }),
  differences: (send, held) => elementDifferences(numbered(send, send.number!), held.fields),
  dateOf: (fields) => compact(fields.fechaEmision),
  async solicit(authority, sends) {
    const send = onlySend(sends, 'WSCT');
    const answer = await wsctAuthorise(authority.environment, authority.auth, numbered(send, send.number));
    if ((answer.result === 'A' || answer.result === 'O') && answer.cae) {
      const { cae, observations } = answer;
      return oneVoucherResult(send.number, { kind: 'authorised', cae, caeDue: compact(answer.caeDue), observations });
    }
    if (answer.errors.length > 0 && answer.errors.every((error) => error.code === NUMBERING))
      return oneVoucherResult(send.number, { kind: 'numbering', errors: answer.errors });
    const errors = [...answer.errors.filter((error) => error.code !== NUMBERING), ...answer.observations];
    return oneVoucherResult(send.number, { kind: 'refused', errors });
  },
  qrData(send, number, cae, issuer) {
    const voucher = numbered(send, number);
    return {
      fecha: voucher.fechaEmision,
      cuit: issuer.cuit,
      ptoVta: issuer.pointOfSale,
      tipoCmp: issuer.docType,
      nroCmp: number,
      importe: voucher.importeTotal,
      moneda: voucher.codigoMoneda,
      ctz: voucher.cotizacionMoneda,
      // A passport's number may hold letters; the QR's document is digits, and "si corresponde".
      ...(/^\d{1,20}$/.test(voucher.numeroDocumento)
        ? { tipoDocRec: voucher.codigoTipoDocumento, nroDocRec: voucher.numeroDocumento }
        : {}),
      tipoCodAut: 'E',
      codAut: cae,
    };
  },
};
