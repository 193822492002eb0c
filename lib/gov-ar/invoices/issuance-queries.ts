// Database access for issuing invoices: numbering sequences with their sender lease, and each invoice's
// send, whose states (lib/db/schema.ts, INVOICE_SEND_STATES) change only here, each change from the states
// it may come from: a send changed meanwhile by another transaction is left as it is.
import 'server-only';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { getDb, type Tx } from '@/lib/db/client';
import {
  exportRequestIds,
  invoiceSends,
  invoiceSequences,
  NUMBER_HOLDING_STATES,
  type metaRecords,
  type InvoiceSend,
  type InvoiceSendResult,
  type InvoiceSequence,
} from '@/lib/db/schema';
import type { Environment } from '@/lib/ar/environments';
import { readyStepsNow } from '@/lib/transform/queries';
import { GOV_AR_SRC } from '@/lib/gov-ar/app';
import { newId } from '@/lib/ids';
import { insertMetaRecords, stampEntries, type IssuedStamp } from '@/lib/silo/queries';

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
    .set({ leaseOwner: owner, leaseUntil: leaseFor(seconds), updatedAt: new Date() })
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

const leaseFor = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

export async function releaseSequenceLease(id: string, owner: string): Promise<void> {
  const db = await getDb();
  await db
    .update(invoiceSequences)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(invoiceSequences.id, id), eq(invoiceSequences.leaseOwner, owner)));
}

/**
 * Renews the lease for `seconds` from now and locks the sequence row for the transaction, if `owner` still
 * holds it: what a sender writes is fenced by it, so a sender whose lease ran out (and was taken over)
 * changes nothing; and a request written right after it goes out with the whole lease ahead of it.
 */
export async function renewHeldLease(
  tx: Tx,
  id: string,
  owner: string,
  seconds: number,
): Promise<InvoiceSequence | undefined> {
  const [row] = await tx
    .update(invoiceSequences)
    .set({ leaseUntil: leaseFor(seconds) })
    .where(
      and(
        eq(invoiceSequences.id, id),
        eq(invoiceSequences.leaseOwner, owner),
        sql`${invoiceSequences.leaseUntil} > now()`,
      ),
    )
    .returning();
  return row;
}

/** The sequence's last number moves forward, never back. */
export async function advanceSequenceEnd(tx: Tx, id: string, number: number) {
  await tx
    .update(invoiceSequences)
    .set({ lastNumber: sql`greatest(coalesce(${invoiceSequences.lastNumber}, 0), ${number})`, updatedAt: new Date() })
    .where(eq(invoiceSequences.id, id));
}

/** The highest number our sends hold in the sequence (NUMBER_HOLDING_STATES), 0 when none. */
export async function highestNumberHeld(sequenceId: string, tx?: Tx): Promise<number> {
  const db = tx ?? (await getDb());
  const [row] = await db
    .select({ highest: sql<number | null>`max(${invoiceSends.number})` })
    .from(invoiceSends)
    .where(and(eq(invoiceSends.sequenceId, sequenceId), inArray(invoiceSends.state, [...NUMBER_HOLDING_STATES])));
  return Number(row?.highest ?? 0);
}

export async function getSequence(id: string): Promise<InvoiceSequence | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(invoiceSequences).where(eq(invoiceSequences.id, id));
  return row;
}

/** What a send issued under a CAEA becomes (lib/gov-ar/contingency/caea-issuing.ts). */
export interface CaeaIssue {
  sendId: string;
  /** The CAEA point of sale's sequence. */
  sequenceId: string;
  caea: string;
  /** The voucher without its number, with when it was made (CbteFchHsGen). */
  detail: Record<string, unknown>;
  /** The sequence's last number as the authority last told it (0 when never). */
  authorityLast: number;
  /** The number's stamps for the entry, from the number given. */
  stamp: (number: number) => IssuedStamp;
}

/**
 * queued → unreported: the send, still queued (its sender numbers under the same row lock, so a send numbered
 * for WSFEv1 meanwhile is left as it is), moves to the CAEA point of sale's sequence and takes its next
 * number there, under that sequence's row lock (after the authority's last and every number our sends hold),
 * and its entry gets the number and stamps and is Sent, in one transaction. Not when it was no longer queued,
 * nor when it is dated before the last voucher of that sequence: numbers follow dates (the authority refuses
 * the report of one dated before the last informed, 704), so it waits for WSFEv1 instead.
 */
export async function issueQueuedOnCaea(
  tx: Tx,
  issue: CaeaIssue,
): Promise<{ issued: InvoiceSend } | { waiting: string }> {
  const [send] = await tx.select().from(invoiceSends).where(eq(invoiceSends.id, issue.sendId)).for('update');
  if (send?.state !== 'queued') return { waiting: 'it was numbered for WSFEv1 meanwhile' };
  await tx
    .select({ id: invoiceSequences.id })
    .from(invoiceSequences)
    .where(eq(invoiceSequences.id, issue.sequenceId))
    .for('update');
  const [last] = await tx
    .select({ date: sql<string | null>`max(${invoiceSends.detail}->>'CbteFch')` })
    .from(invoiceSends)
    .where(and(eq(invoiceSends.sequenceId, issue.sequenceId), inArray(invoiceSends.state, [...NUMBER_HOLDING_STATES])));
  const date = String(issue.detail.CbteFch ?? '');
  if (last?.date && date < last.date)
    return { waiting: `it is dated before the last voucher issued under the CAEA there (${last.date})` };
  const number = Math.max(issue.authorityLast, await highestNumberHeld(issue.sequenceId, tx)) + 1;
  const [issued] = await tx
    .update(invoiceSends)
    .set({
      sequenceId: issue.sequenceId,
      state: 'unreported',
      number,
      caea: issue.caea,
      detail: issue.detail,
      updatedAt: new Date(),
    })
    .where(eq(invoiceSends.id, send.id))
    .returning();
  await stampEntries(tx, [issue.stamp(number)], 'Sent');
  return { issued: issued! };
}

export async function getSendByJob(jobId: string): Promise<InvoiceSend | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(invoiceSends).where(eq(invoiceSends.jobId, jobId));
  return row;
}

/** The job's send, locked for the transaction (its sender numbers it under the same lock). */
export async function lockSendOfJob(tx: Tx, jobId: string): Promise<InvoiceSend | undefined> {
  const [row] = await tx.select().from(invoiceSends).where(eq(invoiceSends.jobId, jobId)).for('update');
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

/** Sends whose request may have reached the authority and whose answer we do not have, in number order. */
export async function sendsInDoubt(sequenceId: string): Promise<InvoiceSend[]> {
  const db = await getDb();
  return db
    .select()
    .from(invoiceSends)
    .where(and(eq(invoiceSends.sequenceId, sequenceId), eq(invoiceSends.state, 'sending')))
    .orderBy(asc(invoiceSends.number));
}

/** The queue's order: the oldest issue dates first (the authority refuses a date before the last), then queue order. */
const queueOrder = [asc(invoiceSends.issueDate), asc(invoiceSends.queuedAt), asc(invoiceSends.id)];

/** The workspace of the sequence's next queued send, if any: a batch carries one workspace's invoices. */
export async function nextQueuedOwner(sequenceId: string): Promise<string | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ ownerId: invoiceSends.ownerId })
    .from(invoiceSends)
    .where(and(eq(invoiceSends.sequenceId, sequenceId), eq(invoiceSends.state, 'queued')))
    .orderBy(...queueOrder)
    .limit(1);
  return row?.ownerId;
}

/** Readies now the steps of the sequence's oldest queued sends (they wait for a sender); how many. */
export async function wakeQueuedSends(sequenceId: string, limit: number): Promise<number> {
  const db = await getDb();
  const rows = await db
    .select({ jobId: invoiceSends.jobId })
    .from(invoiceSends)
    .where(and(eq(invoiceSends.sequenceId, sequenceId), eq(invoiceSends.state, 'queued')))
    .orderBy(...queueOrder)
    .limit(limit);
  await readyStepsNow(
    db,
    rows.map((row) => row.jobId),
  );
  return rows.length;
}

/**
 * queued → sending: locks the workspace's next `limit` queued sends of the sequence, numbers them from
 * `after` + 1 in queue order and marks them as going out (committed before the request is). A send whose
 * job withdrew it first is not among them: what is numbered is exactly what goes out.
 */
export async function numberQueuedSends(
  tx: Tx,
  batch: { sequenceId: string; ownerId: string; after: number; limit: number },
): Promise<InvoiceSend[]> {
  const result = await tx.execute(sql`
    with locked as (
      select id, issue_date, queued_at from ${invoiceSends}
      where sequence_id = ${batch.sequenceId} and owner_id = ${batch.ownerId} and state = 'queued'
      order by issue_date, queued_at, id limit ${batch.limit} for update
    ), numbered as (
      select id, ${batch.after}::int + row_number() over (order by issue_date, queued_at, id) as number from locked
    )
    update ${invoiceSends} s set state = 'sending', number = numbered.number, updated_at = now()
    from numbered where s.id = numbered.id
    returning s.id`);
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  if (ids.length === 0) return [];
  return tx.select().from(invoiceSends).where(inArray(invoiceSends.id, ids)).orderBy(asc(invoiceSends.number));
}

/**
 * sending → queued, without a number: the authority refused its number, or the request provably never
 * reached it. Nothing else frees a number.
 */
export async function freeSends(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(invoiceSends)
    .set({ state: 'queued', number: null, requestId: null, updatedAt: new Date() })
    .where(and(inArray(invoiceSends.id, ids), eq(invoiceSends.state, 'sending')));
}

/**
 * Gives the just-numbered sends of an export sequence their WSFEX request Ids, in number order: the next after
 * both the last this CUIT was given here (any of its sequences) and `authorityLast` (FEXGetLast_ID), under the
 * counter row's lock, so that no Id is given twice.
 */
export async function giveRequestIds(
  tx: Tx,
  sends: InvoiceSend[],
  cuit: { environment: Environment; cuit: string; authorityLast: number },
): Promise<InvoiceSend[]> {
  if (sends.length === 0) return sends;
  const [counter] = await tx
    .insert(exportRequestIds)
    .values({ environment: cuit.environment, cuit: cuit.cuit, lastId: cuit.authorityLast + sends.length })
    .onConflictDoUpdate({
      target: [exportRequestIds.environment, exportRequestIds.cuit],
      set: { lastId: sql`greatest(${exportRequestIds.lastId}, ${cuit.authorityLast}) + ${sends.length}` },
    })
    .returning({ lastId: exportRequestIds.lastId });
  const first = counter!.lastId - sends.length + 1;
  const given = sends.map((send, at) => ({ ...send, requestId: first + at }));
  await tx.execute(sql`
    update ${invoiceSends} s set request_id = v.request_id
    from jsonb_to_recordset(${JSON.stringify(given.map(({ id, requestId }) => ({ id, request_id: requestId })))}::jsonb)
      as v(id uuid, request_id bigint)
    where s.id = v.id and s.state = 'sending'`);
  return given;
}

/** queued → withdrawn, for the sends of this workspace on the sequence (it cannot send them); their jobs. */
export async function withdrawQueuedSends(
  tx: Tx,
  sequenceId: string,
  ownerId: string,
  result: InvoiceSendResult,
): Promise<string[]> {
  const rows = await tx
    .update(invoiceSends)
    .set({ state: 'withdrawn', result, updatedAt: new Date() })
    .where(
      and(eq(invoiceSends.sequenceId, sequenceId), eq(invoiceSends.ownerId, ownerId), eq(invoiceSends.state, 'queued')),
    )
    .returning({ jobId: invoiceSends.jobId });
  return rows.map((row) => row.jobId);
}

/** queued → withdrawn, for one send (its job fails): whether it was queued. */
export async function withdrawSend(tx: Tx, id: string, result: InvoiceSendResult): Promise<boolean> {
  const rows = await tx
    .update(invoiceSends)
    .set({ state: 'withdrawn', result, updatedAt: new Date() })
    .where(and(eq(invoiceSends.id, id), eq(invoiceSends.state, 'queued')))
    .returning({ id: invoiceSends.id });
  return rows.length > 0;
}

export interface SettledSend {
  id: string;
  state: 'authorised' | 'refused' | 'conflict';
  result: InvoiceSendResult;
}

/** sending → authorised | refused | conflict: the authority has spoken (a refused or conflicting send loses its number). */
export async function settleSends(tx: Tx, settled: SettledSend[]): Promise<void> {
  if (settled.length === 0) return;
  await tx.execute(sql`
    update ${invoiceSends} s set state = v.state, result = v.result, updated_at = now(),
      number = case when v.state = 'authorised' then s.number end
    from jsonb_to_recordset(${JSON.stringify(settled)}::jsonb) as v(id uuid, state text, result jsonb)
    where s.id = v.id and s.state = 'sending'`);
}

// Entries are written only through lib/silo/queries.ts (the entry read cache's invalidation relies on it).
export { deleteMetaRecords, stampEntries, type IssuedStamp } from '@/lib/silo/queries';

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
