// The store's check of a type E invoice: the WSFEX voucher it will be sent as can be made, or the one field
// to correct (no destination country, an unknown incoterm, a currency without its rate...), so that an export
// the authority is certain to refuse is refused with 422 before a number is taken for it.
import type { CalculableInvoice } from '@/lib/gobl/invoice';
import { DOC_TYPES_E, EXT_DOC_TYPE } from '@/lib/ar/arca/extensions';
import { toFexRequest } from '@/lib/ar/arca/wsfex-mapping';
import { WsfexMappingError } from '@/lib/ar/arca/wsfex-mapping-error';

export function checkExportVoucher(doc: CalculableInvoice): Record<string, string> {
  if (!DOC_TYPES_E.includes(doc.tax?.ext?.[EXT_DOC_TYPE] ?? '')) return {};
  try {
    toFexRequest(doc);
    return {};
  } catch (error) {
    if (error instanceof WsfexMappingError) return { [error.field]: error.message };
    throw error;
  }
}
