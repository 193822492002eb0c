// The console's invoice table (GET /console/invoices): the workspace's invoices filtered on the server by
// supplier (a whole CUIT, however written, or a part of the name), status, voucher type, point of sale and
// issue dates, a page at a time by keyset (newest first), each with the supplier entry it names, if any.
import { z } from 'zod';
import type { Caller } from '@/lib/access/caller';
import { ListQuery, toPage } from '@/lib/api/pagination';
import { normalizeCuit } from '@/lib/ar/cuit-digits';
import { presentEntry } from '@/lib/silo/present';
import { listMetaRecordsByEntries } from '@/lib/silo/queries';
import { listInvoices, listSuppliersByCuits, type InvoiceFilter } from '@/lib/console/invoice-queries';

const IsoDate = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} is a date, YYYY-MM-DD`)
    .refine((value) => isCalendarDate(value), `${name} is not a calendar date`)
    .optional();

/** The statuses an invoice entry may have. */
const INVOICE_STATUSES = ['Empty', 'Processing', 'Sent', 'Error'] as const;

/** `2026-02-30` is no date (Date.parse would take it for 2 March). */
function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const InvoiceSearchQuery = ListQuery.extend({
  supplier: z.string().trim().max(100, 'name the supplier in at most 100 characters').optional(),
  status: z.enum(INVOICE_STATUSES, { error: `status is one of ${INVOICE_STATUSES.join(', ')}` }).optional(),
  type: z
    .string()
    .regex(/^\d{1,3}$/, 'type is the voucher type code (CbteTipo), e.g. 6')
    .transform((value) => String(Number(value)))
    .optional(),
  point_of_sale: z.coerce
    .number({ error: 'point_of_sale is a number from 1 to 99999' })
    .int('point_of_sale is a number from 1 to 99999')
    .min(1, 'point_of_sale is a number from 1 to 99999')
    .max(99999, 'point_of_sale is a number from 1 to 99999')
    .optional(),
  from: IsoDate('from'),
  to: IsoDate('to'),
});
export type InvoiceSearchQuery = z.output<typeof InvoiceSearchQuery>;

function filterOf(query: InvoiceSearchQuery): InvoiceFilter {
  const digits = query.supplier ? normalizeCuit(query.supplier) : '';
  const byCuit = /^\d{11}$/.test(digits);
  return {
    supplierCuit: byCuit ? digits : undefined,
    supplierName: !byCuit && query.supplier ? query.supplier : undefined,
    status: query.status,
    voucherType: query.type,
    pointOfSale: query.point_of_sale,
    issuedFrom: query.from,
    issuedTo: query.to,
  };
}

export async function searchInvoices(caller: Caller, query: InvoiceSearchQuery) {
  const rows = await listInvoices(caller.ownerId, filterOf(query), { limit: query.limit, cursor: query.cursor });
  const page = toPage(rows, query.limit, (row) => row);
  const ids = page.list.map((row) => row.id);
  const cuits = [...new Set(page.list.map(invoiceSupplierCuit).filter((cuit): cuit is string => Boolean(cuit)))];
  const [meta, suppliers] = await Promise.all([
    listMetaRecordsByEntries(ids),
    listSuppliersByCuits(caller.ownerId, cuits),
  ]);
  // A CUIT may have several entries (branches, a registration from scratch): the registered one, else the newest.
  const supplierIds: Record<string, string> = {};
  for (const supplier of suppliers) {
    if (!supplierIds[supplier.cuit] || supplier.status === 'Registered') supplierIds[supplier.cuit] = supplier.id;
  }
  return {
    list: page.list.map((row) => presentEntry(row, meta.get(row.id) ?? [])),
    limit: page.limit,
    ...(page.next_cursor ? { next_cursor: page.next_cursor } : {}),
    supplier_entries: supplierIds,
  };
}

function invoiceSupplierCuit(entry: { data: unknown }): string | undefined {
  const code = (entry.data as { doc?: { supplier?: { tax_id?: { code?: unknown } } } }).doc?.supplier?.tax_id?.code;
  return typeof code === 'string' ? code : undefined;
}
