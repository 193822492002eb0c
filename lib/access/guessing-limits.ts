// Limits on guessing secrets. Every credential check that fails counts one failure against the client
// address and one against what was presented (an app's client_id, a token's non-secret prefix, the
// admin token); past a threshold that address or identifier is answered 429 before any credential it
// sends is looked at, and failures age out evenly, so it gets one more try every so often. Checks that
// succeed count nothing.
import { assertWithinRateLimits, clientAddress, countAgainstRateLimits, type RateRule } from '@/lib/api/rate-limit';
import { displayPrefix } from '@/lib/access/tokens';

/** Failures one address may make in 10 minutes: a misconfigured integrator retrying does not reach it quickly. */
const ADDRESS_FAILURES = { allowed: 100, perSeconds: 600 } as const;
/** Failures against one client_id, token prefix or the admin token in 10 minutes, from any addresses. */
const IDENTIFIER_FAILURES = { allowed: 10, perSeconds: 600 } as const;

/** Who presented a credential: its address, and the non-secret part that names the credential, if any. */
export interface Presenter {
  address: string;
  identifier?: string;
}

/** The presenter of a request; `identifier` never holds a secret (see the identifier helpers below). */
export const presenterOf = (request: Request, identifier?: string): Presenter => ({
  address: clientAddress(request),
  identifier,
});

/** An API key's or enrollment token's shown prefix (`sk_live_AbCd`, `enr_AbCd`); nothing for what is no token of ours. */
export function tokenIdentifier(token: string): string | undefined {
  return /^(sk_(test|live)|enr)_[A-Za-z0-9_-]{4}/.test(token) ? `token:${displayPrefix(token)}` : undefined;
}

export const clientIdentifier = (clientId: string) => `client:${clientId.slice(0, 64)}`;
export const ADMIN_IDENTIFIER = 'admin';

function rules({ address, identifier }: Presenter): RateRule[] {
  const byAddress: RateRule = { key: `failures-address:${address}`, ...ADDRESS_FAILURES };
  return identifier ? [byAddress, { key: `failures-id:${identifier}`, ...IDENTIFIER_FAILURES }] : [byAddress];
}

/** Throws 429 rate_limited with Retry-After while the presenter has used up its failures. */
async function assertNotLockedOut(presenter: Presenter): Promise<void> {
  await assertWithinRateLimits(rules(presenter), 'Too many failed attempts');
}

async function countFailure(presenter: Presenter): Promise<void> {
  await countAgainstRateLimits(rules(presenter));
}

/**
 * Runs a credential check (answering the verified thing, or undefined when the credential is wrong)
 * for a presenter that is not locked out, and counts a wrong one. `lookupOnly` says the check changes
 * nothing, so it may run beside the lockout check instead of after it: the answer of a locked-out
 * presenter is dropped either way, so a right guess there still teaches nothing.
 */
export async function checkCredential<T>(
  presenter: Presenter,
  check: () => Promise<T | undefined>,
  { lookupOnly = false } = {},
): Promise<T | undefined> {
  let verified: T | undefined;
  if (lookupOnly) {
    const [, found] = await Promise.all([assertNotLockedOut(presenter), check()]);
    verified = found;
  } else {
    await assertNotLockedOut(presenter);
    verified = await check();
  }
  if (verified === undefined) await countFailure(presenter);
  return verified;
}
