// The authority's book, whole: every voucher the emulated WSFEv1 (CAE, or informed under a CAEA), WSFEX and
// WSCT authorised for a CUIT, paged in the order a reconciliation walks it (point of sale, voucher type, number,
// ascending), so that a client can compare it sequence by sequence with its own records. The cursor is the last
// served voucher's place in that order.
import { z } from 'zod';
import { cursorOf, cursorValues, ListQuery } from '@/lib/api/pagination';
import type { Environment } from '@/lib/ar/environments';
import { listBook, type BookRow } from '@/lib/emulator/book-queries';
import type { BookPosition } from '@/lib/emulator/invoicing-queries';
import { EnvironmentSchema } from '@/lib/emulator/portal';
import { isoDate } from '@/lib/ar/arca/voucher-date';
import { isoTimestamp } from '@/lib/emulator/wsfe-values';
import type { BookVoucher } from '@/lib/responses/emulator';
import type { ListOf } from '@/lib/responses/common';

export const VoucherBookQuery = ListQuery.extend({
  environment: EnvironmentSchema,
  point_of_sale: z.coerce.number().int().min(1).max(99_999).optional(),
  voucher_type: z.coerce.number().int().min(1).max(999).optional(),
}).strict();

const encodeCursor = (at: BookPosition) => cursorOf([at.pointOfSale, at.voucherType, at.number]);

function decodeCursor(cursor: string): BookPosition {
  const [pointOfSale, voucherType, number] = cursorValues(
    cursor,
    z.tuple([z.int().min(0), z.int().min(0), z.int().min(0)]),
  );
  return { pointOfSale, voucherType, number };
}

const presentVoucher = (voucher: BookRow): BookVoucher => ({
  point_of_sale: voucher.pointOfSale,
  voucher_type: voucher.voucherType,
  number: voucher.numberFrom,
  number_to: voucher.numberTo,
  ...(voucher.emission === 'CAEA' ? { caea: voucher.cae } : { cae: voucher.cae }),
  date: isoDate(voucher.date),
  total: voucher.total,
  currency: voucher.currency,
  receiver: { doc_type: voucher.docType, doc_number: voucher.docNumber },
  service: voucher.service,
  processed_at: isoTimestamp(voucher.processedAt),
});

export async function listVoucherBook(
  cuit: string,
  query: z.output<typeof VoucherBookQuery> & { environment: Environment },
): Promise<ListOf<BookVoucher>> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await listBook(
    query.environment,
    cuit,
    { pointOfSale: query.point_of_sale, voucherType: query.voucher_type },
    after,
    query.limit + 1,
  );
  const served = rows.slice(0, query.limit);
  const last = served.at(-1);
  return {
    list: served.map(presentVoucher),
    limit: query.limit,
    ...(rows.length > query.limit && last
      ? {
          next_cursor: encodeCursor({
            pointOfSale: last.pointOfSale,
            voucherType: last.voucherType,
            number: last.numberFrom,
          }),
        }
      : {}),
  };
}
