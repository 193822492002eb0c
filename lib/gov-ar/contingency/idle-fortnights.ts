// Unused fortnights (R13): once a fortnight with a held CAEA has ended, each of the CUIT's CAEA points of sale on
// which nothing was issued under it is informed with FECAEASinMovimientoInformar, once. `caea_idle_reports`
// says where each stands: `sending` is written before the request goes out, so a lost answer is in doubt and
// settled by FECAEASinMovimientoConsultar (listed: informed; not listed: never arrived, informed again); the
// authority's 1209 (already informed) means informed; any other refusal is kept (`refused`, with its error).
import { AuthorityError } from '@/lib/authority/authority-error';
import { neverReachedAuthority } from '@/lib/authority/soap-client';
import { authorityTicket } from '@/lib/authority/tickets';
import { feCaeaSinMovimientoConsultar, feCaeaSinMovimientoInformar } from '@/lib/authority/wsfe-caea';
import type { WsfeAuth } from '@/lib/authority/wsfe-client';
import { openCredential } from '@/lib/gov-ar/credentials';
import {
  dropIdleReport,
  endedCaeas,
  idleReportState,
  pointsUsedUnder,
  settleIdleReport,
  startIdleReport,
  wsfeCredentialOf,
  type EndedCaea,
} from '@/lib/gov-ar/contingency/report-queries';

/** Fortnights looked at: those whose reporting time (their end + 30 days, R6) has not long passed. */
const LOOK_BACK_DAYS = 60;

/** Informs the unused CAEA points of sale of every fortnight ended before `today` (yyyymmdd). */
export async function informIdleFortnights(today: string): Promise<void> {
  const since = shiftBack(today, LOOK_BACK_DAYS);
  for (const ended of await endedCaeas(today, since)) {
    const used = await pointsUsedUnder(ended.environment, ended.cuit, ended.caea);
    const idle = ended.pointsOfSale.filter((point) => !used.has(point));
    if (idle.length === 0) continue;
    try {
      await informIdlePoints(ended, idle);
    } catch (error) {
      // The authority not answering, or this CUIT without a usable certificate: the next run tries again.
      if (!(error instanceof AuthorityError)) throw error;
    }
  }
}

async function informIdlePoints(ended: EndedCaea, points: number[]) {
  let auth: WsfeAuth | undefined;
  const authOf = async () => {
    if (auth) return auth;
    const credential = await wsfeCredentialOf(ended.environment, ended.cuit);
    if (!credential) throw new AuthorityError('unavailable', `No active WSFEv1 certificate for CUIT ${ended.cuit}.`);
    const ticket = await authorityTicket(await openCredential(credential), 'wsfe');
    auth = { token: ticket.token, sign: ticket.sign, cuit: ended.cuit };
    return auth;
  };
  for (const pointOfSale of points) {
    const key = { ...ended, pointOfSale };
    const state = await idleReportState(key);
    if (state === 'informed' || state === 'refused') continue;
    if (state === 'sending') {
      // In doubt: did the first request arrive?
      const listed = await feCaeaSinMovimientoConsultar(ended.environment, await authOf(), ended.caea, pointOfSale);
      if (listed.some((row) => row.pointOfSale === pointOfSale)) {
        await settleIdleReport(key, 'informed', { processedOn: listed[0]!.processedOn });
        continue;
      }
    } else if (!(await startIdleReport(key))) continue; // another runner started it
    await informIdlePoint(key, await authOf());
  }
}

async function informIdlePoint(key: EndedCaea & { pointOfSale: number }, auth: WsfeAuth) {
  try {
    const { processedOn } = await feCaeaSinMovimientoInformar(key.environment, auth, key.caea, key.pointOfSale);
    await settleIdleReport(key, 'informed', { processedOn });
  } catch (error) {
    if (!(error instanceof AuthorityError)) throw error;
    if (error.problem === 'rejected') {
      await settleIdleReport(key, 'refused', {
        errors: [{ code: error.detail?.faultCode ?? 'rejected', message: error.message }],
      });
      return;
    }
    if (neverReachedAuthority(error)) await dropIdleReport(key);
    throw error;
  }
}

const shiftBack = (yyyymmdd: string, days: number) => {
  const at = Date.UTC(Number(yyyymmdd.slice(0, 4)), Number(yyyymmdd.slice(4, 6)) - 1, Number(yyyymmdd.slice(6, 8)));
  return new Date(at - days * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
};
