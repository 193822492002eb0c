// Database access for storing invoices: which registered supplier (and which of its certificates) an
// invoice is issued by.
import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { credentials, entries, supplierCuit, type Credential, type Environment } from '@/lib/db/schema';

/**
 * The active certificate of the workspace's `Registered` supplier entry with this CUIT in this
 * environment; of several such entries (branches, a re-registration), the most recently registered.
 */
export async function getRegisteredSupplierCredential(
  ownerId: string,
  environment: Environment,
  cuit: string,
): Promise<Credential | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ credential: credentials })
    .from(credentials)
    .innerJoin(entries, eq(entries.id, credentials.entryId))
    .where(
      and(
        eq(credentials.ownerId, ownerId),
        eq(credentials.cuit, cuit),
        eq(credentials.environment, environment),
        eq(credentials.status, 'active'),
        eq(entries.ownerId, ownerId),
        eq(entries.folder, 'suppliers'),
        eq(entries.status, 'Registered'),
        eq(supplierCuit(entries.data), cuit),
      ),
    )
    .orderBy(desc(credentials.createdAt), desc(credentials.id))
    .limit(1);
  return row?.credential;
}

/** The status of the workspace's latest supplier entry with this CUIT, to say why it cannot invoice. */
export async function getSupplierStatus(ownerId: string, cuit: string): Promise<string | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ status: entries.status })
    .from(entries)
    // By the entries_supplier_cuit index: an unknown CUIT costs one index probe, however many suppliers there are.
    .where(and(eq(entries.ownerId, ownerId), eq(entries.folder, 'suppliers'), eq(supplierCuit(entries.data), cuit)))
    .orderBy(desc(entries.createdAt), desc(entries.id))
    .limit(1);
  return row?.status;
}
