import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { captureQueries } from '@/lib/db/query-log';
import { invoiceSends, invoiceSequences } from '@/lib/db/schema';
import { ensureSequence, getSendByJob, takeSequenceLease } from '@/lib/gov-ar/invoices/issuance-queries';
import { numberFreshBatch, sendNumberedBatch } from '@/lib/gov-ar/invoices/send-batch';
import { authoritiesOf, canSpeak } from '@/lib/gov-ar/invoices/sequence-authority';
import { takeLease } from '@/lib/gov-ar/invoices/sequence-lease';
import { sendSequence } from '@/lib/gov-ar/invoices/sequence-sender';
import { newId } from '@/lib/ids';
import { drainJobs } from '@/lib/transform/runner';
import { closedPort } from '@/tests/support/authority';
import { startAuthorityProxy, type AuthorityProxy } from '@/tests/support/authority-proxy';
import { portal, portalGet } from '@/tests/support/emulator-client';
import { issue, issuingSupplier, readEntry, stampOf, storeInvoice } from '@/tests/support/issuing';
import { useEmulator } from '@/tests/support/registration';

const emulator = useEmulator();
let proxy: AuthorityProxy;
/** The authority takes three vouchers a request here, so that seven invoices make three batches. */
const BATCH = 3;

beforeAll(async () => {
  proxy = await startAuthorityProxy(emulator);
  proxy.limitBatches(BATCH);
  process.env.AR_EMULATOR_URL = proxy.url;
});
afterAll(async () => {
  process.env.AR_EMULATOR_URL = emulator();
  await proxy.close();
});

type Supplier = Awaited<ReturnType<typeof issuingSupplier>>;
const POINT = 41;
const sequenceOf = (supplier: Supplier) =>
  ensureSequence({ environment: 'sandbox', cuit: supplier.cuit, pointOfSale: POINT, docType: 6 });

/** The sequence's lease as a test leaves it: let go (no owner), or run out. */
async function setLease(sequenceId: string, lease: { leaseOwner?: null; leaseUntil: null | SQL }) {
  await (await getDb()).update(invoiceSequences).set(lease).where(eq(invoiceSequences.id, sequenceId));
}

/** `count` invoices queued on the supplier's sequence, in order (their steps found the sequence busy). */
async function queuedInvoices(supplier: Supplier, count: number) {
  const sequence = await sequenceOf(supplier);
  await takeSequenceLease(sequence.id, newId(), 60);
  const jobs: string[] = [];
  const invoices: string[] = [];
  for (let i = 0; i < count; i++) {
    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, { series: String(POINT) });
    invoices.push(invoice.id);
    jobs.push((await issue(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id)).id);
    await drainJobs(); // one at a time: the queue's order is the issuing order
  }
  await setLease(sequence.id, { leaseOwner: null, leaseUntil: null });
  for (const job of jobs) expect((await getSendByJob(job))!).toMatchObject({ state: 'queued', number: null });
  return { sequence, jobs, invoices };
}

/** One more invoice issued while a sender holds the sequence: its step queues it and finds the sequence busy. */
async function issueWhileBusy(supplier: Supplier): Promise<string> {
  const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, { series: String(POINT) });
  const job = await issue(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id);
  await drainJobs(job.id);
  return job.id;
}

/**
 * A sender's state as its loop has it: `count` invoices queued, the lease taken, the first `batchSize` numbered,
 * and the next batch planned as the same workspace's.
 */
async function firstBatchTaken(count: number, batchSize: number) {
  const supplier = await issuingSupplier(emulator());
  const { sequence, jobs } = await queuedInvoices(supplier, count);
  const lease = (await takeLease(sequence.id))!;
  const authority = await authoritiesOf(lease.sequence)(supplier.ownerId);
  if (!canSpeak(authority)) throw new Error(authority.unusable);
  const first = await numberFreshBatch(lease, authority, { ownerId: supplier.ownerId, after: 0, limit: batchSize });
  const planned = Promise.resolve({ authority, ownerId: supplier.ownerId, limit: batchSize });
  return { supplier, sequence, jobs, lease, first, planned };
}

/** The statement that asks for a sequence's lease (sequence-lease.ts). */
const LEASE_ASK = /^update "invoice_sequences" set "lease_owner" = \$1, "lease_until" = now\(\)/;
const numbersIn = (envelope: string) => [...envelope.matchAll(/CbteDesde>(\d+)</g)].map((match) => Number(match[1]));

/**
 * Every FECAESolicitar's numbers from now on, and for each whether its invoices were numbered in the
 * transaction that recorded the batch before it (the same transaction time on both; a first has none before).
 */
function watchRequests(sequenceId: string, meanwhile?: (request: number) => Promise<void>) {
  const requests: { numbers: number[]; numberedWithTheVerdictsBefore: boolean }[] = [];
  proxy.onSolicit(async (envelope) => {
    await meanwhile?.(requests.length);
    const numbers = numbersIn(envelope);
    const touched = await (await getDb())
      .select({ number: invoiceSends.number, state: invoiceSends.state, updatedAt: invoiceSends.updatedAt })
      .from(invoiceSends)
      .where(
        and(
          eq(invoiceSends.sequenceId, sequenceId),
          inArray(invoiceSends.number, [Math.min(...numbers) - 1, ...numbers]),
        ),
      );
    const before = touched.find((send) => send.number === Math.min(...numbers) - 1 && send.state === 'authorised');
    const these = touched.filter((send) => send.state === 'sending');
    requests.push({
      numbers,
      numberedWithTheVerdictsBefore:
        before !== undefined && these.every((send) => send.updatedAt.getTime() === before.updatedAt.getTime()),
    });
  });
  return requests;
}

/** The authority's book for the supplier's sequence: number → CAE. */
async function bookOf(supplier: Supplier) {
  const page = await portalGet(
    emulator(),
    `taxpayers/${supplier.cuit}/vouchers?environment=sandbox&point_of_sale=${POINT}&voucher_type=6&limit=100`,
  );
  expect(page.status).toBe(200);
  return new Map((page.body.list as { number: number; cae: string }[]).map((voucher) => [voucher.number, voucher.cae]));
}

/** Ours: each job's send, and the book holds exactly the authorised ones, CAE for CAE, numbers 1..n. */
async function expectBookIsOurs(supplier: Supplier, jobs: string[]) {
  const sends = await Promise.all(jobs.map(async (job) => (await getSendByJob(job))!));
  const authorised = sends.filter((send) => send.state === 'authorised');
  const book = await bookOf(supplier);
  expect([...book.keys()].sort((a, b) => a - b)).toEqual(authorised.map((_, at) => at + 1));
  for (const send of authorised) {
    const entry = await readEntry(supplier.apiKey, send.entryId);
    expect(stampOf(entry, 'arca-cae')).toBe(book.get(send.number!));
  }
  return sends;
}

describe('numbering the next batch while one is out', () => {
  it('numbers each batch with the verdicts of the one before it, and sends it right after, in order', async () => {
    const supplier = await issuingSupplier(emulator());
    const { sequence, jobs } = await queuedInvoices(supplier, 7);
    const requests = watchRequests(sequence.id);
    try {
      expect(await sendSequence(sequence.id)).toEqual({ kind: 'idle' });
    } finally {
      proxy.onSolicit(undefined);
    }
    expect(requests).toEqual([
      { numbers: [1, 2, 3], numberedWithTheVerdictsBefore: false },
      { numbers: [4, 5, 6], numberedWithTheVerdictsBefore: true },
      { numbers: [7], numberedWithTheVerdictsBefore: true },
    ]);
    const sends = await expectBookIsOurs(supplier, jobs);
    expect(sends.map((send) => [send.state, send.number])).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((number) => ['authorised', number]),
    );
  });

  it('numbers the invoices queued while a batch is out with its verdicts, though none were queued when it left', async () => {
    const supplier = await issuingSupplier(emulator());
    const { sequence, jobs } = await queuedInvoices(supplier, 2);
    const whileOut: string[] = [];
    // While the first request is out, two more invoices are queued (the sequence is busy: their steps queue them).
    const requests = watchRequests(sequence.id, async (request) => {
      if (request > 0) return;
      for (let i = 0; i < 2; i++) whileOut.push(await issueWhileBusy(supplier));
    });
    try {
      expect(await sendSequence(sequence.id)).toEqual({ kind: 'idle' });
    } finally {
      proxy.onSolicit(undefined);
    }
    expect(requests).toEqual([
      { numbers: [1, 2], numberedWithTheVerdictsBefore: false },
      { numbers: [3, 4], numberedWithTheVerdictsBefore: true },
    ]);
    await expectBookIsOurs(supplier, [...jobs, ...whileOut]);
  });

  it('after a refusal, the next batch is numbered after the last authorised, the unjudged invoices first', async () => {
    const supplier = await issuingSupplier(emulator());
    const { sequence, jobs } = await queuedInvoices(supplier, 7);
    // The second invoice is one the authority refuses (a concept it does not know: 10030).
    await (await getDb())
      .update(invoiceSends)
      .set({ detail: sql`jsonb_set(${invoiceSends.detail}, '{Concepto}', '9')` })
      .where(eq(invoiceSends.jobId, jobs[1]!));
    const requests = watchRequests(sequence.id);
    try {
      expect(await sendSequence(sequence.id)).toEqual({ kind: 'idle' });
    } finally {
      proxy.onSolicit(undefined);
    }
    // 1 was authorised, 2 refused and 3 not looked at: the third invoice and the next two went as 2-4, numbered
    // with those verdicts, then the last two as 5-6.
    expect(requests.map((request) => request.numbers)).toEqual([
      [1, 2, 3],
      [2, 3, 4],
      [5, 6],
    ]);
    expect(requests.map((request) => request.numberedWithTheVerdictsBefore)).toEqual([false, true, true]);
    const sends = await expectBookIsOurs(supplier, jobs);
    expect(sends.map((send) => [send.state, send.number])).toEqual([
      ['authorised', 1],
      ['refused', null],
      ['authorised', 2],
      ['authorised', 3],
      ['authorised', 4],
      ['authorised', 5],
      ['authorised', 6],
    ]);
  });

  it('an answer lost leaves its batch in doubt and numbers nothing more; the next round settles it and sends on', async () => {
    const supplier = await issuingSupplier(emulator());
    const { sequence, jobs } = await queuedInvoices(supplier, 7);
    const fault = { environment: 'sandbox', operation: 'FECAESolicitar', fault: 'drop_response', count: 1 };
    expect((await portal(emulator(), 'faults', fault)).status).toBe(201);
    const requests = watchRequests(sequence.id);
    try {
      expect((await sendSequence(sequence.id)).kind).toBe('unavailable'); // the answer did not come
      expect(requests.map((request) => request.numbers)).toEqual([[1, 2, 3]]);
      const afterLoss = await Promise.all(jobs.map(async (job) => (await getSendByJob(job))!));
      expect(afterLoss.map((send) => [send.state, send.number])).toEqual([
        ['sending', 1],
        ['sending', 2],
        ['sending', 3],
        ...[4, 5, 6, 7].map(() => ['queued', null]),
      ]);
      expect(await sendSequence(sequence.id)).toEqual({ kind: 'idle' });
    } finally {
      proxy.onSolicit(undefined);
    }
    // 1-3 were settled by the authority's record, never sent again.
    expect(requests.map((request) => request.numbers)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    const sends = await expectBookIsOurs(supplier, jobs);
    expect(sends.every((send) => send.state === 'authorised')).toBe(true);
  });

  it('a request that never reached the authority frees its batch and numbers nothing more', async () => {
    const { supplier, sequence, jobs, lease, first, planned } = await firstBatchTaken(5, 2);
    // Nothing listens where the authority is looked for now: the connection is refused.
    process.env.AR_EMULATOR_URL = `http://127.0.0.1:${await closedPort()}`;
    try {
      await expect(sendNumberedBatch(lease, first, planned)).rejects.toMatchObject({ detail: { reached: false } });
    } finally {
      process.env.AR_EMULATOR_URL = proxy.url;
      await setLease(sequence.id, { leaseOwner: null, leaseUntil: null });
    }
    const freed = await Promise.all(jobs.map(async (job) => (await getSendByJob(job))!));
    expect(freed.map((send) => [send.state, send.number])).toEqual(jobs.map(() => ['queued', null]));
    expect(await sendSequence(sequence.id)).toEqual({ kind: 'idle' });
    const sends = await expectBookIsOurs(supplier, jobs);
    expect(sends.map((send) => send.number)).toEqual([1, 2, 3, 4, 5]);
  });

  it('a sender that died right after recording a batch leaves the next, numbered with it, to go out with its numbers', async () => {
    const { supplier, sequence, jobs, lease, first, planned } = await firstBatchTaken(7, 3);
    const sent = await sendNumberedBatch(lease, first, planned);
    expect(sent.next!.sends.map((send) => send.number)).toEqual([4, 5, 6]);
    // The sender died before sending 4-6: its lease runs out, and the next sender finds them in doubt.
    await setLease(sequence.id, { leaseUntil: sql`now() - interval '1 second'` });
    const requests = watchRequests(sequence.id);
    try {
      // Settled by sending them again with their numbers (the authority's record shows none of them), then 7.
      expect(await sendSequence(sequence.id)).toEqual({ kind: 'idle' });
    } finally {
      proxy.onSolicit(undefined);
    }
    expect(requests.map((request) => request.numbers)).toEqual([[4, 5, 6], [7]]);
    const sends = await expectBookIsOurs(supplier, jobs);
    expect(sends.map((send) => [send.state, send.number])).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((number) => ['authorised', number]),
    );
  });

  it('an invoice queued while this process sends its sequence finds it busy without asking the database, and goes out', async () => {
    const supplier = await issuingSupplier(emulator());
    const { sequence, jobs } = await queuedInvoices(supplier, 2);
    const tries: { kind: string; statements: string[] }[] = [];
    const whileOut: string[] = [];
    const requests = watchRequests(sequence.id, async (request) => {
      if (request > 0) return;
      const { result, queries } = await captureQueries(() => sendSequence(sequence.id));
      tries.push({ kind: result.kind, statements: queries.map((query) => query.sql) });
      whileOut.push(await issueWhileBusy(supplier));
    });
    try {
      expect(await sendSequence(sequence.id)).toEqual({ kind: 'idle' });
    } finally {
      proxy.onSolicit(undefined);
    }
    expect(tries).toEqual([{ kind: 'busy', statements: [] }]);
    expect(requests.map((request) => request.numbers)).toEqual([[1, 2], [3]]);
    await expectBookIsOurs(supplier, [...jobs, ...whileOut]);
    // Once it let go, the lease is the database's again: a try finds nothing to send.
    expect(await sendSequence(sequence.id)).toEqual({ kind: 'idle' });
  });

  it('asks for the lease once for the invoices that try at the same time; they find it busy', async () => {
    const supplier = await issuingSupplier(emulator());
    const { sequence, jobs } = await queuedInvoices(supplier, 2);
    const { result, queries } = await captureQueries(() =>
      Promise.all([sendSequence(sequence.id), sendSequence(sequence.id), sendSequence(sequence.id)]),
    );
    expect(result).toEqual([{ kind: 'idle' }, { kind: 'busy' }, { kind: 'busy' }]);
    expect(queries.filter((query) => LEASE_ASK.test(query.sql))).toHaveLength(1);
    await expectBookIsOurs(supplier, jobs);
  });

  it('asks again on behalf of the invoices that found its ask busy when another instance held the lease', async () => {
    const supplier = await issuingSupplier(emulator());
    const { sequence, jobs } = await queuedInvoices(supplier, 2);
    await takeSequenceLease(sequence.id, newId(), 60); // another instance's
    const { result, queries } = await captureQueries(() =>
      Promise.all([sendSequence(sequence.id), sendSequence(sequence.id)]),
    );
    expect(result).toEqual([{ kind: 'busy' }, { kind: 'busy' }]);
    expect(queries.filter((query) => LEASE_ASK.test(query.sql))).toHaveLength(2);
    // It lets go: the next try takes the lease and sends them.
    await setLease(sequence.id, { leaseOwner: null, leaseUntil: null });
    expect(await sendSequence(sequence.id)).toEqual({ kind: 'idle' });
    await expectBookIsOurs(supplier, jobs);
  });
});
