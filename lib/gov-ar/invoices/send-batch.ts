// Sending one workspace's invoices of a sequence to the authority in one request (FECAESolicitar; one voucher
// per request for WSFEX and WSCT: voucher-service.ts), and recording what it said of each. A fresh batch is
// numbered after the sequence's last (in the transaction that marks it as going out, so what is numbered is
// what goes out), which may be the one that records the batch before it; a batch in doubt goes out again only
// with the numbers it went out with, so an invoice never holds two numbers: the authority cannot authorise it
// twice.
import { neverReachedAuthority } from '@/lib/authority/soap-client';
import type { BatchResult } from '@/lib/authority/wsfe-vouchers';
import type { Tx } from '@/lib/db/client';
import type { InvoiceSend } from '@/lib/db/schema';
import { ensureAnswering, heardFrom } from '@/lib/gov-ar/invoices/authority-health';
import { batchOutcome, type BatchOutcome } from '@/lib/gov-ar/invoices/batch-outcome';
import { countBatch } from '@/lib/gov-ar/invoices/batch-tally';
import {
  freeSends,
  giveRequestIds,
  highestNumberHeld,
  numberQueuedSends,
} from '@/lib/gov-ar/invoices/issuance-queries';
import { noVerdicts, recordVerdicts, type Verdicts } from '@/lib/gov-ar/invoices/authority-verdicts';
import type { Authority } from '@/lib/gov-ar/invoices/sequence-authority';
import { fenced, type SequenceLease } from '@/lib/gov-ar/invoices/sequence-lease';
import { voucherServiceFor } from '@/lib/gov-ar/invoices/voucher-services';
import { datedBeforePrevious } from '@/lib/gov-ar/invoices/numbering-refusal';

export interface FreshBatch {
  ownerId: string;
  /** The sequence's last number: the batch is numbered from the next. */
  after: number;
  limit: number;
}

/** A batch numbered and marked as going out (in one transaction), not yet sent: numbers after+1, after+2, ... */
export interface NumberedBatch {
  authority: Authority;
  sends: InvoiceSend[];
  after: number;
  /** How long the numbering took (the batch's tally counts it with its request and recording). */
  numberingMs: number;
}

/** Whose invoices go next, with which credential and how many, looked up while the batch before is out. */
export interface NextBatchPlan {
  authority: Authority;
  ownerId: string;
  limit: number;
}

/** What became of a batch: the sequence's last number as it now stands, and whether any invoice is in doubt. */
export interface BatchSent {
  end: number;
  inDoubt: boolean;
  /** The next batch, numbered after `end` in the transaction that recorded this one's verdicts. */
  next?: NumberedBatch;
}

/** Numbers and sends the workspace's next queued invoices (numberFreshBatch, then sendNumberedBatch). */
export async function sendFreshBatch(
  lease: SequenceLease,
  authority: Authority,
  batch: FreshBatch,
): Promise<BatchSent> {
  const numbered = await numberFreshBatch(lease, authority, batch);
  if (numbered.sends.length === 0) return { end: batch.after, inDoubt: false };
  return sendNumberedBatch(lease, numbered);
}

/**
 * Numbers the workspace's next queued invoices and marks them as going out. After a quiet while the service is
 * first asked whether it is up (authority-health.ts): one that is down gets nothing numbered (AuthorityError).
 */
export async function numberFreshBatch(
  lease: SequenceLease,
  authority: Authority,
  batch: FreshBatch,
): Promise<NumberedBatch> {
  const vouchers = voucherServiceFor(authority.sequence.docType);
  await ensureAnswering(vouchers.service, authority.environment, vouchers.health);
  const started = performance.now();
  const lastRequestId = vouchers.lastRequestId && (await vouchers.lastRequestId(authority));
  const sends = await fenced(lease, async (tx) => {
    const numbered = await numberQueuedSends(tx, { sequenceId: lease.sequence.id, ...batch });
    if (lastRequestId === undefined) return numbered;
    const { environment, cuit } = authority;
    return giveRequestIds(tx, numbered, { environment, cuit, authorityLast: lastRequestId });
  });
  return { authority, sends, after: batch.after, numberingMs: performance.now() - started };
}

/**
 * Sends a numbered batch and records what the authority said of each invoice. With `planningNext` (whose
 * invoices go next, looked up while this batch is out; it never fails), the next batch is numbered after this
 * one's end in the transaction that records its verdicts: every invoice queued until the answer came goes in
 * it, and no transaction of its own stands between this answer and the next request. Nothing is numbered
 * while an invoice of this batch is in doubt. A request that provably never reached the authority frees the
 * batch and throws; any other failure leaves it in doubt and throws.
 */
export async function sendNumberedBatch(
  lease: SequenceLease,
  batch: NumberedBatch,
  planningNext?: Promise<NextBatchPlan | undefined>,
): Promise<BatchSent> {
  const { authority, sends } = batch;
  const vouchers = voucherServiceFor(authority.sequence.docType);
  let answer: BatchResult;
  const asked = performance.now();
  try {
    answer = await vouchers.solicit(authority, sends);
  } catch (error) {
    if (neverReachedAuthority(error))
      await fenced(lease, (tx) =>
        freeSends(
          tx,
          sends.map((send) => send.id),
        ),
      );
    throw error;
  }
  heardFrom(vouchers.service, authority.environment);
  const answered = performance.now();
  const outcome = batchOutcome(numbersOf(sends), answer, vouchers);
  const verdicts = verdictsOf(sends, outcome);
  let end = Math.max(batch.after, ...verdicts.authorised.map(({ number }) => number));
  if (outcome.numbering) {
    // Refused only for its number: was its date before the sequence's last, or was its number not the next?
    const first = sendOf(sends, outcome.numbering.id);
    const authorityLast = await vouchers.lastNumber(authority);
    if (authorityLast === outcome.numbering.number - 1)
      verdicts.refused.push({ send: first, errors: [outcome.numbering.error] });
    else {
      verdicts.freed.push(first);
      end = Math.max(end, authorityLast);
    }
    verdicts.freed.push(...outcome.numbering.after.map((id) => sendOf(sends, id)));
  }
  const inDoubt = outcome.inDoubt.length > 0;
  const plan = inDoubt ? undefined : await planningNext;
  const next = await recordVerdicts(
    lease,
    voucherSequenceOf(authority),
    verdicts,
    end,
    plan && ((tx) => numberPlanned(tx, lease, plan, end)),
  );
  countBatch(sends.length, batch.numberingMs + performance.now() - asked, answered - asked);
  return { end, inDoubt, ...(next && next.sends.length > 0 ? { next } : {}) };
}

/** The planned workspace's queued invoices numbered after `end` (and after any number still held), in `tx`. */
async function numberPlanned(tx: Tx, lease: SequenceLease, plan: NextBatchPlan, end: number): Promise<NumberedBatch> {
  const started = performance.now();
  const sequenceId = lease.sequence.id;
  const after = Math.max(end, await highestNumberHeld(sequenceId, tx));
  const sends = await numberQueuedSends(tx, { sequenceId, ownerId: plan.ownerId, after, limit: plan.limit });
  return { authority: plan.authority, sends, after, numberingMs: performance.now() - started };
}

/**
 * Sends again, with their own numbers, invoices in doubt whose numbers the authority's record shows unused
 * (the next ones after its last). A numbering refusal alone says nothing new (the first request may have
 * taken the number after all, and the record lags): they stay in doubt, and so does everything after a
 * failure; unless the refused invoice is dated before the voucher the authority holds just before its number.
 * The authority takes no voucher dated before the sequence's last, so no request could have authorised it
 * with that number, nor (numbers go one after the other) any number after it: it is refused for its date and
 * the later ones are free again. Without that, an invoice dated late stayed in doubt for ever and held up
 * its whole sequence.
 */
export async function resendInDoubt(lease: SequenceLease, authority: Authority, sends: InvoiceSend[]): Promise<void> {
  await fenced(lease, async () => undefined); // the lease renewed right before the request goes out
  const vouchers = voucherServiceFor(authority.sequence.docType);
  const outcome = batchOutcome(numbersOf(sends), await vouchers.solicit(authority, sends), vouchers);
  heardFrom(vouchers.service, authority.environment);
  const verdicts = verdictsOf(sends, outcome);
  if (outcome.numbering) {
    const first = sendOf(sends, outcome.numbering.id);
    // Should the lookup fail, what the answer said of the others is still recorded; this one stays in doubt.
    if (await datedBeforePrevious(vouchers, authority, first, outcome.numbering.number)) {
      verdicts.refused.push({ send: first, errors: [outcome.numbering.error] });
      verdicts.freed.push(...outcome.numbering.after.map((id) => sendOf(sends, id)));
    }
  }
  await recordVerdicts(lease, voucherSequenceOf(authority), verdicts);
}

const numbersOf = (sends: InvoiceSend[]) => sends.map((send) => ({ id: send.id, number: send.number! }));

const sendOf = (sends: InvoiceSend[], id: string) => sends.find((send) => send.id === id)!;

/** The answer's verdicts; a numbering refusal is left to the caller, in doubt until it decides. */
function verdictsOf(sends: InvoiceSend[], outcome: BatchOutcome): Verdicts {
  const verdicts = noVerdicts();
  verdicts.authorised = outcome.authorised.map((item) => ({ ...item, send: sendOf(sends, item.id) }));
  verdicts.refused = outcome.refused.map(({ id, errors }) => ({ send: sendOf(sends, id), errors }));
  verdicts.freed = outcome.unjudged.map((id) => sendOf(sends, id));
  return verdicts;
}

export const voucherSequenceOf = (authority: Authority) => ({
  cuit: authority.cuit,
  pointOfSale: authority.sequence.pointOfSale,
  docType: authority.sequence.docType,
});
