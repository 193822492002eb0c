// The states of an invoice's send and the only changes between them (lib/gov-ar/invoices/issuance-queries.ts):
// each change happens only from the states it may come from, so a send another transaction changed first is
// left as it is. What the one-way door rests on: a withdrawn send is never numbered, a numbered one is never
// withdrawn, and only a numbered one is freed.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getDb, inTransaction } from '@/lib/db/client';
import { invoiceSends, type InvoiceSend } from '@/lib/db/schema';
import {
  ensureSequence,
  freeSends,
  numberQueuedSends,
  queueSend,
  settleSends,
  withdrawQueuedSends,
  withdrawSend,
} from '@/lib/gov-ar/invoices/issuance-queries';
import { createSupplier, freshCuit, readyWorkspace, startJob } from '@/tests/support/scenario';

/** A workspace with `count` queued sends on one sequence of its own (their entries and jobs real rows). */
async function queuedSends(count: number) {
  const workspace = await readyWorkspace();
  const sequence = await ensureSequence({ environment: 'sandbox', cuit: freshCuit(), pointOfSale: 1, docType: 6 });
  const sends: InvoiceSend[] = [];
  for (let at = 0; at < count; at++) {
    const entry = await createSupplier(workspace.apiKey);
    const job = await startJob(workspace.apiKey, workspace.workflow.id, entry.id);
    sends.push(
      await queueSend({
        ownerId: workspace.owner_id,
        sequenceId: sequence.id,
        entryId: entry.id,
        jobId: job.body.id,
        detail: { CbteFch: '20261127' },
        issueDate: '2026-11-27',
      }),
    );
  }
  return { ownerId: workspace.owner_id, sequenceId: sequence.id, sends };
}

async function stateOf(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(invoiceSends).where(eq(invoiceSends.id, id));
  return { state: row!.state, number: row!.number };
}

describe('the states of a send', () => {
  it('numbers queued sends in queue order after the last, and never a withdrawn one', async () => {
    const { ownerId, sequenceId, sends } = await queuedSends(3);
    expect(await inTransaction((tx) => withdrawSend(tx, sends[1]!.id, { errors: [] }))).toBe(true);
    const numbered = await inTransaction((tx) => numberQueuedSends(tx, { sequenceId, ownerId, after: 41, limit: 10 }));
    expect(numbered.map((send) => [send.id, send.number])).toEqual([
      [sends[0]!.id, 42],
      [sends[2]!.id, 43],
    ]);
    expect(await stateOf(sends[1]!.id)).toEqual({ state: 'withdrawn', number: null });
  });

  it('never withdraws a numbered send, and frees only a numbered one', async () => {
    const { ownerId, sequenceId, sends } = await queuedSends(2);
    await inTransaction((tx) => numberQueuedSends(tx, { sequenceId, ownerId, after: 0, limit: 1 }));
    expect(await inTransaction((tx) => withdrawSend(tx, sends[0]!.id, { errors: [] }))).toBe(false);
    expect(await inTransaction((tx) => withdrawQueuedSends(tx, sequenceId, ownerId, { errors: [] }))).toEqual([
      sends[1]!.jobId,
    ]);
    expect(await stateOf(sends[0]!.id)).toEqual({ state: 'sending', number: 1 });
    await inTransaction((tx) => freeSends(tx, [sends[0]!.id, sends[1]!.id]));
    expect(await stateOf(sends[0]!.id)).toEqual({ state: 'queued', number: null });
    expect(await stateOf(sends[1]!.id)).toEqual({ state: 'withdrawn', number: null });
  });

  it('settles only a numbered send: an authorised one keeps its number, a refused one loses it, and neither is freed after', async () => {
    const { ownerId, sequenceId, sends } = await queuedSends(3);
    await inTransaction((tx) => numberQueuedSends(tx, { sequenceId, ownerId, after: 0, limit: 2 }));
    await inTransaction((tx) =>
      settleSends(tx, [
        { id: sends[0]!.id, state: 'authorised', result: { cae: '70000000000001' } },
        { id: sends[1]!.id, state: 'refused', result: { errors: [{ code: 10015, message: 'no' }] } },
        { id: sends[2]!.id, state: 'authorised', result: { cae: '70000000000002' } },
      ]),
    );
    expect(await stateOf(sends[0]!.id)).toEqual({ state: 'authorised', number: 1 });
    expect(await stateOf(sends[1]!.id)).toEqual({ state: 'refused', number: null });
    expect(await stateOf(sends[2]!.id)).toEqual({ state: 'queued', number: null }); // never numbered: not settled
    await inTransaction((tx) => freeSends(tx, [sends[0]!.id]));
    expect(await stateOf(sends[0]!.id)).toEqual({ state: 'authorised', number: 1 });
  });
});
