// Database access for contingency: each supplier's fortnightly CAEA as the periodic task asked it ahead
// (`caea_codes`), read when an invoice must be issued without the authority.
import 'server-only';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Environment } from '@/lib/ar/environments';
import type { Fortnight } from '@/lib/ar/arca/caea-fortnight';
import { getDb } from '@/lib/db/client';
import { caeaCodes, type CaeaCode } from '@/lib/db/schema';

/** A CAEA the authority granted, with what issuing under it needs. */
export type HeldCaea = CaeaCode & { caea: string };

/** The CUIT's CAEA for the fortnight, when it was had. */
export async function heldCaea(
  environment: Environment,
  cuit: string,
  { period, half }: Fortnight,
): Promise<HeldCaea | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(caeaCodes)
    .where(
      and(
        eq(caeaCodes.environment, environment),
        eq(caeaCodes.cuit, cuit),
        eq(caeaCodes.period, period),
        eq(caeaCodes.half, half),
        isNotNull(caeaCodes.caea),
      ),
    );
  return row as HeldCaea | undefined;
}
