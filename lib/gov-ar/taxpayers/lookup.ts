// Looking a CUIT up in the authority's register (constancia de inscripción): the answer kept a day in the
// database for every instance (a CUIT the register does not hold, an hour), one question at a time per CUIT in
// a process. Integrators ask through GET /gov-ar/v1/taxpayers/{cuit}; the wizard and the store ask through
// `registerEntryOrNothing`, for which the register is a help, never a requirement: down, slow or not
// configured, it steps aside and nothing else fails.
import 'server-only';
import type { Caller } from '@/lib/access/caller';
import { ApiError, authorityUnavailable } from '@/lib/api/errors';
import { formatCuit } from '@/lib/ar/cuit-digits';
import type { RegisterTaxpayer } from '@/lib/ar/register';
import { AuthorityError } from '@/lib/authority/authority-error';
import { getPersona } from '@/lib/authority/register-client';
import type { Environment } from '@/lib/ar/environments';
import { getKeptRegisterAnswer, keepRegisterAnswer } from '@/lib/gov-ar/taxpayers/queries';
import { processSingleton } from '@/lib/process-singleton';

/** How long an answer is kept: a day; "no such CUIT" an hour (it may be registered since). */
const REGISTER_ANSWER_KEPT_MS = 24 * 3_600_000;
const NOT_FOUND_KEPT_MS = 3_600_000;
/** How long the wizard and the store wait for the register before going on without it. */
const PATIENCE_MS = 4_000;

const asking = processSingleton('register-asking', () => new Map<string, Promise<RegisterTaxpayer | null>>());

/** The register's entry (null: it holds none), kept or asked; throws AuthorityError when it cannot be asked. */
async function lookUpTaxpayer(environment: Environment, cuit: string): Promise<RegisterTaxpayer | null> {
  const kept = await getKeptRegisterAnswer(environment, cuit);
  const age = kept ? Date.now() - kept.fetchedAt.getTime() : Number.POSITIVE_INFINITY;
  if (kept && age < (kept.answer ? REGISTER_ANSWER_KEPT_MS : NOT_FOUND_KEPT_MS)) return kept.answer;
  const key = `${environment} ${cuit}`;
  let question = asking.get(key);
  if (!question) {
    question = ask(environment, cuit).finally(() => asking.delete(key));
    asking.set(key, question);
  }
  return question;
}

async function ask(environment: Environment, cuit: string): Promise<RegisterTaxpayer | null> {
  const fetchedAt = new Date();
  const answer = (await getPersona(environment, cuit)) ?? null;
  await keepRegisterAnswer(environment, cuit, answer, fetchedAt);
  return answer;
}

/** GET /gov-ar/v1/taxpayers/{cuit}: in the caller's environment (a sandbox workspace asks homologación). */
export async function findTaxpayer(caller: Caller, cuit: string): Promise<RegisterTaxpayer> {
  const environment: Environment = caller.sandbox ? 'sandbox' : 'live';
  let answer: RegisterTaxpayer | null;
  try {
    answer = await lookUpTaxpayer(environment, cuit);
  } catch (error) {
    if (error instanceof AuthorityError) {
      console.warn(`[register] ${environment} lookup failed: ${error.message}`);
      throw authorityUnavailable();
    }
    throw error;
  }
  if (!answer) {
    throw new ApiError(
      'taxpayer_not_found',
      `The authority's register (${environment === 'sandbox' ? 'homologación' : 'producción'}) holds no taxpayer with CUIT ${formatCuit(cuit)}.`,
    );
  }
  return answer;
}

export type RegisterLookup =
  | { found: true; taxpayer: RegisterTaxpayer }
  | { found: false }
  /** Down, slow, refused or not configured: whoever asked goes on without it. */
  | { found: undefined };

/** The register's entry when it answers within a few seconds; never throws for the register's sake. */
export async function registerEntryOrNothing(environment: Environment, cuit: string): Promise<RegisterLookup> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), PATIENCE_MS);
  });
  try {
    // A late answer is still kept when it comes: the next look is quick.
    const answer = await Promise.race([lookUpTaxpayer(environment, cuit), late]);
    if (answer === 'late') return { found: undefined };
    return answer ? { found: true, taxpayer: answer } : { found: false };
  } catch (error) {
    if (error instanceof AuthorityError) console.warn(`[register] ${environment} lookup skipped: ${error.message}`);
    else console.error(`[register] ${environment} lookup failed:`, error);
    return { found: undefined };
  } finally {
    clearTimeout(timer);
  }
}
