// How hard a registration link's public endpoints may be called. A supplier's wizard makes a few dozen
// calls in a whole registration; uploads and key requests are the expensive (and guessable) ones, and
// a call that asks the authority with the supplier's certificate (`authority`) is rarer still. The
// wizard's page (/reg/<ref>, limited in proxy.ts) shares the reads' allowance.
import { clientAddress, enforceRateLimits } from '@/lib/api/rate-limit';

export type LinkCall = 'read' | 'write' | 'upload' | 'authority';

const PER_MINUTE: Record<LinkCall, number> = { read: 120, write: 120, upload: 30, authority: 10 };
/** Every link endpoint from one address, together (a NAT may hide several suppliers). */
const PER_ADDRESS_PER_MINUTE = 600;

export async function limitLinkCall(request: Request, ref: unknown, call: LinkCall): Promise<void> {
  const refKey = typeof ref === 'string' ? ref.slice(0, 64) : '';
  await enforceRateLimits([
    { key: `address:${clientAddress(request)}`, perMinute: PER_ADDRESS_PER_MINUTE },
    { key: `link-${call}:${refKey}`, perMinute: PER_MINUTE[call] },
  ]);
}

/** A `withApi` rateLimit option for a link endpoint (`[ref]` route). */
export const linkRateLimit = (call: LinkCall) => (request: Request, params: Record<string, unknown>) =>
  limitLinkCall(request, params.ref, call);
