// The CAEA reporter: informs the authority of every voucher issued under a CAEA, exactly once. For each CAEA
// sequence with vouchers to inform, under the sequence's lease (the CAE sender's, sequence-lease.ts): first
// what is in doubt is settled by the authority's record (settle-reports.ts), and nothing new goes out while
// anything is; then the `unreported` ones are informed in number order, in batches (inform-batch.ts). The
// numbering is correlative (703): nothing is informed past a voucher whose report was refused until it is
// corrected, nor before the day after its CAEA starts (R7, 1414). Then the unused fortnights are informed
// (idle-fortnights.ts). Run every minute (lib/gov-ar/plug.ts) and, in the background, right after an invoice
// is issued under a CAEA (`kickCaeaReporter`); while the authority does not answer a run just fails and the
// next tries again, kicks waiting out a backoff.
import { AuthorityError } from '@/lib/authority/authority-error';
import type { InvoiceSend } from '@/lib/db/schema';
import { informIdleFortnights } from '@/lib/gov-ar/contingency/idle-fortnights';
import { informBatch } from '@/lib/gov-ar/contingency/inform-batch';
import { argentinaDay, mayReportOn, noteDeadlines } from '@/lib/gov-ar/contingency/report-deadline';
import {
  lowestRefusedReport,
  markReporting,
  sendsInState,
  sequencesToReport,
} from '@/lib/gov-ar/contingency/report-queries';
import { settleReportsInDoubt } from '@/lib/gov-ar/contingency/settle-reports';
import { authoritiesOf, canSpeak } from '@/lib/gov-ar/invoices/sequence-authority';
import {
  fenced,
  releaseLease,
  SequenceLeaseLost,
  takeLease,
  type SequenceLease,
} from '@/lib/gov-ar/invoices/sequence-lease';
import { wsfeVouchers } from '@/lib/gov-ar/invoices/wsfe-voucher-service';
import { kickedWork } from '@/lib/transform/kicked-work';

/** A reporter stops after this long; the next run carries on. */
const REPORTING_BUDGET_MS = 8_000;

export type ReportingRound =
  /** Nothing is left to inform now (or not yet: R7). */
  | { kind: 'idle' }
  /** Another runner holds the sequence. */
  | { kind: 'busy' }
  | { kind: 'more' }
  /** Reports are in doubt that the authority's record cannot settle yet: nothing new was informed. */
  | { kind: 'unsettled' }
  /** A voucher's report was refused (or a number is missing): nothing after it is informed until it is corrected. */
  | { kind: 'blocked'; at: number }
  | { kind: 'unavailable'; error: AuthorityError };

/** Informs everything due on `today` (yyyymmdd, Argentina): each CAEA sequence, then the unused fortnights. */
export async function reportCaea(today = argentinaDay()): Promise<ReportingRound[]> {
  const rounds: ReportingRound[] = [];
  for (const sequenceId of await sequencesToReport()) {
    try {
      rounds.push(await reportSequence(sequenceId, today));
    } catch (error) {
      // One sequence's failure (an answer we cannot read) does not hold up the others; the next run retries.
      if (!(error instanceof AuthorityError)) throw error;
      console.error(`[caea-report] sequence ${sequenceId}:`, error.message);
      rounds.push({ kind: 'unavailable', error });
    }
  }
  await informIdleFortnights(today);
  return rounds;
}

/** One sequence's round, while this call holds its lease. */
export async function reportSequence(sequenceId: string, today = argentinaDay()): Promise<ReportingRound> {
  const lease = await takeLease(sequenceId);
  if (!lease) return { kind: 'busy' };
  try {
    return await reportWhileHeld(lease, today);
  } catch (error) {
    if (error instanceof SequenceLeaseLost) return { kind: 'busy' };
    if (error instanceof AuthorityError && error.problem === 'unavailable') return { kind: 'unavailable', error };
    throw error;
  } finally {
    await releaseLease(lease);
  }
}

async function reportWhileHeld(lease: SequenceLease, today: string): Promise<ReportingRound> {
  const started = Date.now();
  const authorityOf = authoritiesOf(lease.sequence);
  if ((await settleReportsInDoubt(lease, authorityOf)) > 0) return { kind: 'unsettled' };
  const toReport = await sendsInState(lease.sequence.id, 'unreported');
  await fenced(lease, (tx) => noteDeadlines(tx, toReport, today));
  let last: number | undefined;
  for (;;) {
    if (Date.now() - started > REPORTING_BUDGET_MS) return { kind: 'more' };
    const waiting = (await sendsInState(lease.sequence.id, 'unreported')).filter((send) => mayReportOn(send, today));
    const first = waiting[0];
    if (!first) return { kind: 'idle' };
    const refused = await lowestRefusedReport(lease.sequence.id);
    if (refused !== undefined && refused < first.number!) return { kind: 'blocked', at: refused };
    const authority = await authorityOf(first.ownerId);
    // A workspace that cannot speak for the CUIT now keeps its vouchers to inform until it can again.
    if (!canSpeak(authority)) return { kind: 'blocked', at: first.number! };
    last ??= await wsfeVouchers.lastNumber(authority);
    if (first.number! > last + 1) return { kind: 'blocked', at: last + 1 };
    const batch = nextBatch(waiting, await wsfeVouchers.batchSize(authority));
    if (first.number! <= last) {
      // Numbers the authority holds already (informed by a request whose answer we never had, or by another
      // system): in doubt, not informed again; the record settles them on the next round.
      const held = batch.filter((send) => send.number! <= last!).map((send) => send.id);
      await fenced(lease, (tx) => markReporting(tx, held));
      return { kind: 'unsettled' };
    }
    const informed = await informBatch(lease, authority, batch);
    if (informed.inDoubt) return { kind: 'unsettled' };
    last = undefined; // asked again: what the answer refused is not informed
  }
}

/** The workspace's consecutive vouchers from the first, at most `size`. */
function nextBatch(waiting: InvoiceSend[], size: number): InvoiceSend[] {
  const [first] = waiting;
  const batch: InvoiceSend[] = [];
  for (const send of waiting) {
    if (batch.length >= size || send.ownerId !== first!.ownerId) break;
    if (send.number !== first!.number! + batch.length) break;
    batch.push(send);
  }
  return batch;
}

/**
 * The reporter run in the background (lib/transform/kicked-work.ts). Pending at start: a process that died may
 * have left vouchers to inform, and the first answer the authority gives has them informed. Its longest wait
 * between runs while the authority does not answer is short, since vouchers issued under a CAEA are informed as
 * soon as it answers (and the CAE sender's first answer cuts the wait: `authorityAnswered`).
 */
const backgroundReporter = kickedWork(
  'caea-report',
  async () => {
    const rounds = await reportCaea();
    const left = rounds.some(
      (round) => round.kind === 'unavailable' || round.kind === 'more' || round.kind === 'unsettled',
    );
    return left ? 'left' : 'done';
  },
  { mostBackoffMs: 30_000, pendingAtStart: true },
);

/**
 * Runs the reporter in the background now (once at a time; after failures, not before its backoff): called
 * right after an invoice is issued under a CAEA.
 */
export const kickCaeaReporter = (): void => backgroundReporter.kick();

/** The authority answered a CAE request: what this process has left to inform goes now, not after its backoff. */
export const authorityAnswered = (): void => backgroundReporter.hurry();
