// The service a sequence's vouchers go through, by their type (lib/ar/services.ts).
import { serviceOfDocType, type AuthorityService } from '@/lib/ar/services';
import type { VoucherService } from '@/lib/gov-ar/invoices/voucher-service';
import { wsctVouchers } from '@/lib/gov-ar/invoices/wsct-voucher-service';
import { wsfeVouchers } from '@/lib/gov-ar/invoices/wsfe-voucher-service';
import { wsfexVouchers } from '@/lib/gov-ar/invoices/wsfex-voucher-service';

const BY_SERVICE: Record<AuthorityService, VoucherService> = {
  wsfe: wsfeVouchers,
  wsfex: wsfexVouchers,
  wsct: wsctVouchers,
};

export const voucherServiceFor = (docType: number): VoucherService => BY_SERVICE[serviceOfDocType(docType)];
