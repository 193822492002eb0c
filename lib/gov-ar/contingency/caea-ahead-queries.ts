// Database access for the CAEA asked ahead (caea-ahead.ts): which suppliers opted in, each fortnight's CAEA kept
// or noted missing, the `caea-missing` meta record on the supplier's entry, and the CAEA points of sale's
// sequences made ready to number without the authority.
import 'server-only';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Environment } from '@/lib/ar/environments';
import type { Fortnight } from '@/lib/ar/arca/caea-fortnight';
import { getDb, inTransaction, type Tx } from '@/lib/db/client';
import {
  caeaCodes,
  credentials,
  entries,
  invoiceSequences,
  isSupplierEntry,
  metaRecords,
  supplierCuit,
  workflows,
  type CaeaCode,
  type InvoiceSequence,
  type Credential,
  type WorkflowRow,
} from '@/lib/db/schema';
import { GOV_AR_SRC, INVOICE_TEMPLATE, META_KEY } from '@/lib/gov-ar/app';
import { newId } from '@/lib/ids';
import { deleteMetaRecord, insertMetaRecords } from '@/lib/silo/queries';

const optsIn = and(eq(workflows.template, INVOICE_TEMPLATE), sql`(${workflows.config}->>'contingency') = 'caea'`);

/** Every `ar-invoice` workflow that opted in to the CAEA contingency (of one workspace, when given). */
export async function listCaeaWorkflows(ownerId?: string): Promise<WorkflowRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(workflows)
    .where(ownerId ? and(optsIn, eq(workflows.ownerId, ownerId)) : optsIn)
    .orderBy(asc(workflows.ownerId), asc(workflows.id));
}

/** A registered supplier of a workspace, with the certificate it speaks to WSFEv1 with. */
export interface CaeaSupplier {
  cuit: string;
  credential: Credential;
}

/**
 * A page of the workspace's registered suppliers (by CUIT, after `afterCuit`) with an active certificate for
 * WSFEv1 in `environment`; of several certificates of one CUIT (branches, a re-registration), the latest. Read
 * in CUIT order alone, the order of credentials_owner_cuit, so a page costs its own rows however many suppliers
 * there are; a CUIT whose certificates the page's end may have cut is left to the next page.
 */
export async function listCaeaSuppliers(
  ownerId: string,
  environment: Environment,
  options: { afterCuit?: string; cuit?: string; limit: number },
): Promise<{ suppliers: CaeaSupplier[]; lastCuit?: string }> {
  const db = await getDb();
  // Two bounded reads rather than a join, which the planner would answer by hashing every supplier.
  const page = await db
    .select()
    .from(credentials)
    .where(
      and(
        eq(credentials.ownerId, ownerId),
        options.cuit ? eq(credentials.cuit, options.cuit) : undefined,
        options.afterCuit ? gt(credentials.cuit, options.afterCuit) : undefined,
        eq(credentials.status, 'active'),
        eq(credentials.environment, environment),
        sql`${credentials.services} @> '["wsfe"]'::jsonb`,
      ),
    )
    .orderBy(asc(credentials.cuit))
    .limit(options.limit);
  const registered =
    page.length === 0
      ? []
      : await db
          .select({ id: entries.id, cuit: supplierCuit(entries.data) })
          .from(entries)
          .where(
            and(
              inArray(
                entries.id,
                page.map((credential) => credential.entryId),
              ),
              eq(entries.ownerId, ownerId),
              isSupplierEntry(entries.folder),
              eq(entries.status, 'Registered'),
            ),
          );
  const registeredCuit = new Map(registered.map((entry) => [entry.id, String(entry.cuit)]));
  // When the page is full its last CUIT may go on past it: it is left whole to the next page (unless the page
  // holds nothing else, else it would never move on).
  const full = page.length === options.limit;
  const cut = full && page[0]!.cuit !== page.at(-1)!.cuit ? page.at(-1)!.cuit : undefined;
  const latest = new Map<string, Credential>();
  for (const credential of page) {
    if (credential.cuit === cut || registeredCuit.get(credential.entryId) !== credential.cuit) continue;
    const kept = latest.get(credential.cuit);
    if (!kept || kept.createdAt < credential.createdAt) latest.set(credential.cuit, credential);
  }
  const lastCuit = full ? page.findLast((credential) => credential.cuit !== cut)!.cuit : undefined;
  return { suppliers: [...latest.values()].map((credential) => ({ cuit: credential.cuit, credential })), lastCuit };
}

/** These CUITs' rows (held or missing) of these fortnights' months, by the table's key. */
export async function caeaRowsOf(
  environment: Environment,
  cuits: string[],
  fortnights: Fortnight[],
): Promise<CaeaCode[]> {
  if (cuits.length === 0) return [];
  const db = await getDb();
  return db
    .select()
    .from(caeaCodes)
    .where(
      and(
        eq(caeaCodes.environment, environment),
        inArray(caeaCodes.cuit, cuits),
        inArray(caeaCodes.period, [...new Set(fortnights.map((fortnight) => fortnight.period))]),
      ),
    );
}

/** The CAEA as the authority granted it, with the CAEA points of sale it listed; no longer missing. */
export async function keepHeldCaea(
  values: Pick<CaeaCode, 'environment' | 'cuit' | 'period' | 'half' | 'caea' | 'validFrom' | 'validTo' | 'reportBy'> & {
    pointsOfSale: number[];
  },
): Promise<void> {
  const db = await getDb();
  const held = {
    caea: values.caea,
    validFrom: values.validFrom,
    validTo: values.validTo,
    reportBy: values.reportBy,
    pointsOfSale: values.pointsOfSale,
    missingSince: null,
    lastError: null,
    updatedAt: new Date(),
  };
  await db
    .insert(caeaCodes)
    .values({ ...values, ...held })
    .onConflictDoUpdate({
      target: [caeaCodes.environment, caeaCodes.cuit, caeaCodes.period, caeaCodes.half],
      set: held,
    });
}

/**
 * Notes the fortnight's CAEA as missing (since the first time, with the latest reason), in the caller's
 * transaction: the row stays locked until it commits, so two runs at once announce the absence once. False when
 * the CAEA was had meanwhile (another run), and then nothing changes.
 */
export async function noteCaeaMissing(
  tx: Tx,
  environment: Environment,
  cuit: string,
  fortnight: Fortnight,
  error: string,
  now: Date,
): Promise<boolean> {
  const noted = await tx
    .insert(caeaCodes)
    .values({ environment, cuit, ...fortnight, missingSince: now, lastError: error, updatedAt: now })
    .onConflictDoUpdate({
      target: [caeaCodes.environment, caeaCodes.cuit, caeaCodes.period, caeaCodes.half],
      set: {
        missingSince: sql`coalesce(${caeaCodes.missingSince}, ${now.toISOString()}::timestamptz)`,
        lastError: error,
        updatedAt: now,
      },
      // A CAEA had meanwhile (another run) stays had.
      where: isNull(caeaCodes.caea),
    })
    .returning({ cuit: caeaCodes.cuit });
  return noted.length > 0;
}

/** The value of a `caea-missing` meta record: the fortnight, since when, and the authority's words. */
export interface CaeaMissingValue extends Fortnight {
  since: string;
  error: string;
}

const missingRecordOf = (entryId: string, { period, half }: Fortnight) =>
  and(
    eq(metaRecords.entryId, entryId),
    eq(metaRecords.src, GOV_AR_SRC),
    eq(metaRecords.key, META_KEY.caeaMissing),
    sql`(${metaRecords.value}->>'period') = ${String(period)}`,
    sql`(${metaRecords.value}->>'half') = ${String(half)}`,
  );

/** Writes the entry's `caea-missing` record for the fortnight unless it has one; whether it was written now. */
export async function recordCaeaMissing(
  tx: Tx,
  owner: { ownerId: string; entryId: string; jobId: string | null },
  value: CaeaMissingValue,
): Promise<boolean> {
  const [existing] = await tx
    .select({ id: metaRecords.id })
    .from(metaRecords)
    .where(missingRecordOf(owner.entryId, value));
  if (existing) return false;
  const now = new Date();
  await insertMetaRecords(tx, [
    {
      id: newId(),
      ...owner,
      src: GOV_AR_SRC,
      key: META_KEY.caeaMissing,
      value,
      indexed: false,
      shared: false,
      createdAt: now,
      updatedAt: now,
    },
  ]);
  return true;
}

/** A `caea-missing` meta record, as the task reads it back. */
export type CaeaMissingRecord = { id: string; entryId: string; value: CaeaMissingValue };

/** The value of a `caea` meta record: a CAEA the supplier holds, for its integrator to see (and print, if need be). */
export interface CaeaHeldValue extends Fortnight {
  caea: string;
  /** yyyy-mm-dd: the fortnight's first and last day, and the last day to inform the vouchers issued under it. */
  valid_from: string;
  valid_to: string;
  report_by: string;
  points_of_sale: number[];
}

/** A `caea` meta record, as the task reads it back. */
export type CaeaHeldRecord = { id: string; entryId: string; value: CaeaHeldValue };

/** These entries' `caea-missing` and `caea` records (by meta_records_entry). */
export async function caeaRecordsOf(
  entryIds: string[],
): Promise<{ missing: CaeaMissingRecord[]; held: CaeaHeldRecord[] }> {
  if (entryIds.length === 0) return { missing: [], held: [] };
  const db = await getDb();
  const rows = await db
    .select({ id: metaRecords.id, entryId: metaRecords.entryId, key: metaRecords.key, value: metaRecords.value })
    .from(metaRecords)
    .where(
      and(
        inArray(metaRecords.entryId, entryIds),
        eq(metaRecords.src, GOV_AR_SRC),
        inArray(metaRecords.key, [META_KEY.caeaMissing, META_KEY.caea]),
      ),
    );
  const of = (key: string) => rows.filter((row) => row.key === key).map(({ key: _key, ...record }) => record);
  return {
    missing: of(META_KEY.caeaMissing) as CaeaMissingRecord[],
    held: of(META_KEY.caea) as CaeaHeldRecord[],
  };
}

/**
 * The entry's `caea` record for the fortnight, written once; its records of fortnights whose reports are past
 * due go (the CAEA no longer serves).
 */
export async function recordCaeaHeld(
  owner: { ownerId: string; entryId: string; jobId: string | null },
  value: CaeaHeldValue,
  today: string,
): Promise<void> {
  const now = new Date();
  await inTransaction(async (tx) => {
    const records = await tx
      .select({ id: metaRecords.id, value: metaRecords.value })
      .from(metaRecords)
      .where(
        and(
          eq(metaRecords.entryId, owner.entryId),
          eq(metaRecords.src, GOV_AR_SRC),
          eq(metaRecords.key, META_KEY.caea),
        ),
      )
      .for('update');
    const held = records as { id: string; value: CaeaHeldValue }[];
    for (const record of held.filter((record) => record.value.report_by < today))
      await deleteMetaRecord(tx, { id: record.id, entryId: owner.entryId });
    if (held.some((record) => record.value.period === value.period && record.value.half === value.half)) return;
    await insertMetaRecords(tx, [
      {
        id: newId(),
        ...owner,
        src: GOV_AR_SRC,
        key: META_KEY.caea,
        value,
        indexed: false,
        shared: false,
        createdAt: now,
        updatedAt: now,
      },
    ]);
  });
}

/** Removes a `caea-missing` record (its CAEA was had). */
export async function removeCaeaMissingRecord(record: CaeaMissingRecord): Promise<void> {
  await deleteMetaRecord(await getDb(), record);
}

/** These CUITs' sequences in our store (every point of sale and voucher type), by invoice_sequences_key. */
export async function sequencesOf(environment: Environment, cuits: string[]): Promise<InvoiceSequence[]> {
  if (cuits.length === 0) return [];
  const db = await getDb();
  return db
    .select()
    .from(invoiceSequences)
    .where(and(eq(invoiceSequences.environment, environment), inArray(invoiceSequences.cuit, cuits)));
}

/** The sequence's last number as the authority said it, unless the sender learnt it first. */
export async function learnLastNumber(sequenceId: string, lastNumber: number): Promise<void> {
  const db = await getDb();
  await db
    .update(invoiceSequences)
    .set({ lastNumber, updatedAt: new Date() })
    .where(and(eq(invoiceSequences.id, sequenceId), isNull(invoiceSequences.lastNumber)));
}
