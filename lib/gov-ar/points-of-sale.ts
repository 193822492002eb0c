// The points of sale the authority reports for a supplier (WSFEv1's FEParamGetPtosVenta; for exports, WSFEX's
// FEXGetPARAM_PtoVenta: the authority registers them per system), asked with the
// supplier's stored certificate and the shared ticket cache. Each answer is kept in this process for a
// few minutes, so storing invoices does not ask the authority every time; a number missing from the
// kept list is asked again before it is refused, so a point of sale added at the portal counts at once.
import type { Credential } from '@/lib/db/schema';
import { openCredential } from '@/lib/gov-ar/credentials';
import { authorityTicket } from '@/lib/authority/tickets';
import { feParamGetPtosVenta, type PuntoDeVenta } from '@/lib/authority/wsfe-client';
import { fexPointsOfSale } from '@/lib/authority/wsfex-client';
import { processSingleton } from '@/lib/process-singleton';

const FRESH_FOR_MS = 5 * 60_000;
/** Enough for every supplier an instance serves at once; the oldest answer goes first. */
const MAX_KEPT = 1_000;

const kept = processSingleton('points-of-sale', () => new Map<string, { points: PuntoDeVenta[]; at: number }>());
const asking = processSingleton('points-of-sale-asking', () => new Map<string, Promise<PuntoDeVenta[]>>());

/** The services whose points of sale the authority lists to us. */
export type PointsOfSaleService = 'wsfe' | 'wsfex';

// The answer is per CUIT, but a certificate is what we ask with; a renewed one starts afresh.
const keyOf = (credential: Credential, service: PointsOfSaleService) =>
  `${credential.environment}:${credential.fingerprint}:${service}`;

/**
 * Only these may be invoiced on with a CAE: not blocked, not dropped, and not a CAEA point of sale (the authority
 * keeps those for vouchers issued under a CAEA and refuses a CAE there: docs/contingency.md, R8).
 */
export const isUsable = (point: PuntoDeVenta) =>
  !point.blocked && point.droppedOn === null && !/^CAEA\b/i.test(point.emissionType.trim());

/** Asks the authority now (one question at a time per certificate) and keeps the answer. */
export function queryPointsOfSale(
  credential: Credential,
  service: PointsOfSaleService = 'wsfe',
): Promise<PuntoDeVenta[]> {
  const key = keyOf(credential, service);
  const pending =
    asking.get(key) ??
    ask(credential, service)
      .then((points) => keep(key, points))
      .finally(() => asking.delete(key));
  asking.set(key, pending);
  return pending;
}

/** The supplier's points of sale: the kept list while fresh and `wanted` is usable in it, else asked afresh. */
export async function pointsOfSaleFor(
  credential: Credential,
  wanted: number,
  service: PointsOfSaleService = 'wsfe',
): Promise<PuntoDeVenta[]> {
  const held = kept.get(keyOf(credential, service));
  const fresh = held && Date.now() - held.at < FRESH_FOR_MS;
  if (fresh && held.points.some((point) => point.number === wanted && isUsable(point))) return held.points;
  return queryPointsOfSale(credential, service);
}

async function ask(credential: Credential, service: PointsOfSaleService): Promise<PuntoDeVenta[]> {
  const opened = await openCredential(credential);
  const ticket = await authorityTicket(opened, service);
  const auth = { token: ticket.token, sign: ticket.sign, cuit: credential.cuit };
  return service === 'wsfex'
    ? fexPointsOfSale(credential.environment, auth)
    : feParamGetPtosVenta(credential.environment, auth);
}

function keep(key: string, points: PuntoDeVenta[]): PuntoDeVenta[] {
  kept.delete(key);
  kept.set(key, { points, at: Date.now() });
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  return points;
}
