// Sends a sequence's queued invoices to the authority, one batch at a time, under the sequence's lease (so
// across processes and instances one sender numbers a sequence at a time). Numbers come after the last the
// authority authorised; each batch is written as `sending` before it goes out, so an answer lost to a cut
// connection, a time-out or a crash leaves it in doubt, never forgotten: before anything else the next sender
// asks the authority (FECompUltimoAutorizado, then FECompConsultar per number) and adopts the CAE of a voucher
// it did authorise, sends again one it did not, and fails one whose number went to another voucher.
import { Decimal } from 'decimal.js';
import type { FECAEDetRequest } from '@/lib/ar/arca/wsfe-detail';
import { arcaQrDataFor, arcaQrUrl } from '@/lib/ar/arca/qr';
import { AuthorityError } from '@/lib/authority/authority-error';
import { answerLost, authorityTimeoutMs } from '@/lib/authority/soap-client';
import { authorityTicket } from '@/lib/authority/tickets';
import type { WsfeAuth } from '@/lib/authority/wsfe-client';
import {
  feCaeSolicitar,
  feCompConsultar,
  feCompTotXRequest,
  feCompUltimoAutorizado,
  type AuthorisedVoucher,
  type Sequence,
} from '@/lib/authority/wsfe-vouchers';
import { inTransaction, type Tx } from '@/lib/db/client';
import type { Environment, InvoiceSend, InvoiceSequence } from '@/lib/db/schema';
import { openCredential } from '@/lib/gov-ar/credentials';
import { batchOutcome, type BatchOutcome } from '@/lib/gov-ar/invoices/batch-outcome';
import {
  lockHeldSequence,
  markSending,
  queuedSends,
  recordAuthorityNotes,
  releaseSequenceLease,
  requeueSends,
  sendsInDoubt,
  setSequenceEnd,
  settleSends,
  wakeQueuedSends,
  stampEntries,
  takeSequenceLease,
  type IssuedStamp,
  type SettledSend,
} from '@/lib/gov-ar/invoices/issuance-queries';
import { getRegisteredSupplierCredential } from '@/lib/gov-ar/invoices/queries';
import { META_KEY, SEND_STEP } from '@/lib/gov-ar/app';
import { newId } from '@/lib/ids';
import { processSingleton } from '@/lib/process-singleton';
import { readyStepsNow } from '@/lib/transform/queries';
import { kickJobRunner } from '@/lib/transform/wake-ups';
import { jobProgressed } from '@/lib/transform/job-waiters';
import { completeStepsFinishedElsewhere } from '@/lib/transform/transitions';

/** The authority's own limit (FECompTotXRequest answers 250 in homologación); ours if it says more. */
const MOST_PER_BATCH = 250;
/** A sender stops after this long, so the step running it ends well inside its own lease; another carries on. */
const SENDING_BUDGET_MS = 8_000;
/** FECompConsultar calls at once while settling a lost answer. */
const CONSULTS_AT_ONCE = 8;

/** The lease outlives any one call to the authority (a time-out included) with room to record its answer. */
const leaseSeconds = () => Math.ceil((2 * authorityTimeoutMs()) / 1000) + 30;

export type SendingRound =
  /** Nothing is queued or in doubt for the sequence any more. */
  | { kind: 'idle' }
  /** Another sender holds the sequence; it wakes the waiting jobs when their invoices are done. */
  | { kind: 'busy' }
  /** The budget ran out with invoices still queued. */
  | { kind: 'more' }
  /** The authority did not answer; what was queued stays queued, what was in doubt stays in doubt. */
  | { kind: 'unavailable'; error: AuthorityError };

interface Authority {
  environment: Environment;
  cuit: string;
  auth: WsfeAuth;
  sequence: Sequence;
}

/** Queued invoices' steps woken when a sender lets go of their sequence: the first to run becomes the next sender. */
const WOKEN_ON_RELEASE = 2;

/** Sends the sequence's queued invoices (and settles any in doubt) while this call holds its lease. */
export async function sendSequence(sequenceId: string): Promise<SendingRound> {
  const owner = newId();
  const held = await takeSequenceLease(sequenceId, owner, leaseSeconds());
  if (!held) return { kind: 'busy' };
  let round: SendingRound | undefined;
  try {
    round = await sendWhileHeld(held, owner);
    return round;
  } finally {
    await releaseSequenceLease(sequenceId, owner);
    // Invoices queued while this sender held the sequence (their own try found it busy), or left when its
    // budget ran out, wait for news: the oldest are woken now to carry on, rather than when their wait runs
    // out. Not after the authority failed to answer: they keep their backoff.
    if (round?.kind !== 'unavailable') {
      if ((await wakeQueuedSends(sequenceId, WOKEN_ON_RELEASE)) > 0) kickJobRunner();
    }
  }
}

async function sendWhileHeld(held: InvoiceSequence, owner: string): Promise<SendingRound> {
  const sequenceId = held.id;
  const started = Date.now();
  try {
    let authority: Authority | undefined;
    const authorityOf = async (send: InvoiceSend) => (authority ??= await authorityFor(held, send.ownerId));
    let last: { number: number; date: string | null } | undefined;

    const doubtful = await sendsInDoubt(sequenceId);
    if (doubtful.length > 0) last = await settleInDoubt(held, owner, await authorityOf(doubtful[0]!), doubtful);
    for (;;) {
      if (Date.now() - started > SENDING_BUDGET_MS) return { kind: 'more' };
      const [oldest] = await queuedSends(sequenceId, 1);
      if (!oldest) return { kind: 'idle' };
      const current = await authorityOf(oldest);
      const batch = await queuedSends(sequenceId, await batchSize(current));
      last ??=
        held.lastNumber === null
          ? { number: await feCompUltimoAutorizado(current.environment, current.auth, current.sequence), date: null }
          : { number: held.lastNumber, date: held.lastDate };
      last = await sendBatch(held, owner, current, batch, last);
    }
  } catch (error) {
    if (error instanceof AuthorityError && error.problem === 'unavailable') return { kind: 'unavailable', error };
    throw error;
  }
}

/** Numbers the batch after `last`, sends it, and records each invoice's outcome; the sequence's new end. */
async function sendBatch(
  sequence: InvoiceSequence,
  owner: string,
  authority: Authority,
  batch: InvoiceSend[],
  last: { number: number; date: string | null },
) {
  const numbered = batch.map((send, index) => ({ send, number: last.number + 1 + index }));
  await fenced(sequence, owner, (tx) =>
    markSending(
      tx,
      numbered.map(({ send, number }) => ({ id: send.id, number })),
    ),
  );
  const details = numbered.map(({ send, number }) => withNumber(send, number));
  let answer;
  try {
    answer = await feCaeSolicitar(authority.environment, authority.auth, authority.sequence, details);
  } catch (error) {
    // Known not to have reached the authority: the batch goes back to the queue. Otherwise it stays in doubt.
    if (!answerLost(error))
      await fenced(sequence, owner, (tx) =>
        requeueSends(
          tx,
          batch.map((send) => send.id),
        ),
      );
    throw error;
  }
  const outcome = batchOutcome(
    numbered.map(({ send, number }) => ({ id: send.id, number })),
    answer,
  );
  let end = last;
  for (const authorised of outcome.authorised) {
    const send = numbered.find((item) => item.send.id === authorised.id)!;
    end = { number: authorised.number, date: send.send.detail.CbteFch as string };
  }
  if (outcome.numbering) {
    // Was its date before the sequence's last, or did the sequence move on without us?
    const authorityLast = await feCompUltimoAutorizado(authority.environment, authority.auth, authority.sequence);
    if (authorityLast === outcome.numbering.number - 1)
      outcome.refused.push({ id: outcome.numbering.id, errors: [outcome.numbering.error] });
    else {
      outcome.requeued.push(outcome.numbering.id);
      end = { number: authorityLast, date: null };
    }
  }
  await record(sequence, owner, authority, batch, outcome, end);
  return end;
}

/** What the send step records for an invoice the authority accepted, run by its own step or by the sender. */
export const authorisedMessage = (number: number | null, cae: string | undefined) =>
  `Authorised as number ${number ?? ''}, CAE ${cae ?? ''}.`;

/**
 * Everything a batch's answer changes, in one transaction fenced by the lease. The send steps of accepted
 * invoices that wait to be woken are completed here, as their own next run would (one statement for the
 * batch instead of a step run each); the rest (refused, or a step running now) are woken to see for
 * themselves.
 */
async function record(
  sequence: InvoiceSequence,
  owner: string,
  authority: Authority,
  batch: InvoiceSend[],
  outcome: BatchOutcome,
  end: { number: number; date: string | null },
) {
  const sendOf = (id: string) => batch.find((send) => send.id === id)!;
  const settled: SettledSend[] = [
    ...outcome.authorised.map(({ id, cae, caeDue, observations }) => ({
      id,
      state: 'authorised' as const,
      result: { cae, caeDue, observations: notes(observations) },
    })),
    ...outcome.refused.map(({ id, errors }) => ({ id, state: 'refused' as const, result: { errors: notes(errors) } })),
  ];
  const stamps: IssuedStamp[] = outcome.authorised.map(({ id, number, cae, caeDue }) =>
    issuedStamp(authority, sendOf(id), withNumber(sendOf(id), number), cae, caeDue),
  );
  let completed: string[] = [];
  await fenced(sequence, owner, async (tx) => {
    await settleSends(tx, settled);
    await requeueSends(tx, outcome.requeued);
    await stampEntries(tx, stamps);
    await recordAuthorityNotes(tx, [
      ...outcome.authorised
        .filter((item) => item.observations.length > 0)
        .map((item) => note(sendOf(item.id), META_KEY.observations, item.observations)),
      ...outcome.refused.map((item) => note(sendOf(item.id), META_KEY.errors, item.errors)),
    ]);
    await setSequenceEnd(tx, sequence.id, { lastNumber: end.number, lastDate: end.date });
    completed = await completeStepsFinishedElsewhere(
      tx,
      outcome.authorised.map(({ id, number, cae }) => ({
        jobId: sendOf(id).jobId,
        step: SEND_STEP,
        message: authorisedMessage(number, cae),
      })),
    );
    const done = new Set(completed);
    await readyStepsNow(
      tx,
      [...outcome.authorised, ...outcome.refused].map(({ id }) => sendOf(id).jobId).filter((jobId) => !done.has(jobId)),
    );
  });
  for (const jobId of completed) jobProgressed(jobId);
  kickJobRunner();
}

/**
 * A batch whose answer was lost: the authority's last number says which of its numbers it used; each of
 * those is looked up, and adopted only if it is this invoice (same receiver, date and total).
 */
async function settleInDoubt(sequence: InvoiceSequence, owner: string, authority: Authority, doubtful: InvoiceSend[]) {
  const authorityLast = await feCompUltimoAutorizado(authority.environment, authority.auth, authority.sequence);
  const asked = doubtful.filter((send) => send.number! <= authorityLast);
  const found = await inParallel(asked, CONSULTS_AT_ONCE, (send) =>
    feCompConsultar(authority.environment, authority.auth, authority.sequence, send.number!),
  );
  const settled: SettledSend[] = [];
  const stamps: IssuedStamp[] = [];
  const requeued = doubtful.filter((send) => send.number! > authorityLast).map((send) => send.id);
  const conflicts: InvoiceSend[] = [];
  asked.forEach((send, index) => {
    const voucher = found[index];
    if (!voucher) requeued.push(send.id);
    else if (isThisInvoice(voucher, withNumber(send, send.number!))) {
      settled.push({ id: send.id, state: 'authorised', result: { cae: voucher.cae, caeDue: voucher.caeDue } });
      stamps.push(issuedStamp(authority, send, withNumber(send, send.number!), voucher.cae, voucher.caeDue));
    } else {
      conflicts.push(send);
      settled.push({ id: send.id, state: 'conflict', result: { errors: [sequenceConflict(send, voucher)] } });
    }
  });
  await fenced(sequence, owner, async (tx) => {
    await settleSends(tx, settled);
    await requeueSends(tx, requeued);
    await stampEntries(tx, stamps);
    await recordAuthorityNotes(
      tx,
      conflicts.map((send) => note(send, META_KEY.errors, [sequenceConflict(send, found[asked.indexOf(send)]!)])),
    );
    await setSequenceEnd(tx, sequence.id, { lastNumber: authorityLast, lastDate: null });
    await readyStepsNow(
      tx,
      settled.map(({ id }) => doubtful.find((send) => send.id === id)!.jobId),
    );
  });
  kickJobRunner();
  return { number: authorityLast, date: null };
}

/** The voucher the authority holds under a number is this invoice if it has its receiver, date and total. */
function isThisInvoice(voucher: AuthorisedVoucher, detail: FECAEDetRequest): boolean {
  return (
    voucher.docType === detail.DocTipo &&
    voucher.docNumber === String(detail.DocNro) &&
    voucher.date === detail.CbteFch &&
    new Decimal(voucher.total || 'NaN').equals(detail.ImpTotal)
  );
}

function sequenceConflict(send: InvoiceSend, voucher: AuthorisedVoucher) {
  return {
    code: 'sequence_conflict',
    message:
      `The authority holds number ${send.number} of this point of sale and voucher type for another voucher ` +
      `(receiver ${voucher.docType} ${voucher.docNumber}, dated ${voucher.date}, total ${voucher.total}): another system ` +
      'issues on this point of sale. This invoice was not authorised and nothing was overwritten; issue it again.',
  };
}

const withNumber = (send: InvoiceSend, number: number) =>
  ({
    ...(send.detail as Omit<FECAEDetRequest, 'CbteDesde' | 'CbteHasta'>),
    CbteDesde: number,
    CbteHasta: number,
  }) as FECAEDetRequest;

const isoDate = (yyyymmdd: string) => yyyymmdd.replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3');

function issuedStamp(
  authority: Authority,
  send: InvoiceSend,
  detail: FECAEDetRequest,
  cae: string,
  caeDue: string,
): IssuedStamp {
  const qr = arcaQrUrl(
    arcaQrDataFor(
      { CbteTipo: authority.sequence.docType, PtoVta: authority.sequence.pointOfSale },
      detail,
      authority.cuit,
      cae,
    ),
  );
  return {
    entryId: send.entryId,
    code: String(detail.CbteDesde).padStart(8, '0'),
    stamps: [
      { prv: 'arca-cae', val: cae },
      { prv: 'arca-cae-expiry', val: isoDate(caeDue) },
      { prv: 'arca-qr', val: qr },
    ],
  };
}

const notes = (errors: { code: string | number; message: string }[]) =>
  errors.map(({ code, message }) => ({ code: /^\d+$/.test(String(code)) ? Number(code) : code, message }));

const note = (send: InvoiceSend, key: string, errors: { code: string | number; message: string }[]) => ({
  ownerId: send.ownerId,
  entryId: send.entryId,
  jobId: send.jobId,
  key,
  value: notes(errors),
});

/** Runs `write` in a transaction only while this sender still holds the sequence's lease. */
async function fenced(sequence: InvoiceSequence, owner: string, write: (tx: Tx) => Promise<unknown>) {
  await inTransaction(async (tx) => {
    if (!(await lockHeldSequence(tx, sequence.id, owner)))
      throw new AuthorityError('unavailable', 'The sequence lease ran out while sending; another sender carries on.');
    await write(tx);
  });
}

/** The supplier's certificate, a WSAA ticket for wsfe, and the sequence as the authority names it. */
async function authorityFor(sequence: InvoiceSequence, ownerId: string): Promise<Authority> {
  const credential = await getRegisteredSupplierCredential(ownerId, sequence.environment, sequence.cuit);
  if (!credential)
    throw new AuthorityError(
      'rejected',
      `CUIT ${sequence.cuit} is no longer a registered ${sequence.environment} supplier.`,
    );
  const ticket = await authorityTicket(await openCredential(credential), 'wsfe');
  return {
    environment: sequence.environment,
    cuit: sequence.cuit,
    auth: { token: ticket.token, sign: ticket.sign, cuit: sequence.cuit },
    sequence: { pointOfSale: sequence.pointOfSale, docType: sequence.docType },
  };
}

/** FECompTotXRequest, asked once an hour per environment. */
const batchLimits = processSingleton(
  'wsfe-batch-limits',
  () => new Map<Environment, { most: number; until: number }>(),
);

async function batchSize(authority: Authority): Promise<number> {
  const kept = batchLimits.get(authority.environment);
  if (kept && kept.until > Date.now()) return kept.most;
  const most = Math.min(MOST_PER_BATCH, await feCompTotXRequest(authority.environment, authority.auth));
  batchLimits.set(authority.environment, { most, until: Date.now() + 3_600_000 });
  return most;
}

async function inParallel<T, R>(items: T[], atOnce: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(atOnce, items.length) }, async () => {
      while (next < items.length) {
        const at = next++;
        results[at] = await work(items[at]!);
      }
    }),
  );
  return results;
}
