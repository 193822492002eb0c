// A sequence's sender lease: across processes and instances one sender at a time numbers and sends a
// sequence. Everything a sender writes is fenced by the lease (written only while it still holds it), and
// each fenced write renews it: a request to the authority written right after one (the batch marked as
// going out) has the whole lease ahead of it, longer than any call may take before it times out.
import { authorityTimeoutMs } from '@/lib/authority/soap-client';
import { inTransaction, type Tx } from '@/lib/db/client';
import type { InvoiceSequence } from '@/lib/db/schema';
import { releaseSequenceLease, renewHeldLease, takeSequenceLease } from '@/lib/gov-ar/invoices/issuance-queries';
import { newId } from '@/lib/ids';

export interface SequenceLease {
  sequence: InvoiceSequence;
  /** This sender's token: the lease is held while the sequence row names it. */
  owner: string;
}

/**
 * The lease outlives any one call to the authority (a time-out included) with room to record its answer:
 * each fenced write renews it, and a request goes out right after one. No longer, since a sender that died
 * holds its sequence until the lease runs out.
 */
const leaseSeconds = () => Math.ceil(authorityTimeoutMs() / 1000) + 10;

/** The lease ran out and another sender may hold the sequence: this one stops, having written nothing more. */
export class SequenceLeaseLost extends Error {
  constructor() {
    super('The sequence lease ran out while sending; another sender carries on.');
  }
}

/** The sequence's lease, or undefined when another sender holds it. */
export async function takeLease(sequenceId: string): Promise<SequenceLease | undefined> {
  const owner = newId();
  const sequence = await takeSequenceLease(sequenceId, owner, leaseSeconds());
  return sequence ? { sequence, owner } : undefined;
}

export const releaseLease = (lease: SequenceLease) => releaseSequenceLease(lease.sequence.id, lease.owner);

/** Runs `write` in a transaction only while the lease is still held, renewing it; SequenceLeaseLost otherwise. */
export async function fenced<T>(lease: SequenceLease, write: (tx: Tx) => Promise<T>): Promise<T> {
  return inTransaction(async (tx) => {
    if (!(await renewHeldLease(tx, lease.sequence.id, lease.owner, leaseSeconds()))) throw new SequenceLeaseLost();
    return write(tx);
  });
}
