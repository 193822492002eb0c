// The emulated WSFEv1's CAEA book: the CAEAs it granted, per (environment, CUIT, period, half), the points of
// sale informed as unused under one, and whether a CAEA was used on a point of sale.
import 'server-only';
import { and, asc, eq, lt, lte } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { emulatorCaeaIdlePoints, emulatorCaeas, emulatorVouchers } from '@/lib/db/schema';
import type { Environment } from '@/lib/ar/environments';
import type { Fortnight } from '@/lib/ar/arca/caea-fortnight';
import { newId } from '@/lib/ids';

export type EmulatorCaea = typeof emulatorCaeas.$inferSelect;
export type EmulatorCaeaIdlePoint = typeof emulatorCaeaIdlePoints.$inferSelect;
type NewCaea = Omit<typeof emulatorCaeas.$inferInsert, 'id' | 'createdAt'>;

/** The CAEA granted for the fortnight; with `grantedBy`, only one granted by then (a lagging lookup). */
export async function findCaea(
  environment: Environment,
  cuit: string,
  fortnight: Fortnight,
  grantedBy?: Date,
): Promise<EmulatorCaea | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(emulatorCaeas)
    .where(
      and(
        eq(emulatorCaeas.environment, environment),
        eq(emulatorCaeas.cuit, cuit),
        eq(emulatorCaeas.period, fortnight.period),
        eq(emulatorCaeas.half, fortnight.half),
        grantedBy ? lte(emulatorCaeas.createdAt, grantedBy) : undefined,
      ),
    );
  return row;
}

/** Grants the fortnight's CAEA unless one was granted already (then undefined: one per CUIT and fortnight). */
export async function insertCaea(caea: NewCaea): Promise<EmulatorCaea | undefined> {
  const db = await getDb();
  const [row] = await db
    .insert(emulatorCaeas)
    .values({ id: newId(), ...caea })
    .onConflictDoNothing({
      target: [emulatorCaeas.environment, emulatorCaeas.cuit, emulatorCaeas.period, emulatorCaeas.half],
    })
    .returning();
  return row;
}

/** A CAEA by its code, whoever it was granted to. */
export async function findCaeaByCode(environment: Environment, code: string): Promise<EmulatorCaea | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(emulatorCaeas)
    .where(and(eq(emulatorCaeas.environment, environment), eq(emulatorCaeas.caea, code)));
  return row;
}

/** Whether a voucher was informed under this CAEA on this point of sale. */
export async function caeaUsedOn(environment: Environment, cuit: string, code: string, pointOfSale: number) {
  const db = await getDb();
  const [row] = await db
    .select({ id: emulatorVouchers.id })
    .from(emulatorVouchers)
    .where(
      and(
        eq(emulatorVouchers.environment, environment),
        eq(emulatorVouchers.cuit, cuit),
        eq(emulatorVouchers.pointOfSale, pointOfSale),
        eq(emulatorVouchers.emission, 'CAEA'),
        eq(emulatorVouchers.cae, code),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Records the point of sale as unused under the CAEA; undefined when it was recorded already. */
export async function insertIdlePoint(
  row: Omit<typeof emulatorCaeaIdlePoints.$inferInsert, 'id' | 'createdAt'>,
): Promise<EmulatorCaeaIdlePoint | undefined> {
  const db = await getDb();
  const [stored] = await db
    .insert(emulatorCaeaIdlePoints)
    .values({ id: newId(), ...row })
    .onConflictDoNothing({
      target: [emulatorCaeaIdlePoints.environment, emulatorCaeaIdlePoints.caea, emulatorCaeaIdlePoints.pointOfSale],
    })
    .returning();
  return stored;
}

/** The points of sale informed as unused under the CAEA (one, when `pointOfSale` is given); with `seenBy`, as of then. */
export async function listIdlePoints(
  environment: Environment,
  code: string,
  pointOfSale?: number,
  seenBy?: Date,
): Promise<EmulatorCaeaIdlePoint[]> {
  const db = await getDb();
  return db
    .select()
    .from(emulatorCaeaIdlePoints)
    .where(
      and(
        eq(emulatorCaeaIdlePoints.environment, environment),
        eq(emulatorCaeaIdlePoints.caea, code),
        pointOfSale === undefined ? undefined : eq(emulatorCaeaIdlePoints.pointOfSale, pointOfSale),
        seenBy ? lte(emulatorCaeaIdlePoints.createdAt, seenBy) : undefined,
      ),
    )
    .orderBy(emulatorCaeaIdlePoints.pointOfSale);
}

/** The CUIT's CAEAs whose reporting deadline (FchTopeInf) passed before `today` (yyyymmdd), oldest first. */
export async function listCaeasPastDeadline(
  environment: Environment,
  cuit: string,
  today: string,
): Promise<EmulatorCaea[]> {
  const db = await getDb();
  return db
    .select()
    .from(emulatorCaeas)
    .where(
      and(eq(emulatorCaeas.environment, environment), eq(emulatorCaeas.cuit, cuit), lt(emulatorCaeas.reportBy, today)),
    )
    .orderBy(asc(emulatorCaeas.period), asc(emulatorCaeas.half));
}
