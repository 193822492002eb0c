// What the senders of this process did, for the bench (`npm run bench -- --invoices`): how many fresh batches
// went out, how many invoices they carried, how long each took (its numbering, which may have run while the batch
// before it was out, and from its request to its verdicts recorded), and how much of that was the wait for the
// authority's answer. A sequence has one sender at a time, so its batches are the line every invoice of the point
// of sale queues in (docs/benchmarks.md, "where an invoice waits").
import { processSingleton } from '@/lib/process-singleton';

export interface BatchTally {
  batches: number;
  invoices: number;
  /** Its numbering, and from its request to its verdicts recorded, summed over the batches. */
  ms: number;
  /** The authority's request alone (request to answer), summed. */
  authorityMs: number;
}

const tally = processSingleton(
  'sender-batch-tally',
  (): BatchTally => ({ batches: 0, invoices: 0, ms: 0, authorityMs: 0 }),
);

export function countBatch(invoices: number, ms: number, authorityMs: number): void {
  tally.batches += 1;
  tally.invoices += invoices;
  tally.ms += ms;
  tally.authorityMs += authorityMs;
}

/** This process's totals since it started. */
export function batchesSent(): BatchTally {
  return { ...tally };
}
