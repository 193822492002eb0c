// Database access for invoices outside their numbering (issuance-queries.ts): which registered supplier
// (and which of its certificates) an invoice is issued by, its status, and its kept PDF.
import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { getDb, inTransaction, type Tx } from '@/lib/db/client';
import {
  credentials,
  entries,
  invoicePdfs,
  isSupplierEntry,
  metaRecords,
  supplierCuit,
  workflows,
  workspaces,
  type Credential,
} from '@/lib/db/schema';
import type { Environment } from '@/lib/ar/environments';
import { GOV_AR_SRC, META_KEY } from '@/lib/gov-ar/app';
import { insertMetaRecords } from '@/lib/silo/queries';

/**
 * An active credential of the workspace's `Registered` supplier entry with this CUIT (credentials joined to
 * their entries): who an invoice is issued by. Of several (branches, a re-registration), the latest first.
 */
const activeCredentialOfRegisteredSupplier = (ownerId: string, cuit: string) =>
  and(
    eq(credentials.ownerId, ownerId),
    eq(credentials.cuit, cuit),
    eq(credentials.status, 'active'),
    eq(entries.ownerId, ownerId),
    isSupplierEntry(entries.folder),
    eq(entries.status, 'Registered'),
    eq(supplierCuit(entries.data), cuit),
  );
const latestCredentialFirst = [desc(credentials.createdAt), desc(credentials.id)];

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
    .where(and(activeCredentialOfRegisteredSupplier(ownerId, cuit), eq(credentials.environment, environment)))
    .orderBy(...latestCredentialFirst)
    .limit(1);
  return row?.credential;
}

/** The status of the workspace's latest supplier entry with this CUIT, to say why it cannot invoice. */
export async function getSupplierStatus(ownerId: string, cuit: string): Promise<string | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ status: entries.status })
    .from(entries)
    // By the entries_supplier_cuit index: an unknown CUIT costs one index probe, however many suppliers there
    // are, on a generic plan too (the folder a literal, as the index's condition).
    .where(and(eq(entries.ownerId, ownerId), isSupplierEntry(entries.folder), eq(supplierCuit(entries.data), cuit)))
    .orderBy(desc(entries.createdAt), desc(entries.id))
    .limit(1);
  return row?.status;
}

/**
 * Keeps the invoice's PDF and its meta record, in one transaction; false when one was kept first (another
 * run of the step), and then nothing is written.
 */
export async function keepPdf(
  pdf: typeof invoicePdfs.$inferInsert,
  record: typeof metaRecords.$inferInsert,
): Promise<boolean> {
  return inTransaction(async (tx) => {
    const [stored] = await tx
      .insert(invoicePdfs)
      .values(pdf)
      .onConflictDoNothing()
      .returning({ entryId: invoicePdfs.entryId });
    if (!stored) return false;
    await insertMetaRecords(tx, [record]);
    return true;
  });
}

/** The workspace's invoice PDF, bytes and name. */
/** The invoice's kept PDF is dropped (its voucher was corrected): the next request renders it anew. */
export async function forgetPdf(tx: Tx, entryId: string): Promise<void> {
  await tx.delete(invoicePdfs).where(eq(invoicePdfs.entryId, entryId));
}

export async function getOwnedInvoicePdf(
  ownerId: string,
  entryId: string,
): Promise<{ fileName: string; pdf: Uint8Array } | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ fileName: invoicePdfs.fileName, pdf: invoicePdfs.pdf })
    .from(invoicePdfs)
    .where(and(eq(invoicePdfs.entryId, entryId), eq(invoicePdfs.ownerId, ownerId)));
  return row;
}

/**
 * The company data (the `gov-ar`/`company` meta record's value) of the workspace's registered supplier with
 * this CUIT, the one an invoice is issued by (as getRegisteredSupplierCredential picks it; a workspace's
 * credentials are all of its one environment); undefined when it has none. One statement: the PDF step asks
 * for every invoice.
 */
export async function getSupplierCompanyRecord(ownerId: string, cuit: string): Promise<unknown> {
  const db = await getDb();
  const [row] = await db
    .select({ value: metaRecords.value })
    .from(credentials)
    .innerJoin(entries, eq(entries.id, credentials.entryId))
    .leftJoin(
      metaRecords,
      and(
        eq(metaRecords.entryId, credentials.entryId),
        eq(metaRecords.src, GOV_AR_SRC),
        eq(metaRecords.key, META_KEY.company),
      ),
    )
    .where(activeCredentialOfRegisteredSupplier(ownerId, cuit))
    .orderBy(...latestCredentialFirst)
    .limit(1);
  return row?.value ?? undefined;
}

/** Whether the workspace is a sandbox one (its invoices are authorised in homologación, without fiscal value). */
export async function isSandboxWorkspace(ownerId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ sandbox: workspaces.sandbox }).from(workspaces).where(eq(workspaces.id, ownerId));
  return row?.sandbox ?? false;
}

/** Whether any of the workspace's invoice workflows asks for customers to be checked against the register. */
export async function workspaceChecksCustomers(ownerId: string, template: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: workflows.id })
    .from(workflows)
    .where(
      and(
        eq(workflows.ownerId, ownerId),
        eq(workflows.template, template),
        sql`(${workflows.config}->>'checkCustomer') = 'true'`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
