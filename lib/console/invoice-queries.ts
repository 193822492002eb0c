// Database access for the console's invoice table: the owner's invoices filtered in SQL (supplier, status,
// voucher type, point of sale, issue dates) and paged by keyset, newest first, on the owner's invoices by
// the entries_owner_folder_created index; and the supplier entries a page's invoices name.
import 'server-only';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterCursor, newestFirst } from '@/lib/api/pagination';
import { getDb } from '@/lib/db/client';
import { entries, supplierCuit, type Entry, type EntryStatus } from '@/lib/db/schema';
import { INVOICES_FOLDER, SUPPLIERS_FOLDER } from '@/lib/gov-ar/app';

export interface InvoiceFilter {
  /** The supplier's whole CUIT (11 digits), or a part of its name, any case. */
  supplierCuit?: string;
  supplierName?: string;
  status?: EntryStatus;
  /** The authority's voucher type (CbteTipo), as the store normalised it. */
  voucherType?: string;
  pointOfSale?: number;
  /** Issue dates, `YYYY-MM-DD`, both ends included. */
  issuedFrom?: string;
  issuedTo?: string;
}

const doc = sql`(${entries.data}->'doc')`;

/** Each filter as a condition on the stored envelope; ISO dates compare as text. */
function conditions(filter: InvoiceFilter): (SQL | undefined)[] {
  return [
    filter.supplierCuit ? sql`${doc}->'supplier'->'tax_id'->>'code' = ${filter.supplierCuit}` : undefined,
    // strpos, not LIKE: a name with % or _ means those characters.
    filter.supplierName
      ? sql`strpos(lower(coalesce(${doc}->'supplier'->>'name', '')), lower(${filter.supplierName})) > 0`
      : undefined,
    filter.status ? eq(entries.status, filter.status) : undefined,
    filter.voucherType ? sql`${doc}->'tax'->'ext'->>'ar-arca-doc-type' = ${filter.voucherType}` : undefined,
    filter.pointOfSale !== undefined
      ? sql`ltrim(coalesce(${doc}->>'series', ''), '0') = ${String(filter.pointOfSale)}`
      : undefined,
    filter.issuedFrom ? sql`${doc}->>'issue_date' >= ${filter.issuedFrom}` : undefined,
    filter.issuedTo ? sql`${doc}->>'issue_date' <= ${filter.issuedTo}` : undefined,
  ];
}

/** The owner's invoices that pass the filter, after the cursor, newest first: `limit + 1` rows. */
export async function listInvoices(
  ownerId: string,
  filter: InvoiceFilter,
  page: { limit: number; cursor?: string },
): Promise<Entry[]> {
  const db = await getDb();
  return db
    .select()
    .from(entries)
    .where(
      and(
        eq(entries.ownerId, ownerId),
        eq(entries.folder, INVOICES_FOLDER),
        ...conditions(filter),
        afterCursor(entries, page.cursor),
      ),
    )
    .orderBy(...newestFirst(entries))
    .limit(page.limit + 1);
}

/** The owner's supplier entries with these CUITs (by the entries_supplier_cuit index), newest first. */
export async function listSuppliersByCuits(
  ownerId: string,
  cuits: string[],
): Promise<{ id: string; cuit: string; status: EntryStatus }[]> {
  if (cuits.length === 0) return [];
  const db = await getDb();
  return db
    .select({ id: entries.id, cuit: sql<string>`${supplierCuit(entries.data)}`, status: entries.status })
    .from(entries)
    .where(
      and(
        eq(entries.ownerId, ownerId),
        eq(entries.folder, SUPPLIERS_FOLDER),
        inArray(supplierCuit(entries.data), cuits),
      ),
    )
    .orderBy(...newestFirst(entries));
}
