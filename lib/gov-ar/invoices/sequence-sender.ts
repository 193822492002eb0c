// Sends a sequence's queued invoices to the authority, one batch at a time, under the sequence's lease
// (lib/gov-ar/invoices/sequence-lease.ts). A round first settles what is in doubt (settle-in-doubt.ts) and
// sends nothing new while anything is; then it numbers and sends batches (send-batch.ts), each of one
// workspace's invoices with that workspace's credential; a workspace that can no longer speak for the CUIT
// has its queued invoices withdrawn, never sent under another's certificate. One request is out at a time;
// while it is, whose invoices go next is looked up, and they are numbered in the transaction that records its
// verdicts, to go out right after it (send-batch.ts).
import { AuthorityError } from '@/lib/authority/authority-error';
import {
  highestNumberHeld,
  nextQueuedOwner,
  wakeQueuedSends,
  withdrawQueuedSends,
} from '@/lib/gov-ar/invoices/issuance-queries';
import { authoritiesOf, canSpeak, type Authority, type Unusable } from '@/lib/gov-ar/invoices/sequence-authority';
import {
  fenced,
  releaseLease,
  SequenceLeaseLost,
  takeLease,
  type SequenceLease,
} from '@/lib/gov-ar/invoices/sequence-lease';
import {
  numberFreshBatch,
  sendNumberedBatch,
  type NextBatchPlan,
  type NumberedBatch,
} from '@/lib/gov-ar/invoices/send-batch';
import { settleInDoubt } from '@/lib/gov-ar/invoices/settle-in-doubt';
import { voucherServiceFor } from '@/lib/gov-ar/invoices/voucher-services';
import { processSingleton } from '@/lib/process-singleton';
import { readyStepsNow } from '@/lib/transform/queries';
import { kickJobRunner } from '@/lib/transform/wake-ups';

/** A sender stops after this long, so the step running it ends well inside its own lease; another carries on. */
const SENDING_BUDGET_MS = 8_000;
/** Queued invoices' steps woken when a sender lets go of their sequence: the first to run becomes the next sender. */
const WOKEN_ON_RELEASE = 2;

export type SendingRound =
  /** Nothing is queued or in doubt for the sequence any more. */
  | { kind: 'idle' }
  /** Another sender holds the sequence; it wakes the waiting jobs when their invoices are done. */
  | { kind: 'busy' }
  /** The budget ran out with invoices still queued. */
  | { kind: 'more' }
  /** Invoices are in doubt that the authority's record cannot settle yet: nothing new was sent. */
  | { kind: 'unsettled' }
  /** The authority did not answer; what was queued stays queued, what was in doubt stays in doubt. */
  | { kind: 'unavailable'; error: AuthorityError };

/**
 * Sequences whose lease a sender of this process holds or is asking for. An invoice queued here while one is
 * sending finds it busy without asking the database (a write per invoice under load); that sender wakes it as
 * it lets go. `foundBusy`: an invoice found it so while the lease was being asked for.
 */
const sendingHere = processSingleton('sequences-sending-here', () => new Map<string, { foundBusy: boolean }>());

/** Sends the sequence's queued invoices (and settles any in doubt) while this call holds its lease. */
export async function sendSequence(sequenceId: string): Promise<SendingRound> {
  const here = sendingHere.get(sequenceId);
  if (here) {
    here.foundBusy = true;
    return { kind: 'busy' };
  }
  // Marked before the lease is asked for: the invoices queued meanwhile find it busy rather than each asking too.
  const asking = { foundBusy: false };
  sendingHere.set(sequenceId, asking);
  let lease: SequenceLease | undefined;
  try {
    for (;;) {
      lease = await takeLease(sequenceId);
      if (lease || !asking.foundBusy) break;
      // Another instance holds it. It wakes what is queued when it lets go, but it may have let go before the
      // invoices that found this ask busy were queued: the lease is asked for again on their behalf.
      asking.foundBusy = false;
    }
  } finally {
    if (!lease) sendingHere.delete(sequenceId);
  }
  if (!lease) return { kind: 'busy' };
  let round: SendingRound | undefined;
  try {
    round = await sendWhileHeld(lease);
    return round;
  } catch (error) {
    if (!(error instanceof SequenceLeaseLost)) throw error;
    round = { kind: 'busy' };
    return round;
  } finally {
    try {
      await releaseLease(lease);
    } finally {
      // Only once the lease is let go: an invoice that found this sender busy was queued before this, so the
      // wake-up below finds it.
      sendingHere.delete(sequenceId);
    }
    // Invoices queued while this sender held the sequence (their own try found it busy), or left when its
    // budget ran out, wait for news: the oldest are woken now to carry on, rather than when their wait runs
    // out. Not after the authority failed to answer: they keep their backoff.
    if (round && round.kind !== 'unavailable' && round.kind !== 'unsettled') {
      if ((await wakeQueuedSends(sequenceId, WOKEN_ON_RELEASE)) > 0) kickJobRunner();
    }
  }
}

async function sendWhileHeld(lease: SequenceLease): Promise<SendingRound> {
  const started = Date.now();
  const authorityOf = authoritiesOf(lease.sequence);
  // WSFEX's request Ids are asked of the authority before each numbering: its batches are numbered on their own.
  const numbersWithVerdicts = voucherServiceFor(lease.sequence.docType).lastRequestId === undefined;
  try {
    if ((await settleInDoubt(lease, authorityOf)) > 0) return { kind: 'unsettled' };
    let after: number | undefined;
    let next: NumberedBatch | undefined;
    for (;;) {
      const inBudget = Date.now() - started <= SENDING_BUDGET_MS;
      if (!next && !inBudget) return { kind: 'more' };
      const batch = next ?? (await numberNextBatch(lease, authorityOf, after));
      if (!batch) return { kind: 'idle' };
      // While it is out, whose invoices go next is looked up (its own workspace's, when none are queued yet: it
      // has just taken them all); they are numbered when its verdicts are recorded.
      const planningNext =
        numbersWithVerdicts && inBudget
          ? planNextBatch(lease, authorityOf)
              .then((plan) => plan ?? sameWorkspaceAgain(batch))
              .catch(() => undefined)
          : undefined;
      const sent = await sendNumberedBatch(lease, batch, planningNext);
      if (sent.inDoubt) return { kind: 'unsettled' };
      after = sent.end;
      next = sent.next;
    }
  } catch (error) {
    if (error instanceof AuthorityError && error.problem === 'unavailable') return { kind: 'unavailable', error };
    throw error;
  }
}

/**
 * The next workspace with queued invoices that can speak for the CUIT (withdrawing those of workspaces that can
 * no longer), its credential and batch size; undefined when nothing is queued.
 */
async function planNextBatch(
  lease: SequenceLease,
  authorityOf: (ownerId: string) => Promise<Authority | Unusable>,
): Promise<NextBatchPlan | undefined> {
  const vouchers = voucherServiceFor(lease.sequence.docType);
  for (;;) {
    const ownerId = await nextQueuedOwner(lease.sequence.id);
    if (!ownerId) return undefined;
    const authority = await authorityOf(ownerId);
    if (!canSpeak(authority)) {
      await withdraw(lease, ownerId, authority.unusable);
      continue;
    }
    return { authority, ownerId, limit: await vouchers.batchSize(authority) };
  }
}

/** The next batch of the workspace whose batch is out: what it queues while that one is out. */
async function sameWorkspaceAgain(batch: NumberedBatch): Promise<NextBatchPlan> {
  const { authority } = batch;
  const limit = await voucherServiceFor(authority.sequence.docType).batchSize(authority);
  return { authority, ownerId: batch.sends[0]!.ownerId, limit };
}

/** The planned workspace's queued invoices numbered after `after` (or the sequence's last, when not known). */
async function numberNextBatch(
  lease: SequenceLease,
  authorityOf: (ownerId: string) => Promise<Authority | Unusable>,
  after: number | undefined,
): Promise<NumberedBatch | undefined> {
  const sequenceId = lease.sequence.id;
  for (;;) {
    const plan = await planNextBatch(lease, authorityOf);
    if (!plan) return undefined;
    const { authority, ownerId, limit } = plan;
    const from = Math.max(after ?? (await lastAuthorised(lease, authority)), await highestNumberHeld(sequenceId));
    const batch = await numberFreshBatch(lease, authority, { ownerId, after: from, limit });
    if (batch.sends.length > 0) return batch;
    after = from;
  }
}

/** The sequence's last number as we last learnt it, or as the authority says when we never asked. */
const lastAuthorised = async (lease: SequenceLease, authority: Authority) =>
  lease.sequence.lastNumber ?? (await voucherServiceFor(lease.sequence.docType).lastNumber(authority));

/** The workspace's queued invoices of the sequence are withdrawn (never sent), and their jobs told. */
async function withdraw(lease: SequenceLease, ownerId: string, why: string) {
  await fenced(lease, async (tx) => {
    const jobIds = await withdrawQueuedSends(tx, lease.sequence.id, ownerId, {
      errors: [{ code: 'credential_unusable', message: `Not sent: ${why}` }],
    });
    await readyStepsNow(tx, jobIds);
  });
  kickJobRunner();
}
