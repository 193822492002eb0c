// Which view a voucher is printed from, by its letter: exports (E) from the WSFEX voucher they were issued
// as, tourism (T) from the WSCT one, every other class from its WSFEv1 detail.
import type { InvoicePdfInput } from '@/lib/gov-ar/pdf/input';
import { exportView } from '@/lib/gov-ar/pdf/export-view';
import { invoiceView, type InvoiceView } from '@/lib/gov-ar/pdf/invoice-view';
import { issuedVoucher } from '@/lib/gov-ar/pdf/issued-voucher';
import { tourismView } from '@/lib/gov-ar/pdf/tourism-view';

export function voucherView(input: InvoicePdfInput): InvoiceView {
  const issued = issuedVoucher(input);
  if (issued.kind.letter === 'E') return exportView(input, issued);
  if (issued.kind.letter === 'T') return tourismView(input, issued);
  return invoiceView(input, issued);
}
