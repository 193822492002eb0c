// Database access for issuing invoices: numbering sequences with their sender lease, and each invoice's
// send (queued, numbered and sending, then authorised, refused or in conflict).
import 'server-only';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '@/lib/db/client';
import {
  invoiceSends,
  invoiceSequences,
  type metaRecords,
  type Environment,
  type InvoiceSend,
  type InvoiceSendResult,
  type InvoiceSequence,
} from '@/lib/db/schema';
import { readyStepsNow } from '@/lib/transform/queries';
import { GOV_AR_SRC } from '@/lib/gov-ar/app';
import { newId } from '@/lib/ids';
import { insertMetaRecords } from '@/lib/silo/queries';

export interface SequenceKey {
  environment: Environment;
  cuit: string;
  pointOfSale: number;
  docType: number;
}

/** The sequence's row, made on first use (two makers at once: one wins, both read it). */
export async function ensureSequence(key: SequenceKey): Promise<InvoiceSequence> {
  const db = await getDb();
  const read = async () => {
    const [row] = await db
      .select()
      .from(invoiceSequences)
      .where(
        and(
          eq(invoiceSequences.environment, key.environment),
          eq(invoiceSequences.cuit, key.cuit),
          eq(invoiceSequences.pointOfSale, key.pointOfSale),
          eq(invoiceSequences.docType, key.docType),
        ),
      );
    return row;
  };
  // Made once and read for every invoice after: the read alone, as a rule.
  const existing = await read();
  if (existing) return existing;
  await db
    .insert(invoiceSequences)
    .values({ id: newId(), ...key })
    .onConflictDoNothing();
  return (await read())!;
}

/**
 * Takes the sequence's sender lease for `seconds` (free, run out, or already ours); the sequence, or
 * undefined when another sender holds it.
 */
export async function takeSequenceLease(
  id: string,
  owner: string,
  seconds: number,
): Promise<InvoiceSequence | undefined> {
  const db = await getDb();
  const [row] = await db
    .update(invoiceSequences)
    .set({ leaseOwner: owner, leaseUntil: sql`now() + make_interval(secs => ${seconds})`, updatedAt: new Date() })
    .where(
      and(
        eq(invoiceSequences.id, id),
        or(
          isNull(invoiceSequences.leaseUntil),
          lt(invoiceSequences.leaseUntil, sql`now()`),
          eq(invoiceSequences.leaseOwner, owner),
        ),
      ),
    )
    .returning();
  return row;
}

export async function releaseSequenceLease(id: string, owner: string): Promise<void> {
  const db = await getDb();
  await db
    .update(invoiceSequences)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(invoiceSequences.id, id), eq(invoiceSequences.leaseOwner, owner)));
}

/**
 * Locks the sequence row for the transaction if `owner` still holds its lease: what a sender writes is
 * fenced by it, so a sender whose lease ran out (and was taken over) changes nothing.
 */
export async function lockHeldSequence(tx: Tx, id: string, owner: string): Promise<InvoiceSequence | undefined> {
  const [row] = await tx
    .select()
    .from(invoiceSequences)
    .where(
      and(
        eq(invoiceSequences.id, id),
        eq(invoiceSequences.leaseOwner, owner),
        sql`${invoiceSequences.leaseUntil} > now()`,
      ),
    )
    .for('update');
  return row;
}

export async function setSequenceEnd(
  db: Db | Tx,
  id: string,
  end: { lastNumber: number | null; lastDate?: string | null },
) {
  await db
    .update(invoiceSequences)
    .set({ ...end, updatedAt: new Date() })
    .where(eq(invoiceSequences.id, id));
}

export async function getSendByJob(jobId: string): Promise<InvoiceSend | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(invoiceSends).where(eq(invoiceSends.jobId, jobId));
  return row;
}

/** Queues the job's invoice on its sequence, once (a step run again finds what it queued). */
export async function queueSend(values: Omit<typeof invoiceSends.$inferInsert, 'id' | 'state'>): Promise<InvoiceSend> {
  const db = await getDb();
  const [queued] = await db
    .insert(invoiceSends)
    .values({ id: newId(), state: 'queued', ...values })
    .onConflictDoNothing()
    .returning();
  return queued ?? (await getSendByJob(values.jobId))!;
}

/** Sends that went out and whose answer never came back (a crash, a cut connection), in number order. */
export async function sendsInDoubt(sequenceId: string): Promise<InvoiceSend[]> {
  const db = await getDb();
  return db
    .select()
    .from(invoiceSends)
    .where(and(eq(invoiceSends.sequenceId, sequenceId), eq(invoiceSends.state, 'sending')))
    .orderBy(asc(invoiceSends.number));
}

/** The next batch: the oldest issue dates first (the authority refuses a date before the last), then queue order. */
export async function queuedSends(sequenceId: string, limit: number): Promise<InvoiceSend[]> {
  const db = await getDb();
  return db
    .select()
    .from(invoiceSends)
    .where(and(eq(invoiceSends.sequenceId, sequenceId), eq(invoiceSends.state, 'queued')))
    .orderBy(asc(invoiceSends.issueDate), asc(invoiceSends.queuedAt), asc(invoiceSends.id))
    .limit(limit);
}

/** Readies now the steps of the sequence's oldest queued sends (they wait for a sender); how many. */
export async function wakeQueuedSends(sequenceId: string, limit: number): Promise<number> {
  const db = await getDb();
  const rows = await db
    .select({ jobId: invoiceSends.jobId })
    .from(invoiceSends)
    .where(and(eq(invoiceSends.sequenceId, sequenceId), eq(invoiceSends.state, 'queued')))
    .orderBy(asc(invoiceSends.issueDate), asc(invoiceSends.queuedAt), asc(invoiceSends.id))
    .limit(limit);
  await readyStepsNow(
    db,
    rows.map((row) => row.jobId),
  );
  return rows.length;
}

/** Gives each send its number and marks the batch as going out (committed before the request is). */
export async function markSending(tx: Tx, numbered: { id: string; number: number }[]): Promise<void> {
  if (numbered.length === 0) return;
  await tx.execute(sql`
    update ${invoiceSends} s set state = 'sending', number = v.number, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(numbered)}::jsonb) as v(id uuid, number int)
    where s.id = v.id and s.state = 'queued'`);
}

/** Back in the queue, without a number: the authority did not authorise it, and its number is free again. */
export async function requeueSends(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(invoiceSends)
    .set({ state: 'queued', number: null, updatedAt: new Date() })
    .where(and(inArray(invoiceSends.id, ids), eq(invoiceSends.state, 'sending')));
}

export interface SettledSend {
  id: string;
  state: 'authorised' | 'refused' | 'conflict';
  result: InvoiceSendResult;
}

export async function settleSends(tx: Tx, settled: SettledSend[]): Promise<void> {
  if (settled.length === 0) return;
  await tx.execute(sql`
    update ${invoiceSends} s set state = v.state, result = v.result, updated_at = now(),
      number = case when v.state = 'authorised' then s.number end
    from jsonb_to_recordset(${JSON.stringify(settled)}::jsonb) as v(id uuid, state text, result jsonb)
    where s.id = v.id and s.state in ('queued', 'sending')`);
}

// Entries are written only through lib/silo/queries.ts (the entry read cache's invalidation relies on it).
export { stampEntries, type IssuedStamp } from '@/lib/silo/queries';

/** The authority's observations or errors, as meta records on the invoices' entries (one per entry and key). */
export async function recordAuthorityNotes(
  tx: Tx,
  notes: Omit<typeof metaRecords.$inferInsert, 'id' | 'src'>[],
): Promise<void> {
  if (notes.length === 0) return;
  const now = new Date();
  await insertMetaRecords(
    tx,
    notes.map((note) => ({
      ...note,
      id: newId(),
      src: GOV_AR_SRC,
      indexed: false,
      shared: false,
      createdAt: now,
      updatedAt: now,
    })),
  );
}
