// The reporting states of a send issued under a CAEA and the only changes between them
// (lib/gov-ar/contingency/report-queries.ts): unreported → reporting → reported | report_refused, reporting →
// unreported, report_refused → unreported (corrected); each only from the state it may come from, so a send
// another transaction changed first is left as it is, and every one keeps its number.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, inTransaction } from '@/lib/db/client';
import { invoiceSends, type InvoiceSendState } from '@/lib/db/schema';
import {
  markReporting,
  reopenRefusedReport,
  settleReports,
  unmarkReporting,
} from '@/lib/gov-ar/contingency/report-queries';
import { ensureSequence, queueSend } from '@/lib/gov-ar/invoices/issuance-queries';
import { createSupplier, freshCuit, readyWorkspace, startJob } from '@/tests/support/scenario';

/** Sends on a CAEA sequence of their own, numbered 1.. and in the states given (their entries and jobs real rows). */
async function sendsIn(states: InvoiceSendState[]) {
  const workspace = await readyWorkspace();
  const sequence = await ensureSequence({ environment: 'sandbox', cuit: freshCuit(), pointOfSale: 5, docType: 6 });
  const db = await getDb();
  const ids: string[] = [];
  for (const [at, state] of states.entries()) {
    const entry = await createSupplier(workspace.apiKey);
    const job = await startJob(workspace.apiKey, workspace.workflow.id, entry.id);
    const send = await queueSend({
      ownerId: workspace.owner_id,
      sequenceId: sequence.id,
      entryId: entry.id,
      jobId: job.body.id,
      detail: { CbteFch: '20261120' },
      issueDate: '2026-11-20',
    });
    await db
      .update(invoiceSends)
      .set({ state, number: at + 1, caea: '31234567890123' })
      .where(eq(invoiceSends.id, send.id));
    ids.push(send.id);
  }
  return ids;
}

async function stateOf(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(invoiceSends).where(eq(invoiceSends.id, id));
  return { state: row!.state, number: row!.number };
}

describe('the reporting states of a send', () => {
  it('marks as reporting only an unreported send', async () => {
    const ids = await sendsIn(['unreported', 'reported', 'report_refused', 'queued']);
    const moved = await inTransaction((tx) => markReporting(tx, ids));
    expect(moved.map((send) => send.id)).toEqual([ids[0]]);
    expect(await stateOf(ids[0]!)).toEqual({ state: 'reporting', number: 1 });
    expect(await stateOf(ids[1]!)).toEqual({ state: 'reported', number: 2 });
    expect(await stateOf(ids[2]!)).toEqual({ state: 'report_refused', number: 3 });
  });

  it('puts back to be informed only a send in doubt, with its number', async () => {
    const ids = await sendsIn(['reporting', 'reported', 'report_refused']);
    await inTransaction((tx) => unmarkReporting(tx, ids));
    expect(await stateOf(ids[0]!)).toEqual({ state: 'unreported', number: 1 });
    expect(await stateOf(ids[1]!)).toEqual({ state: 'reported', number: 2 });
    expect(await stateOf(ids[2]!)).toEqual({ state: 'report_refused', number: 3 });
  });

  it('settles only a send in doubt; reported or refused, it keeps its number', async () => {
    const ids = await sendsIn(['reporting', 'reporting', 'unreported']);
    await inTransaction((tx) =>
      settleReports(tx, [
        { id: ids[0]!, state: 'reported', result: { observations: [] } },
        { id: ids[1]!, state: 'report_refused', result: { errors: [{ code: 1401, message: 'no' }] } },
        { id: ids[2]!, state: 'reported', result: {} },
      ]),
    );
    expect(await stateOf(ids[0]!)).toEqual({ state: 'reported', number: 1 });
    expect(await stateOf(ids[1]!)).toEqual({ state: 'report_refused', number: 2 });
    expect(await stateOf(ids[2]!)).toEqual({ state: 'unreported', number: 3 }); // never went out: not settled
  });

  it('reopens only a refused report, with the corrected voucher and its number', async () => {
    const ids = await sendsIn(['report_refused', 'reported']);
    expect(await inTransaction((tx) => reopenRefusedReport(tx, ids[0]!, { CbteFch: '20261120', MonId: 'PES' }))).toBe(
      true,
    );
    expect(await inTransaction((tx) => reopenRefusedReport(tx, ids[1]!, { CbteFch: '20261120' }))).toBe(false);
    expect(await stateOf(ids[0]!)).toEqual({ state: 'unreported', number: 1 });
    expect(await stateOf(ids[1]!)).toEqual({ state: 'reported', number: 2 });
    const db = await getDb();
    const [row] = await db.select().from(invoiceSends).where(eq(invoiceSends.id, ids[0]!));
    expect(row!.detail).toEqual({ CbteFch: '20261120', MonId: 'PES' });
  });
});
