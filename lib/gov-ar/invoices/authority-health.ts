// Whether the authority's invoicing service is up before a fresh batch goes out after a quiet while: its
// health operation (FEDummy, FEXDummy, WSCT's dummy) is asked, and a service that says it is down (or does not
// answer) gets no request for a CAE. A request refused by a service that is down is in doubt (an HTTP error may
// come from a proxy that passed it on), and an invoice in doubt waits for the authority's record; asked first,
// the invoices stay queued instead, free to be issued under a CAEA (contingency) or sent once it is back.
// While requests keep being answered the question is not asked again: it costs nothing under load.
import { AuthorityError } from '@/lib/authority/authority-error';
import type { Environment } from '@/lib/ar/environments';
import type { AuthorityService } from '@/lib/ar/services';
import { processSingleton } from '@/lib/process-singleton';

/** After this long without an answer from the service, it is asked whether it is up before the next batch. */
const QUIET_MS = 10_000;

/** What a health operation says of the service's three servers. */
export interface ServiceHealth {
  appServer: string;
  dbServer: string;
  authServer: string;
}

const lastHeard = processSingleton('authority-last-heard', () => new Map<string, number>());
const keyOf = (service: AuthorityService, environment: Environment) => `${environment}:${service}`;

/** The service answered a request just now. */
export function heardFrom(service: AuthorityService, environment: Environment): void {
  lastHeard.set(keyOf(service, environment), Date.now());
}

/** Throws `unavailable` (never reached: nothing was sent) unless the service answered lately or says it is up. */
export async function ensureAnswering(
  service: AuthorityService,
  environment: Environment,
  health: (environment: Environment) => Promise<ServiceHealth>,
): Promise<void> {
  if (Date.now() - (lastHeard.get(keyOf(service, environment)) ?? 0) < QUIET_MS) return;
  let said: ServiceHealth;
  try {
    said = await health(environment);
  } catch (error) {
    if (!(error instanceof AuthorityError)) throw error;
    throw new AuthorityError('unavailable', `The authority's ${service} did not say it is up: ${error.message}`, {
      reached: false,
    });
  }
  const down = Object.entries(said).filter(([, state]) => state.trim().toUpperCase() !== 'OK');
  if (down.length > 0)
    throw new AuthorityError(
      'unavailable',
      `The authority's ${service} says it is down (${down.map(([server, state]) => `${server} ${state}`).join(', ')}).`,
      { reached: false },
    );
  heardFrom(service, environment);
}
