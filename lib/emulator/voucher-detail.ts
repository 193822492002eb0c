// A voucher detail (FECAEDetRequest) as the emulated WSFEv1 keeps it: the WSDL's element names, in the
// WSDL's order, each value as the service writes it back (`122`, not `122.00`), so that FECompConsultar
// answers what FECAESolicitar was sent. The elements' order is the WSDL's (lib/ar/arca/wsfe-detail-order.ts).
import type { DETAIL_FIELDS, DetailArray } from '@/lib/ar/arca/wsfe-detail-order';

export type DetailItem = Record<string, string>;

/** Scalars are strings as written back; arrays are lists of items; PeriodoAsoc is one item. */
export type VoucherDetail = Partial<
  Record<Exclude<(typeof DETAIL_FIELDS)[number], DetailArray | 'PeriodoAsoc'>, string>
> &
  Partial<Record<DetailArray, DetailItem[]>> & { PeriodoAsoc?: DetailItem };

export interface Observation {
  code: number;
  message: string;
}

/** The emulator's table of vouchers stores these (lib/db/schema.ts names them by this merging). */
declare module '@/lib/db/schema' {
  interface ServiceColumnTypes {
    voucherDetail: VoucherDetail;
    voucherObservation: Observation;
  }
}
