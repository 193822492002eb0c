// The sender numbers the next batch while one is out at the authority, and sends it once that one is answered
// (one request at a time, as WSFEv1 takes a sequence). Numbering ahead never buys a number: when the batch out
// does not end where it was numbered to end (a refusal, an answer lost, a request that never left), the batch
// numbered behind it is freed with its verdicts, never sent, so the numbers in doubt always follow the
// authority's last without a gap; and a process that dies with both batches numbered leaves them to be sent
// with those numbers. The authority's book ends as ours in each case.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { invoiceSends, invoiceSequences } from '@/lib/db/schema';
import { ensureSequence, getSendByJob, takeSequenceLease } from '@/lib/gov-ar/invoices/issuance-queries';
import { numberFreshBatch, sendNumberedBatch } from '@/lib/gov-ar/invoices/send-batch';
import { authoritiesOf, canSpeak } from '@/lib/gov-ar/invoices/sequence-authority';
import { takeLease } from '@/lib/gov-ar/invoices/sequence-lease';
import { sendSequence } from '@/lib/gov-ar/invoices/sequence-sender';
import { newId } from '@/lib/ids';
import { drainJobs } from '@/lib/transform/runner';
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

const numbersIn = (envelope: string) => [...envelope.matchAll(/CbteDesde>(\d+)</g)].map((match) => Number(match[1]));

/**
 * Every FECAESolicitar's numbers from now on, and for each whether the batch after it was numbered (marked as
 * going out) while it was still out: the request waits at the proxy until it is, or half a second.
 */
function watchRequests(sequenceId: string) {
  const requests: { numbers: number[]; nextNumberedMeanwhile: boolean }[] = [];
  proxy.onSolicit(async (envelope) => {
    const numbers = numbersIn(envelope);
    const next = Math.max(...numbers) + 1;
    let numbered = false;
    for (const deadline = Date.now() + 500; !numbered && Date.now() < deadline; await sleep(10)) {
      const [held] = await (await getDb())
        .select({ id: invoiceSends.id })
        .from(invoiceSends)
        .where(
          and(
            eq(invoiceSends.sequenceId, sequenceId),
            eq(invoiceSends.number, next),
            eq(invoiceSends.state, 'sending'),
          ),
        );
      numbered = held !== undefined;
    }
    requests.push({ numbers, nextNumberedMeanwhile: numbered });
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
  it('numbers each batch while the one before it is out, and sends it right after, in order', async () => {
    const supplier = await issuingSupplier(emulator());
    const { sequence, jobs } = await queuedInvoices(supplier, 7);
    const requests = watchRequests(sequence.id);
    try {
      expect(await sendSequence(sequence.id)).toEqual({ kind: 'idle' });
    } finally {
      proxy.onSolicit(undefined);
    }
    expect(requests).toEqual([
      { numbers: [1, 2, 3], nextNumberedMeanwhile: true },
      { numbers: [4, 5, 6], nextNumberedMeanwhile: true },
      { numbers: [7], nextNumberedMeanwhile: false },
    ]);
    const sends = await expectBookIsOurs(supplier, jobs);
    expect(sends.map((send) => [send.state, send.number])).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((number) => ['authorised', number]),
    );
  });

  it('a refusal in the batch out frees the batch numbered behind it, which goes out renumbered after the last authorised', async () => {
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
    // 4, 5 and 6 were numbered while 1-3 was out, and never went out with those numbers: 1 was authorised, so
    // the third invoice (unjudged) and the next two went as 2-4, the last two as 5-6.
    expect(requests.map((request) => request.numbers)).toEqual([
      [1, 2, 3],
      [2, 3, 4],
      [5, 6],
    ]);
    expect(requests[0]!.nextNumberedMeanwhile).toBe(true);
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

  it('an answer lost leaves its batch in doubt and frees the one numbered behind it; the next round settles and sends on', async () => {
    const supplier = await issuingSupplier(emulator());
    const { sequence, jobs } = await queuedInvoices(supplier, 7);
    const fault = { environment: 'sandbox', operation: 'FECAESolicitar', fault: 'drop_response', count: 1 };
    expect((await portal(emulator(), 'faults', fault)).status).toBe(201);
    const requests = watchRequests(sequence.id);
    try {
      expect((await sendSequence(sequence.id)).kind).toBe('unavailable'); // the answer did not come
      expect(requests).toEqual([{ numbers: [1, 2, 3], nextNumberedMeanwhile: true }]);
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

  it('a request that never reached the authority frees its batch and the one numbered behind it', async () => {
    const supplier = await issuingSupplier(emulator());
    const { sequence, jobs } = await queuedInvoices(supplier, 5);
    const lease = (await takeLease(sequence.id))!;
    const authority = await authoritiesOf(lease.sequence)(supplier.ownerId);
    if (!canSpeak(authority)) throw new Error(authority.unusable);
    const first = await numberFreshBatch(lease, authority, { ownerId: supplier.ownerId, after: 0, limit: 2 });
    // Nothing listens where the authority is looked for now: the connection is refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    process.env.AR_EMULATOR_URL = `http://127.0.0.1:${port}`;
    try {
      const ahead = numberFreshBatch(lease, authority, { ownerId: supplier.ownerId, after: 2, limit: 2 });
      await expect(sendNumberedBatch(lease, first, ahead)).rejects.toMatchObject({ detail: { reached: false } });
      expect((await ahead).sends).toHaveLength(2);
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

  it('a sender that died with two batches numbered leaves them to go out with those numbers', async () => {
    const supplier = await issuingSupplier(emulator());
    const { sequence, jobs } = await queuedInvoices(supplier, 6);
    const lease = (await takeLease(sequence.id))!;
    const authority = await authoritiesOf(lease.sequence)(supplier.ownerId);
    if (!canSpeak(authority)) throw new Error(authority.unusable);
    await numberFreshBatch(lease, authority, { ownerId: supplier.ownerId, after: 0, limit: 3 });
    await numberFreshBatch(lease, authority, { ownerId: supplier.ownerId, after: 3, limit: 3 });
    const numbered = await Promise.all(jobs.map(async (job) => (await getSendByJob(job))!.number));
    expect(numbered).toEqual([1, 2, 3, 4, 5, 6]);
    // The sender died: its lease runs out, and the next sender finds both batches in doubt.
    await setLease(sequence.id, { leaseUntil: sql`now() - interval '1 second'` });
    const requests = watchRequests(sequence.id);
    try {
      // Settled by sending them again with their numbers: the authority's record shows none of them.
      expect(await sendSequence(sequence.id)).toEqual({ kind: 'idle' });
    } finally {
      proxy.onSolicit(undefined);
    }
    expect(requests.map((request) => request.numbers)).toEqual([[1, 2, 3, 4, 5, 6]]);
    const sends = await expectBookIsOurs(supplier, jobs);
    expect(sends.map((send) => [send.state, send.number])).toEqual(numbered.map((number) => ['authorised', number]));
    const ids = sends.map((send) => send.id);
    const left = await (await getDb()).select().from(invoiceSends).where(inArray(invoiceSends.id, ids));
    expect(left.every((send) => send.state === 'authorised')).toBe(true);
  });
});
