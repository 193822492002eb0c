// The emulated WSFEv1's invoicing state: taxpayers' IVA conditions, voucher sequences (whose row lock
// numbers one FECAESolicitar at a time), the vouchers it authorised, and the faults set at the portal.
import 'server-only';
import { and, desc, eq, gt, gte, lte, sql } from 'drizzle-orm';
import { getDb, type Tx } from '@/lib/db/client';
import {
  emulatorFaults,
  emulatorPointsOfSale,
  emulatorTaxpayers,
  emulatorVoucherSequences,
  emulatorVouchers,
  type EmulatorFault,
  type Environment,
  type TaxpayerVatStatus,
} from '@/lib/db/schema';
import { newId } from '@/lib/ids';
import type { EmulatorPointOfSale } from '@/lib/emulator/queries';

export type EmulatorVoucher = typeof emulatorVouchers.$inferSelect;
export type NewEmulatorVoucher = Omit<typeof emulatorVouchers.$inferInsert, 'id' | 'createdAt'>;

export interface Sequence {
  environment: Environment;
  cuit: string;
  pointOfSale: number;
  voucherType: number;
}
export interface SequenceEnd {
  number: number;
  date: string | null;
}

/** Only the CUITs the register holds (a receiver unknown to it is not observed). */
export async function findTaxpayerStatus(
  environment: Environment,
  cuit: string,
): Promise<TaxpayerVatStatus | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ vatStatus: emulatorTaxpayers.vatStatus })
    .from(emulatorTaxpayers)
    .where(and(eq(emulatorTaxpayers.environment, environment), eq(emulatorTaxpayers.cuit, cuit)));
  return row?.vatStatus;
}

/** A CUIT's IVA condition; the register's default is a Responsable Inscripto. */
export async function getTaxpayerStatus(environment: Environment, cuit: string): Promise<TaxpayerVatStatus> {
  return (await findTaxpayerStatus(environment, cuit)) ?? 'responsable_inscripto';
}

export async function upsertTaxpayer(
  environment: Environment,
  cuit: string,
  vatStatus: TaxpayerVatStatus,
): Promise<void> {
  const db = await getDb();
  await db
    .insert(emulatorTaxpayers)
    .values({ id: newId(), environment, cuit, vatStatus })
    .onConflictDoUpdate({
      target: [emulatorTaxpayers.environment, emulatorTaxpayers.cuit],
      set: { vatStatus, updatedAt: new Date() },
    });
}

export async function getPointOfSale(
  environment: Environment,
  cuit: string,
  number: number,
): Promise<EmulatorPointOfSale | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(emulatorPointsOfSale)
    .where(
      and(
        eq(emulatorPointsOfSale.environment, environment),
        eq(emulatorPointsOfSale.cuit, cuit),
        eq(emulatorPointsOfSale.number, number),
      ),
    );
  return row;
}

const sequenceIs = (sequence: Sequence) =>
  and(
    eq(emulatorVoucherSequences.environment, sequence.environment),
    eq(emulatorVoucherSequences.cuit, sequence.cuit),
    eq(emulatorVoucherSequences.pointOfSale, sequence.pointOfSale),
    eq(emulatorVoucherSequences.voucherType, sequence.voucherType),
  );

/** FECompUltimoAutorizado's answer: the sequence's last number (0 when none) and its date. */
export async function lastAuthorised(sequence: Sequence): Promise<SequenceEnd> {
  const db = await getDb();
  const [row] = await db
    .select({ number: emulatorVoucherSequences.lastNumber, date: emulatorVoucherSequences.lastDate })
    .from(emulatorVoucherSequences)
    .where(sequenceIs(sequence));
  return row ?? { number: 0, date: null };
}

/**
 * Runs `work` holding the sequence's row lock, so that concurrent requests for one sequence number one
 * after the other (the second sees the first's vouchers), then records where the sequence ends.
 */
export async function withSequence<T>(
  sequence: Sequence,
  work: (tx: Tx, last: SequenceEnd) => Promise<{ result: T; end: SequenceEnd }>,
): Promise<T> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx
      .insert(emulatorVoucherSequences)
      .values({ id: newId(), ...sequence })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ number: emulatorVoucherSequences.lastNumber, date: emulatorVoucherSequences.lastDate })
      .from(emulatorVoucherSequences)
      .where(sequenceIs(sequence))
      .for('update');
    const last = { number: row!.number, date: row!.date };
    const { result, end } = await work(tx, last);
    if (end.number !== last.number) {
      await tx
        .update(emulatorVoucherSequences)
        .set({ lastNumber: end.number, lastDate: end.date })
        .where(sequenceIs(sequence));
    }
    return result;
  });
}

export async function insertVoucher(tx: Tx, voucher: NewEmulatorVoucher): Promise<void> {
  await tx.insert(emulatorVouchers).values({ id: newId(), ...voucher });
}

/** The voucher holding this number of the sequence (a B range holds several). */
export async function findVoucher(sequence: Sequence, number: number): Promise<EmulatorVoucher | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(emulatorVouchers)
    .where(
      and(
        eq(emulatorVouchers.environment, sequence.environment),
        eq(emulatorVouchers.cuit, sequence.cuit),
        eq(emulatorVouchers.pointOfSale, sequence.pointOfSale),
        eq(emulatorVouchers.voucherType, sequence.voucherType),
        lte(emulatorVouchers.numberFrom, number),
        gte(emulatorVouchers.numberTo, number),
      ),
    )
    .limit(1);
  return row;
}

/** The CUIT's vouchers, newest first. */
export async function listVouchers(environment: Environment, cuit: string, limit: number): Promise<EmulatorVoucher[]> {
  const db = await getDb();
  return db
    .select()
    .from(emulatorVouchers)
    .where(and(eq(emulatorVouchers.environment, environment), eq(emulatorVouchers.cuit, cuit)))
    .orderBy(desc(emulatorVouchers.createdAt), desc(emulatorVouchers.numberFrom))
    .limit(limit);
}

/** Sets (or, with count 0, clears) the fault for an operation. */
export async function setFault(
  environment: Environment,
  operation: string,
  fault: EmulatorFault,
  count: number,
): Promise<void> {
  const db = await getDb();
  await db
    .insert(emulatorFaults)
    .values({ id: newId(), environment, operation, fault, remaining: count })
    .onConflictDoUpdate({
      target: [emulatorFaults.environment, emulatorFaults.operation],
      set: { fault, remaining: count, createdAt: new Date() },
    });
}

/** Takes one call from the operation's pending fault, if any: one statement, so concurrent calls each take their own. */
export async function takeFault(environment: Environment, operation: string): Promise<EmulatorFault | undefined> {
  const db = await getDb();
  const [row] = await db
    .update(emulatorFaults)
    .set({ remaining: sql`${emulatorFaults.remaining} - 1` })
    .where(
      and(
        eq(emulatorFaults.environment, environment),
        eq(emulatorFaults.operation, operation),
        gt(emulatorFaults.remaining, 0),
      ),
    )
    .returning({ fault: emulatorFaults.fault });
  return row?.fault;
}
