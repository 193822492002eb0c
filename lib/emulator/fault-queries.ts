// The faults set at the emulator's portal: one per (environment, operation), taken call by call, and the
// environment-wide outage (`down`, kept under the operation `*`) that lasts until its instant.
import 'server-only';
import { and, eq, gt, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { emulatorFaults, type EmulatorFault } from '@/lib/db/schema';
import type { Environment } from '@/lib/ar/environments';
import { newId } from '@/lib/ids';
import type { Outage } from '@/lib/emulator/outage';

/** The operation a `down` is kept under: it concerns every operation of the environment. */
export const EVERY_OPERATION = '*';

export interface FaultSetting {
  environment: Environment;
  operation: string;
  fault: EmulatorFault;
  count: number;
  delayMs?: number;
  downUntil?: Date;
}

/** Sets (or, with count 0, clears) the fault for an operation; a new one replaces the old. */
export async function setFault(setting: FaultSetting): Promise<void> {
  const db = await getDb();
  const values = {
    fault: setting.fault,
    remaining: setting.count,
    delayMs: setting.delayMs ?? null,
    // A `down` with count 0 is lifted at once.
    downUntil: setting.count > 0 ? (setting.downUntil ?? null) : null,
  };
  await db
    .insert(emulatorFaults)
    .values({ id: newId(), environment: setting.environment, operation: setting.operation, ...values })
    .onConflictDoUpdate({
      target: [emulatorFaults.environment, emulatorFaults.operation],
      set: { ...values, createdAt: new Date() },
    });
}

/** Takes one call from the operation's pending fault, if any: one statement, so concurrent calls each take their own. */
export async function takeFault(environment: Environment, operation: string): Promise<Outage | undefined> {
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
    .returning({ fault: emulatorFaults.fault, delayMs: emulatorFaults.delayMs });
  return row ? { fault: row.fault, delayMs: row.delayMs ?? 0 } : undefined;
}

/** Whether a `down` set at the portal holds the environment now. */
export async function isDown(environment: Environment, now: Date): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: emulatorFaults.id })
    .from(emulatorFaults)
    .where(
      and(
        eq(emulatorFaults.environment, environment),
        eq(emulatorFaults.operation, EVERY_OPERATION),
        gt(emulatorFaults.downUntil, now),
      ),
    );
  return row !== undefined;
}
