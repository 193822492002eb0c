// The authority's whole book for a CUIT across its three invoicing services: WSFEv1's vouchers, WSFEX's
// exports and WSCT's tourism vouchers, one row shape, in the order a reconciliation walks it (point of sale,
// voucher type, number). The services' voucher types never overlap, so each sequence comes from one book.
import 'server-only';
import { sql } from 'drizzle-orm';
import type { AuthorityService } from '@/lib/ar/services';
import type { Environment } from '@/lib/ar/environments';
import { getDb } from '@/lib/db/client';
import type { EmulatorEmission } from '@/lib/db/schema';
import type { BookPosition } from '@/lib/emulator/invoicing-queries';

export interface BookRow {
  pointOfSale: number;
  voucherType: number;
  numberFrom: number;
  numberTo: number;
  cae: string;
  /** yyyymmdd */
  date: string;
  total: string;
  currency: string;
  docType: number;
  docNumber: string;
  service: AuthorityService;
  /** CAE: authorised online; CAEA: informed under a CAEA (`cae` is then the CAEA; WSFEv1 only). */
  emission: EmulatorEmission;
  /** yyyymmddhhmiss in Argentina. */
  processedAt: string;
}

export async function listBook(
  environment: Environment,
  cuit: string,
  filter: { pointOfSale?: number; voucherType?: number },
  after: BookPosition | undefined,
  limit: number,
): Promise<BookRow[]> {
  const db = await getDb();
  const result = await db.execute(sql`
    select * from (
      select point_of_sale, voucher_type, number_from, number_to, cae, detail->>'CbteFch' as date,
        detail->>'ImpTotal' as total, detail->>'MonId' as currency, (detail->>'DocTipo')::int as doc_type,
        detail->>'DocNro' as doc_number, 'wsfe' as service, emission, processed_at
      from emulator_vouchers where environment = ${environment} and cuit = ${cuit}
      union all
      select point_of_sale, voucher_type, number, number, cae, voucher_date, request->>'Imp_total',
        request->>'Moneda_Id', 0, coalesce(nullif(request->>'Id_impositivo', ''), request->>'Cuit_pais_cliente', ''),
        'wsfex', 'CAE', processed_at
      from emulator_export_vouchers where environment = ${environment} and cuit = ${cuit}
      union all
      select point_of_sale, voucher_type, number, number, cae, replace(comprobante->>'fechaEmision', '-', ''),
        comprobante->>'importeTotal', comprobante->>'codigoMoneda', (comprobante->>'codigoTipoDocumento')::int,
        comprobante->>'numeroDocumento', 'wsct', 'CAE',
        to_char(created_at at time zone 'UTC' - interval '3 hours', 'YYYYMMDDHH24MISS')
      from emulator_wsct_vouchers where environment = ${environment} and cuit = ${cuit}
    ) book
    where (${filter.pointOfSale ?? null}::int is null or point_of_sale = ${filter.pointOfSale ?? null}::int)
      and (${filter.voucherType ?? null}::int is null or voucher_type = ${filter.voucherType ?? null}::int)
      and (${after ? 1 : 0} = 0 or (point_of_sale, voucher_type, number_from) >
        (${after?.pointOfSale ?? 0}::int, ${after?.voucherType ?? 0}::int, ${after?.number ?? 0}::int))
    order by point_of_sale, voucher_type, number_from
    limit ${limit}`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    pointOfSale: Number(row.point_of_sale),
    voucherType: Number(row.voucher_type),
    numberFrom: Number(row.number_from),
    numberTo: Number(row.number_to),
    cae: String(row.cae),
    date: String(row.date ?? ''),
    total: String(row.total ?? '0'),
    currency: String(row.currency ?? ''),
    docType: Number(row.doc_type ?? 0),
    docNumber: String(row.doc_number ?? ''),
    service: row.service as AuthorityService,
    emission: row.emission === 'CAEA' ? 'CAEA' : 'CAE',
    processedAt: String(row.processed_at ?? ''),
  }));
}
