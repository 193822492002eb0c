// The emulated WSFEX's book: export vouchers by request Id and by number, the CUIT's last request Id, and
// the insert made under the sequence's lock (invoicing-queries.ts `withSequence`).
import 'server-only';
import { and, desc, eq, lte, max } from 'drizzle-orm';
import { getDb, type Tx } from '@/lib/db/client';
import { emulatorExportVouchers } from '@/lib/db/schema';
import type { Environment } from '@/lib/ar/environments';
import { newId } from '@/lib/ids';
import type { Sequence } from '@/lib/emulator/invoicing-queries';

export type EmulatorExportVoucher = typeof emulatorExportVouchers.$inferSelect;
export type NewEmulatorExportVoucher = Omit<typeof emulatorExportVouchers.$inferInsert, 'id' | 'createdAt'>;

/**
 * The voucher the CUIT sent with this request Id; inside `tx` when given (the transaction that holds the
 * sequence's lock, where a request with this Id may have just committed).
 */
export async function findExportByRequestId(
  environment: Environment,
  cuit: string,
  requestId: number,
  tx?: Tx,
): Promise<EmulatorExportVoucher | undefined> {
  const [row] = await (tx ?? (await getDb()))
    .select()
    .from(emulatorExportVouchers)
    .where(
      and(
        eq(emulatorExportVouchers.environment, environment),
        eq(emulatorExportVouchers.cuit, cuit),
        eq(emulatorExportVouchers.requestId, requestId),
      ),
    );
  return row;
}

const exportsOf = (sequence: Sequence) =>
  and(
    eq(emulatorExportVouchers.environment, sequence.environment),
    eq(emulatorExportVouchers.cuit, sequence.cuit),
    eq(emulatorExportVouchers.pointOfSale, sequence.pointOfSale),
    eq(emulatorExportVouchers.voucherType, sequence.voucherType),
  );

/** The voucher of this number; with `authorisedBy`, only one authorised by then (a lagging lookup). */
export async function findExportVoucher(
  sequence: Sequence,
  number: number,
  authorisedBy?: Date,
): Promise<EmulatorExportVoucher | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(emulatorExportVouchers)
    .where(
      and(
        exportsOf(sequence),
        eq(emulatorExportVouchers.number, number),
        authorisedBy ? lte(emulatorExportVouchers.createdAt, authorisedBy) : undefined,
      ),
    );
  return row;
}

/** The sequence's last voucher authorised by `authorisedBy` (a lagging FEXGetLast_CMP): its number and date. */
export async function lastExportBy(
  sequence: Sequence,
  authorisedBy: Date,
): Promise<{ number: number; date: string | null }> {
  const db = await getDb();
  const [row] = await db
    .select({ number: emulatorExportVouchers.number, date: emulatorExportVouchers.voucherDate })
    .from(emulatorExportVouchers)
    .where(and(exportsOf(sequence), lte(emulatorExportVouchers.createdAt, authorisedBy)))
    .orderBy(desc(emulatorExportVouchers.number))
    .limit(1);
  return row ?? { number: 0, date: null };
}

/** FEXGetLast_ID: the largest request Id the CUIT's authorised vouchers carry, 0 when none. */
export async function lastExportRequestId(environment: Environment, cuit: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ id: max(emulatorExportVouchers.requestId) })
    .from(emulatorExportVouchers)
    .where(and(eq(emulatorExportVouchers.environment, environment), eq(emulatorExportVouchers.cuit, cuit)));
  return row?.id ?? 0;
}

export async function insertExportVoucher(tx: Tx, voucher: NewEmulatorExportVoucher): Promise<void> {
  await tx.insert(emulatorExportVouchers).values({ id: newId(), ...voucher });
}
