// A supplier entry of the signed-in workspace for a server-rendered page, or undefined when the id
// names none (malformed, unknown, another workspace's, or not a supplier).
import type { Caller } from '@/lib/access/caller';
import { ApiError } from '@/lib/api/errors';
import { isUuid } from '@/lib/ids';
import { getEntry } from '@/lib/silo/entries';
import type { SupplierEntry } from '@/lib/console/types';

export async function loadSupplier(caller: Caller, id: string): Promise<SupplierEntry | undefined> {
  if (!isUuid(id)) return undefined;
  try {
    const entry = await getEntry(caller, id);
    return entry.folder === 'suppliers' ? (entry as SupplierEntry) : undefined;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'entry_not_found') return undefined;
    throw error;
  }
}
