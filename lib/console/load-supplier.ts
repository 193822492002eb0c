// A supplier entry of the signed-in workspace for a server-rendered page, or undefined when the id
// names none (malformed, unknown, another workspace's, or not a supplier).
import type { Caller } from '../access/queries';
import { ApiError } from '../api/errors';
import { isUuid } from '../ids';
import { getEntry } from '../silo/entries';
import type { SupplierEntry } from './types';

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
