// The emulated WSFEv1's invoicing state: taxpayers' IVA conditions, voucher sequences (whose row lock
// numbers one FECAESolicitar at a time) and the vouchers it authorised.
import 'server-only';
import { and, desc, eq, gte, lte, max } from 'drizzle-orm';
import { getDb, type Tx } from '@/lib/db/client';
import {
  emulatorPointsOfSale,
  emulatorTaxpayers,
  emulatorVoucherSequences,
  emulatorVouchers,
  type TaxpayerVatStatus,
} from '@/lib/db/schema';
import type { Environment } from '@/lib/ar/environments';
import { newId } from '@/lib/ids';
import type { RegisterActivity, RegisterAddress, RegisterKind } from '@/lib/ar/register';
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

/** What the register says of a CUIT beside its IVA condition (constancia de inscripción). */
export interface RegisterColumns {
  name?: string;
  kind?: RegisterKind;
  address?: RegisterAddress;
  activities?: RegisterActivity[];
  startedOn?: string;
  active?: boolean;
}

/** Sets a CUIT's IVA condition and, when given, what the register says of it (fields not given are kept). */
export async function upsertTaxpayer(
  environment: Environment,
  cuit: string,
  vatStatus: TaxpayerVatStatus,
  register: RegisterColumns = {},
): Promise<void> {
  const db = await getDb();
  const given = Object.fromEntries(Object.entries(register).filter(([, value]) => value !== undefined));
  await db
    .insert(emulatorTaxpayers)
    .values({ id: newId(), environment, cuit, vatStatus, ...given })
    .onConflictDoUpdate({
      target: [emulatorTaxpayers.environment, emulatorTaxpayers.cuit],
      set: { vatStatus, ...given, updatedAt: new Date() },
    });
}

/** The register's row for a CUIT, whatever it holds. */
export async function getTaxpayerRow(environment: Environment, cuit: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(emulatorTaxpayers)
    .where(and(eq(emulatorTaxpayers.environment, environment), eq(emulatorTaxpayers.cuit, cuit)));
  return row;
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

const voucherOf = (sequence: Sequence) =>
  and(
    eq(emulatorVouchers.environment, sequence.environment),
    eq(emulatorVouchers.cuit, sequence.cuit),
    eq(emulatorVouchers.pointOfSale, sequence.pointOfSale),
    eq(emulatorVouchers.voucherType, sequence.voucherType),
  );

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

/** The sequence's last number among the vouchers authorised by `authorisedBy` (a lagging lookup). */
export async function lastAuthorisedBy(sequence: Sequence, authorisedBy: Date): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ number: max(emulatorVouchers.numberTo) })
    .from(emulatorVouchers)
    .where(and(voucherOf(sequence), lte(emulatorVouchers.createdAt, authorisedBy)));
  return row?.number ?? 0;
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

/** The vouchers one request authorised, in one statement. */
export async function insertVouchers(tx: Tx, vouchers: NewEmulatorVoucher[]): Promise<void> {
  if (vouchers.length === 0) return;
  await tx.insert(emulatorVouchers).values(vouchers.map((voucher) => ({ id: newId(), ...voucher })));
}

/**
 * The voucher holding this number of the sequence (a B range holds several); with `authorisedBy`, only
 * one authorised by then (a lagging lookup).
 */
export async function findVoucher(
  sequence: Sequence,
  number: number,
  authorisedBy?: Date,
): Promise<EmulatorVoucher | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(emulatorVouchers)
    .where(
      and(
        voucherOf(sequence),
        lte(emulatorVouchers.numberFrom, number),
        gte(emulatorVouchers.numberTo, number),
        authorisedBy ? lte(emulatorVouchers.createdAt, authorisedBy) : undefined,
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

export interface BookPosition {
  pointOfSale: number;
  voucherType: number;
  number: number;
}
