// The console's supplier list, searched and filtered on the server: a CUIT (11 digits, however written)
// is an exact match from the index on it; any other text is a case-insensitive part of the name, a
// status filter is an exact status, and `stuck` a registration waiting on a supplier who never opened the
// link or whose last upload was refused, all tested on a bounded window of the owner's suppliers (newest
// first), so one request reads at most SCAN_WINDOW rows whatever the workspace holds. A page may then
// come back short with a cursor: the rest of the window had no match, older suppliers are still to search.
import { z } from 'zod';
import type { Caller } from '@/lib/access/caller';
import { encodeCursor, ListQuery, toPage } from '@/lib/api/pagination';
import { normalizeCuit } from '@/lib/ar/cuit-digits';
import type { Entry, MetaRecordRow } from '@/lib/db/schema';
import { GOV_AR_SRC, META_KEY, SUPPLIERS_FOLDER } from '@/lib/gov-ar/app';
import { presentEntry } from '@/lib/silo/present';
import { listEntriesByFolder, listMetaRecordsByEntries } from '@/lib/silo/queries';
import { SUPPLIER_STATUSES } from '@/lib/console/supplier';
import { getOpenJobs, getSuppliersByIds, listSuppliersByCuit, scanSuppliers } from '@/lib/console/supplier-queries';

/** How many suppliers one request reads at most to fill a page of a name or status search. */
export const SCAN_WINDOW = 500;

export const SupplierSearchQuery = ListQuery.extend({
  q: z.string().trim().max(100, 'search for at most 100 characters').optional(),
  status: z.enum(SUPPLIER_STATUSES, { error: `status is one of ${SUPPLIER_STATUSES.join(', ')}` }).optional(),
  stuck: z
    .enum(['true', 'false'], { error: 'stuck is true or false' })
    .optional()
    .transform((value) => value === 'true'),
});
export type SupplierSearchQuery = z.output<typeof SupplierSearchQuery>;

/** The CUIT a search names: 11 digits once the hyphens, dots and spaces are gone. */
function searchedCuit(q: string): string | undefined {
  const digits = normalizeCuit(q);
  return /^\d{11}$/.test(digits) ? digits : undefined;
}

export async function searchSuppliers(caller: Caller, query: SupplierSearchQuery) {
  const { rows, nextCursor } = await findSuppliers(caller.ownerId, query);
  const ids = rows.map((row) => row.id);
  const [meta, openJobs] = await Promise.all([listMetaRecordsByEntries(ids), getOpenJobs(caller.ownerId, ids)]);
  return {
    list: rows.map((row) => presentEntry(row, meta.get(row.id) ?? [])),
    limit: query.limit,
    ...(nextCursor ? { next_cursor: nextCursor } : {}),
    ...linksOfOpenJobs(ids, meta, openJobs),
  };
}

/**
 * Of the listed suppliers with a registration job open now: those whose newest link that job made (still
 * to use: `open_links`), and those whose job has not made it yet (`making_links`). Any other's link was
 * used, or can no longer be.
 */
function linksOfOpenJobs(ids: string[], meta: Map<string, MetaRecordRow[]>, openJobs: Map<string, Date>) {
  const open: string[] = [];
  const making: string[] = [];
  for (const id of ids) {
    const openedAt = openJobs.get(id);
    if (openedAt === undefined) continue;
    const link = meta
      .get(id)
      ?.filter((record) => record.src === GOV_AR_SRC && record.key === META_KEY.link)
      .at(-1);
    (link && link.createdAt >= openedAt ? open : making).push(id);
  }
  return { open_links: open, making_links: making };
}

async function findSuppliers(
  ownerId: string,
  query: SupplierSearchQuery,
): Promise<{ rows: Entry[]; nextCursor?: string }> {
  const page = { limit: query.limit, cursor: query.cursor };
  const cuit = query.q ? searchedCuit(query.q) : undefined;
  if (cuit || (!query.q && !query.status && !query.stuck)) {
    const fetched = cuit
      ? await listSuppliersByCuit(ownerId, cuit, { status: query.status, stuck: query.stuck }, page)
      : await listEntriesByFolder(ownerId, { folder: SUPPLIERS_FOLDER, ...page });
    const shaped = toPage(fetched, query.limit, (row) => row);
    return { rows: shaped.list, nextCursor: shaped.next_cursor };
  }

  const scanned = await scanSuppliers(
    ownerId,
    { name: query.q || undefined, status: query.status, stuck: query.stuck },
    SCAN_WINDOW,
    query.cursor,
  );
  const window = scanned.slice(0, SCAN_WINDOW);
  const beyondWindow = scanned.length > SCAN_WINDOW;
  const matched: string[] = [];
  let stop = window.length - 1;
  for (let at = 0; at < window.length; at++) {
    if (!window[at]!.matches) continue;
    matched.push(window[at]!.id);
    if (matched.length === query.limit) {
      stop = at;
      break;
    }
  }
  const more = stop < window.length - 1 || beyondWindow;
  const rows = await getSuppliersByIds(ownerId, matched);
  const order = new Map(matched.map((id, at) => [id, at]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { rows, nextCursor: more && window[stop] ? encodeCursor(window[stop]!) : undefined };
}
