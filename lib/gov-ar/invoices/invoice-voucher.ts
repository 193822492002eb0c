// The voucher an invoice is queued with, mapped for the service its type goes through: WSFEv1's
// FECAEDetRequest (A, B, C, M), WSFEX's Cmp (E) or WSCT's comprobante (T), each without its number (and,
// for WSFEX, its request Id), which the sender gives it. The store already refused what a mapping refuses
// (a 422 by field); what still fails here ends the job without a number.
import { toFECAEDetRequest } from '@/lib/ar/arca/wsfe-detail';
import { WsfeMappingError } from '@/lib/ar/arca/wsfe-mapping-error';
import { toWsctComprobante } from '@/lib/ar/arca/wsct-comprobante';
import { WsctMappingError } from '@/lib/ar/arca/wsct-mapping-error';
import { toFexRequest } from '@/lib/ar/arca/wsfex-mapping';
import { WsfexMappingError } from '@/lib/ar/arca/wsfex-mapping-error';
import { DOC_TYPES_E, DOC_TYPES_T, EXT_DOC_TYPE } from '@/lib/ar/arca/extensions';
import type { CalculableInvoice } from '@/lib/gobl/invoice';

export interface QueuedVoucher {
  pointOfSale: number;
  docType: number;
  /** The voucher without its number, as the send keeps it. */
  detail: Record<string, unknown>;
}

/** The invoice's voucher, or why it cannot be issued. */
export function invoiceVoucher(invoice: CalculableInvoice): QueuedVoucher | { refusal: string } {
  const docType = invoice.tax?.ext?.[EXT_DOC_TYPE] ?? '';
  try {
    if (DOC_TYPES_E.includes(docType)) {
      const voucher = toFexRequest(invoice);
      return { pointOfSale: voucher.Punto_vta, docType: voucher.Cbte_Tipo, detail: { ...voucher } };
    }
    if (DOC_TYPES_T.includes(docType)) {
      // Numbered by the sender; 0 keeps the element's place in the request until then.
      const voucher = toWsctComprobante(invoice, 0);
      return { pointOfSale: voucher.numeroPuntoVenta, docType: voucher.codigoTipoComprobante, detail: { ...voucher } };
    }
    const voucher = toFECAEDetRequest(invoice);
    return { pointOfSale: voucher.PtoVta, docType: voucher.CbteTipo, detail: voucher.detail };
  } catch (error) {
    if (error instanceof WsfexMappingError) return { refusal: `${error.field}: ${error.message}` };
    if (error instanceof WsctMappingError) return { refusal: `${error.field}: ${error.message}` };
    if (error instanceof WsfeMappingError) return { refusal: error.message };
    throw error;
  }
}
