// Database access for the register's answers we keep (one row per environment and CUIT, shared by every
// instance).
import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { RegisterTaxpayer } from '@/lib/ar/register';
import { getDb } from '@/lib/db/client';
import { taxpayerRegisterAnswers } from '@/lib/db/schema';
import type { Environment } from '@/lib/ar/environments';

export async function getKeptRegisterAnswer(
  environment: Environment,
  cuit: string,
): Promise<{ answer: RegisterTaxpayer | null; fetchedAt: Date } | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ answer: taxpayerRegisterAnswers.answer, fetchedAt: taxpayerRegisterAnswers.fetchedAt })
    .from(taxpayerRegisterAnswers)
    .where(and(eq(taxpayerRegisterAnswers.environment, environment), eq(taxpayerRegisterAnswers.cuit, cuit)));
  return row;
}

/** Keeps the register's answer (null: it holds no such CUIT), replacing the one kept before. */
export async function keepRegisterAnswer(
  environment: Environment,
  cuit: string,
  answer: RegisterTaxpayer | null,
  fetchedAt: Date,
): Promise<void> {
  const db = await getDb();
  await db
    .insert(taxpayerRegisterAnswers)
    .values({ environment, cuit, answer, fetchedAt })
    .onConflictDoUpdate({
      target: [taxpayerRegisterAnswers.environment, taxpayerRegisterAnswers.cuit],
      set: { answer, fetchedAt },
    });
}
