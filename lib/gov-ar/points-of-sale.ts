// The points of sale the authority reports for a supplier (WSFEv1 FEParamGetPtosVenta), asked with the
// supplier's stored certificate and the shared ticket cache. Each answer is kept in this process for a
// few minutes, so storing invoices does not ask the authority every time; a number missing from the
// kept list is asked again before it is refused, so a point of sale added at the portal counts at once.
import type { Credential } from '@/lib/db/schema';
import { openCredential } from '@/lib/gov-ar/credentials';
import { authorityTicket } from '@/lib/authority/tickets';
import { feParamGetPtosVenta, type PuntoDeVenta } from '@/lib/authority/wsfe-client';
import { processSingleton } from '@/lib/process-singleton';

const FRESH_FOR_MS = 5 * 60_000;
/** Enough for every supplier an instance serves at once; the oldest answer goes first. */
const MAX_KEPT = 1_000;

const kept = processSingleton('points-of-sale', () => new Map<string, { points: PuntoDeVenta[]; at: number }>());
const asking = processSingleton('points-of-sale-asking', () => new Map<string, Promise<PuntoDeVenta[]>>());

// The answer is per CUIT, but a certificate is what we ask with; a renewed one starts afresh.
const keyOf = (credential: Credential) => `${credential.environment}:${credential.fingerprint}`;

/** Only these may be invoiced on: not blocked, not dropped. */
export const isUsable = (point: PuntoDeVenta) => !point.blocked && point.droppedOn === null;

/** Asks the authority now (one question at a time per certificate) and keeps the answer. */
export function queryPointsOfSale(credential: Credential): Promise<PuntoDeVenta[]> {
  const key = keyOf(credential);
  const pending =
    asking.get(key) ??
    ask(credential)
      .then((points) => keep(key, points))
      .finally(() => asking.delete(key));
  asking.set(key, pending);
  return pending;
}

/** The supplier's points of sale: the kept list while fresh and `wanted` is usable in it, else asked afresh. */
export async function pointsOfSaleFor(credential: Credential, wanted: number): Promise<PuntoDeVenta[]> {
  const held = kept.get(keyOf(credential));
  const fresh = held && Date.now() - held.at < FRESH_FOR_MS;
  if (fresh && held.points.some((point) => point.number === wanted && isUsable(point))) return held.points;
  return queryPointsOfSale(credential);
}

async function ask(credential: Credential): Promise<PuntoDeVenta[]> {
  const opened = await openCredential(credential);
  const ticket = await authorityTicket(opened, 'wsfe');
  return feParamGetPtosVenta(credential.environment, { token: ticket.token, sign: ticket.sign, cuit: credential.cuit });
}

function keep(key: string, points: PuntoDeVenta[]): PuntoDeVenta[] {
  kept.delete(key);
  kept.set(key, { points, at: Date.now() });
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  return points;
}
