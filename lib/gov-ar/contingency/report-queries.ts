// Database access for reporting what was issued under a CAEA: the sends still to inform per sequence and their
// reporting states (unreported → reporting → reported | report_refused; reporting → unreported only when the
// request provably never left or the authority's record shows nothing arrived; report_refused → unreported
// when corrected), each change from the states it may come from; and the held CAEAs of ended fortnights with
// their points of sale, to inform the unused ones (caea_idle_reports).
import 'server-only';
import { and, asc, desc, eq, inArray, isNotNull, lt, min, sql } from 'drizzle-orm';
import type { Environment } from '@/lib/ar/environments';
import { getDb, type Tx } from '@/lib/db/client';
import {
  caeaCodes,
  caeaIdleReports,
  credentials,
  invoiceSends,
  invoiceSequences,
  NUMBER_HOLDING_STATES,
  type CaeaIdleState,
  type Credential,
  type InvoiceSend,
  type InvoiceSendResult,
} from '@/lib/db/schema';

/** The sequences with sends still to inform or in doubt (the partial index invoice_sends_to_report). */
export async function sequencesToReport(): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .selectDistinct({ sequenceId: invoiceSends.sequenceId })
    .from(invoiceSends)
    .where(inArray(invoiceSends.state, ['unreported', 'reporting']));
  return rows.map((row) => row.sequenceId);
}

/** The sequence's sends in `state`, in number order. */
export async function sendsInState(sequenceId: string, state: 'unreported' | 'reporting'): Promise<InvoiceSend[]> {
  const db = await getDb();
  return db
    .select()
    .from(invoiceSends)
    .where(and(eq(invoiceSends.sequenceId, sequenceId), eq(invoiceSends.state, state)))
    .orderBy(asc(invoiceSends.number));
}

/** The lowest number of the sequence whose report the authority refused (numbering stops there), if any. */
export async function lowestRefusedReport(sequenceId: string): Promise<number | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ lowest: min(invoiceSends.number) })
    .from(invoiceSends)
    .where(and(eq(invoiceSends.sequenceId, sequenceId), eq(invoiceSends.state, 'report_refused')));
  return row?.lowest ?? undefined;
}

/** unreported → reporting, committed before the request goes out; the sends that moved. */
export async function markReporting(tx: Tx, ids: string[]): Promise<InvoiceSend[]> {
  if (ids.length === 0) return [];
  return tx
    .update(invoiceSends)
    .set({ state: 'reporting', updatedAt: new Date() })
    .where(and(inArray(invoiceSends.id, ids), eq(invoiceSends.state, 'unreported')))
    .returning();
}

/** reporting → unreported: the request never left, or the authority's record shows it never arrived. */
export async function unmarkReporting(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(invoiceSends)
    .set({ state: 'unreported', updatedAt: new Date() })
    .where(and(inArray(invoiceSends.id, ids), eq(invoiceSends.state, 'reporting')));
}

export interface SettledReport {
  id: string;
  state: 'reported' | 'report_refused';
  result: InvoiceSendResult;
}

/** reporting → reported | report_refused: the authority has spoken (the send keeps its number either way). */
export async function settleReports(tx: Tx, settled: SettledReport[]): Promise<void> {
  if (settled.length === 0) return;
  await tx.execute(sql`
    update ${invoiceSends} s set state = v.state, result = v.result, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(settled)}::jsonb) as v(id uuid, state text, result jsonb)
    where s.id = v.id and s.state = 'reporting'`);
}

/** The entry's send refused in its report, locked for the transaction, when it has one. */
export async function lockRefusedReportOfEntry(tx: Tx, entryId: string): Promise<InvoiceSend | undefined> {
  const [row] = await tx
    .select()
    .from(invoiceSends)
    .where(and(eq(invoiceSends.entryId, entryId), eq(invoiceSends.state, 'report_refused')))
    .for('update');
  return row;
}

/** report_refused → unreported with the corrected voucher (same number): it is informed again. */
export async function reopenRefusedReport(tx: Tx, id: string, detail: Record<string, unknown>): Promise<boolean> {
  const rows = await tx
    .update(invoiceSends)
    .set({ state: 'unreported', detail, result: null, updatedAt: new Date() })
    .where(and(eq(invoiceSends.id, id), eq(invoiceSends.state, 'report_refused')))
    .returning({ id: invoiceSends.id });
  return rows.length > 0;
}

/** A held CAEA whose fortnight ended before `today` (yyyymmdd), with its CAEA points of sale. */
export interface EndedCaea {
  environment: Environment;
  cuit: string;
  period: number;
  half: number;
  caea: string;
  pointsOfSale: number[];
}

/** Held CAEAs whose fortnight ended before `today` and is still within its reporting time (`since`, yyyymmdd). */
export async function endedCaeas(today: string, since: string): Promise<EndedCaea[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(caeaCodes)
    .where(and(isNotNull(caeaCodes.caea), lt(caeaCodes.validTo, today), sql`${caeaCodes.validTo} >= ${since}`));
  return rows.map((row) => ({
    environment: row.environment,
    cuit: row.cuit,
    period: row.period,
    half: row.half,
    caea: row.caea!,
    pointsOfSale: row.pointsOfSale ?? [],
  }));
}

/** The points of sale (of the CUIT) on which a voucher was issued under the CAEA. */
export async function pointsUsedUnder(environment: Environment, cuit: string, caea: string): Promise<Set<number>> {
  const db = await getDb();
  const rows = await db
    .selectDistinct({ pointOfSale: invoiceSequences.pointOfSale })
    .from(invoiceSends)
    .innerJoin(invoiceSequences, eq(invoiceSequences.id, invoiceSends.sequenceId))
    .where(
      and(
        eq(invoiceSequences.environment, environment),
        eq(invoiceSequences.cuit, cuit),
        eq(invoiceSends.caea, caea),
        inArray(invoiceSends.state, [...NUMBER_HOLDING_STATES]),
      ),
    );
  return new Set(rows.map((row) => row.pointOfSale));
}

type IdleKey = Pick<EndedCaea, 'environment' | 'cuit' | 'period' | 'half'> & { pointOfSale: number };

const idleKey = (key: IdleKey) =>
  and(
    eq(caeaIdleReports.environment, key.environment),
    eq(caeaIdleReports.cuit, key.cuit),
    eq(caeaIdleReports.period, key.period),
    eq(caeaIdleReports.half, key.half),
    eq(caeaIdleReports.pointOfSale, key.pointOfSale),
  );

/** The idle report's state for the point of sale, when one was started. */
export async function idleReportState(key: IdleKey): Promise<CaeaIdleState | undefined> {
  const db = await getDb();
  const [row] = await db.select({ state: caeaIdleReports.state }).from(caeaIdleReports).where(idleKey(key));
  return row?.state;
}

/** Marks the idle report `sending` (before its request goes out), once: whether it was new. */
export async function startIdleReport(key: IdleKey): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .insert(caeaIdleReports)
    .values({ ...key, state: 'sending' })
    .onConflictDoNothing()
    .returning({ state: caeaIdleReports.state });
  return rows.length > 0;
}

/** sending → informed | refused. */
export async function settleIdleReport(
  key: IdleKey,
  state: 'informed' | 'refused',
  result: InvoiceSendResult,
): Promise<void> {
  const db = await getDb();
  await db
    .update(caeaIdleReports)
    .set({ state, result, updatedAt: new Date() })
    .where(and(idleKey(key), eq(caeaIdleReports.state, 'sending')));
}

/** Forgets an idle report whose request provably never left (it is started again later). */
export async function dropIdleReport(key: IdleKey): Promise<void> {
  const db = await getDb();
  await db.delete(caeaIdleReports).where(and(idleKey(key), eq(caeaIdleReports.state, 'sending')));
}

/** An active certificate for the CUIT in the environment with WSFEv1, any workspace's (the latest first). */
export async function wsfeCredentialOf(environment: Environment, cuit: string): Promise<Credential | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(credentials)
    .where(
      and(
        eq(credentials.environment, environment),
        eq(credentials.cuit, cuit),
        eq(credentials.status, 'active'),
        sql`${credentials.services} ? 'wsfe'`,
      ),
    )
    .orderBy(desc(credentials.createdAt))
    .limit(1);
  return row;
}
