// The emulated WSCT's book: its vouchers, one row per number of a sequence (CUIT, point of sale, type). The
// sequence's last number and its lock are the WSFEv1 emulator's (lib/emulator/invoicing-queries.ts).
import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb, type Tx } from '@/lib/db/client';
import { emulatorWsctVouchers, type EmulatorWsctVoucher } from '@/lib/db/schema';
import { newId } from '@/lib/ids';
import type { Environment } from '@/lib/ar/environments';

export interface WsctSequenceKey {
  environment: Environment;
  cuit: string;
  pointOfSale: number;
  voucherType: number;
}

export async function insertWsctVoucher(
  tx: Tx,
  voucher: WsctSequenceKey & { number: number; cae: string; caeDue: string; comprobante: Record<string, unknown> },
): Promise<void> {
  await tx.insert(emulatorWsctVouchers).values({ id: newId(), ...voucher });
}

/** With `tx`, inside the transaction that holds a sequence's lock (PGlite has one connection: never getDb there). */
export async function findWsctVoucher(
  sequence: WsctSequenceKey,
  number: number,
  tx?: Tx,
): Promise<EmulatorWsctVoucher | undefined> {
  const db = tx ?? (await getDb());
  const [row] = await db
    .select()
    .from(emulatorWsctVouchers)
    .where(
      and(
        eq(emulatorWsctVouchers.environment, sequence.environment),
        eq(emulatorWsctVouchers.cuit, sequence.cuit),
        eq(emulatorWsctVouchers.pointOfSale, sequence.pointOfSale),
        eq(emulatorWsctVouchers.voucherType, sequence.voucherType),
        eq(emulatorWsctVouchers.number, number),
      ),
    )
    .limit(1);
  return row;
}
