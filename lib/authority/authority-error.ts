// What went wrong at the tax authority, in our terms. The WSAA's fault codes and WSFE's error codes
// map onto these; the gov-ar service maps them onto the contract's error codes.
import { sameClassInEveryBundle } from '@/lib/process-singleton';

export type AuthorityProblem =
  | 'revoked'
  | 'not_authorized'
  | 'untrusted'
  | 'expired'
  | 'already_authenticated'
  | 'rejected'
  | 'unavailable';

export class AuthorityError extends Error {
  constructor(
    readonly problem: AuthorityProblem,
    message: string,
    readonly detail?: {
      faultCode?: string;
      service?: string;
      status?: number;
      /** Whether the request may have reached the authority (false: provably not; see neverReachedAuthority). */
      reached?: boolean;
    },
  ) {
    super(message);
    this.name = 'AuthorityError';
  }
}
sameClassInEveryBundle(AuthorityError, 'AuthorityError');

/** WSAA fault codes (without the `ns1:` prefix) and what they mean for us. */
const WSAA_FAULTS: Record<string, AuthorityProblem> = {
  'coe.notAuthorized': 'not_authorized',
  'cms.cert.untrusted': 'untrusted',
  'cms.cert.expired': 'expired',
  'cms.cert.revoked': 'revoked',
  'coe.alreadyAuthenticated': 'already_authenticated',
};

export function problemForWsaaFault(faultCode: string): AuthorityProblem {
  const local = faultCode.replace(/^.*:/, '');
  return WSAA_FAULTS[local] ?? (local.startsWith('cms.') || local.startsWith('xml.') ? 'rejected' : 'unavailable');
}
