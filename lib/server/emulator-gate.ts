// In production the emulator runs only when the operator insists (AR_EMULATOR_IN_PRODUCTION=1, see
// lib/server/configuration-checks.ts), and its portal, which issues certificates this server trusts, is
// then the operator's alone: ADMIN_TOKEN as a Bearer token or, from a browser, as the password of HTTP
// Basic authentication (any user name), which the browser then also sends with the page's own calls.
import { assertAdmin } from '@/lib/access/authenticate';
import { sameSecret } from '@/lib/access/tokens';
import { errorResponse } from '@/lib/http/with-api';
import { adminToken, isProduction } from '@/lib/config';
import { emulatorOnly, type RouteHandler } from '@/lib/emulator/routes';

export const portalNeedsAdmin = (): boolean => isProduction();

/** The admin token a request presents: a Bearer token, or the password of Basic credentials. */
function presentedAdminToken(headers: Headers): string | undefined {
  const header = headers.get('authorization') ?? '';
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+([A-Za-z0-9+/]+=*)\s*$/i.exec(header);
  if (!basic) return undefined;
  const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon >= 0 && colon < decoded.length - 1 ? decoded.slice(colon + 1) : undefined;
}

/** Throws unauthorized (or 429 while guesses are locked out) unless the portal is open or the operator asks. */
export async function assertPortalAccess(request: Request): Promise<void> {
  if (!portalNeedsAdmin()) return;
  await assertAdmin(request, presentedAdminToken(request.headers));
}

/** The challenge that makes a browser ask the person for the token (once per browser session). */
export const BASIC_CHALLENGE = { 'www-authenticate': 'Basic realm="Emulador de ARCA (ADMIN_TOKEN)", charset="UTF-8"' };

/** For the page itself, behind the proxy's check: whether these request headers carry the admin token. */
export function headersCarryAdminToken(headers: Headers): boolean {
  const expected = adminToken();
  const given = presentedAdminToken(headers);
  return Boolean(expected && given && sameSecret(given, expected));
}

/** A portal endpoint: in production (where the emulator runs only on the operator's say) ADMIN_TOKEN only. */
export function portalRoute(handler: RouteHandler): RouteHandler {
  return emulatorOnly(async (request, context) => {
    try {
      await assertPortalAccess(request);
    } catch (error) {
      return errorResponse(error, request);
    }
    return handler(request, context);
  });
}
