// Recording what the authority said of a sequence's sends, in one transaction fenced by the sender's lease:
// an authorised invoice gets its number and stamps and is Sent in the same statement (after that it is Sent
// for good), its stale refusal is gone and its send step completes where it waits; a refused one keeps the
// authority's errors; a freed one goes back to the queue without its number. Whatever is not named here
// stays as it is: in doubt.
import type { WsfeError } from '@/lib/authority/wsfe-client';
import type { Tx } from '@/lib/db/client';
import type { InvoiceSend } from '@/lib/db/schema';
import { GOV_AR_SRC, META_KEY, SEND_STEP } from '@/lib/gov-ar/app';
import {
  advanceSequenceEnd,
  deleteMetaRecords,
  freeSends,
  recordAuthorityNotes,
  settleSends,
  stampEntries,
  type SettledSend,
} from '@/lib/gov-ar/invoices/issuance-queries';
import {
  authorisedMessage,
  issuedStamp,
  noteOnInvoice,
  notes,
  type AuthorityNote,
  type VoucherSequence,
} from '@/lib/gov-ar/invoices/issued-voucher';
import { fenced, type SequenceLease } from '@/lib/gov-ar/invoices/sequence-lease';
import { jobProgressed } from '@/lib/transform/job-waiters';
import { lockJobs, readyStepsNow } from '@/lib/transform/queries';
import { finishStepsDoneElsewhere } from '@/lib/transform/finished-elsewhere';
import { kickJobRunner } from '@/lib/transform/wake-ups';

export interface Verdicts {
  authorised: { send: InvoiceSend; number: number; cae: string; caeDue: string; observations: WsfeError[] }[];
  refused: { send: InvoiceSend; errors: AuthorityNote[] }[];
  /** The authority holds the send's number for another voucher: it was not authorised. */
  conflicts: { send: InvoiceSend; errors: AuthorityNote[] }[];
  /** Not authorised, and its number free again: back to the queue. */
  freed: InvoiceSend[];
}

export const noVerdicts = (): Verdicts => ({ authorised: [], refused: [], conflicts: [], freed: [] });

/**
 * Records the verdicts (and the sequence's last number, when it moved) and wakes the jobs they end. `andThen`
 * runs last in the same transaction (the sender numbers its next batch there) and its result is answered.
 */
export async function recordVerdicts<T = undefined>(
  lease: SequenceLease,
  voucherSequence: VoucherSequence,
  verdicts: Verdicts,
  end?: number,
  andThen?: (tx: Tx) => Promise<T>,
): Promise<T | undefined> {
  const { authorised, refused, conflicts, freed } = verdicts;
  const settled: SettledSend[] = [
    ...authorised.map(({ send, cae, caeDue, observations }) => ({
      id: send.id,
      state: 'authorised' as const,
      result: { cae, caeDue, observations: notes(observations) },
    })),
    ...refused.map(({ send, errors }) => ({
      id: send.id,
      state: 'refused' as const,
      result: { errors: notes(errors) },
    })),
    ...conflicts.map(({ send, errors }) => ({
      id: send.id,
      state: 'conflict' as const,
      result: { errors: notes(errors) },
    })),
  ];
  const authorisedEntries = authorised.map(({ send }) => send.entryId);
  const refusedEntries = [...refused, ...conflicts].map(({ send }) => send.entryId);
  let ended: string[] = [];
  const then = await fenced(lease, async (tx) => {
    // The jobs first, as their steps' transitions take them (then the send, in beforeJobFails).
    await lockJobs(
      tx,
      [...authorised, ...refused, ...conflicts].map(({ send }) => send.jobId),
    );
    await settleSends(tx, settled);
    await freeSends(
      tx,
      freed.map((send) => send.id),
    );
    await stampEntries(
      tx,
      authorised.map(({ send, number, cae, caeDue }) => issuedStamp(voucherSequence, send, number, cae, caeDue)),
      'Sent',
    );
    // What the authority said before (a refusal since corrected, earlier observations) no longer holds.
    await deleteMetaRecords(tx, [...authorisedEntries, ...refusedEntries], GOV_AR_SRC, META_KEY.errors);
    await deleteMetaRecords(tx, authorisedEntries, GOV_AR_SRC, META_KEY.observations);
    await recordAuthorityNotes(tx, [
      ...authorised
        .filter(({ observations }) => observations.length > 0)
        .map(({ send, observations }) => noteOnInvoice(send, META_KEY.observations, observations)),
      ...[...refused, ...conflicts].map(({ send, errors }) => noteOnInvoice(send, META_KEY.errors, errors)),
    ]);
    const highest = Math.max(end ?? 0, ...authorised.map(({ number }) => number));
    if (highest > 0) await advanceSequenceEnd(tx, lease.sequence.id, highest);
    const finished = await finishStepsDoneElsewhere(
      tx,
      authorised.map(({ send, number, cae }) => ({
        jobId: send.jobId,
        step: SEND_STEP,
        message: authorisedMessage(number, cae),
      })),
    );
    ended = finished.ended;
    const done = new Set(finished.completed);
    await readyStepsNow(
      tx,
      [...authorised, ...refused, ...conflicts].map(({ send }) => send.jobId).filter((jobId) => !done.has(jobId)),
    );
    return andThen?.(tx);
  });
  for (const jobId of ended) jobProgressed(jobId);
  kickJobRunner();
  return then;
}
