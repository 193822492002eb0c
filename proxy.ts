// Next's proxy (the renamed middleware; Node.js runtime in Next 16) gives every page the headers a
// page cannot set itself: a per-response CSP nonce (Next applies it to its own scripts), who may
// frame the page (a registration link: its workflow's allowed origins; anything else: nobody but
// us for the wizard, nobody at all elsewhere), HSTS in production, and the page's language where the path
// or the link decides it (the console is English; `?lang=en|es` on a link, kept as the supplier's choice). It also answers paths whose
// percent-encoding is broken, on which Next's own router fails. Some pages are refused first
// (lib/server/page-gates.ts): a link's page past its rate limit, the emulator's portal in production.
import { randomBytes } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { allowedOriginsFor } from '@/lib/gov-ar/registration/link';
import { LOCALE_COOKIE, LOCALE_HEADER, LOCALE_PARAM, localeFromParam } from '@/lib/i18n/locales';
import { refusedPage } from '@/lib/server/page-gates';
import { PAGE_AREA_HEADER, pageSecurityHeaders } from '@/lib/server/security-headers';
import { decodesCleanly, malformedPathResponse, notFoundPage } from '@/lib/server/undecodable-path';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The JSON and SOAP services: the proxy sees them only for a path with a `%` (the second matcher below). */
const SERVICE_PATH = /^\/(?:access|silo|transform|utils|gov-ar|emulator\/(?:portal|sandbox|live))\//;

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const decodable = decodesCleanly(pathname);
  if (SERVICE_PATH.test(pathname)) return decodable ? NextResponse.next() : malformedPathResponse();

  const nonce = randomBytes(16).toString('base64');
  const [, first, ref] = pathname.split('/');
  const refused = await refusedPage(request, first, ref);
  if (refused) return refused;
  const frameAncestors = first === 'reg' ? await originsOrNone(ref ?? '') : undefined;
  const headers = pageSecurityHeaders({ nonce, frameAncestors });

  const forwarded = new Headers(request.headers);
  forwarded.set('content-security-policy', headers['content-security-policy']!);
  const linkLocale = first === 'console' ? undefined : localeFromParam(request.nextUrl.searchParams.get(LOCALE_PARAM));
  const pageLocale = first === 'console' ? 'en' : linkLocale;
  forwarded.delete(LOCALE_HEADER);
  if (pageLocale) forwarded.set(LOCALE_HEADER, pageLocale);
  // The 404 page sends no supplier to the developers' landing page: it needs to know a link was asked for.
  forwarded.set(PAGE_AREA_HEADER, first ?? '');
  const response = decodable
    ? NextResponse.next({ request: { headers: forwarded } })
    : NextResponse.rewrite(notFoundPage(request), { request: { headers: forwarded } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  // The link's language becomes the supplier's choice, as if they had used the switch.
  if (linkLocale)
    response.cookies.set(LOCALE_COOKIE, linkLocale, { path: '/', maxAge: ONE_YEAR_SECONDS, sameSite: 'lax' });
  return response;
}

/** A failed lookup must not take the page down; it only loses the embedding (the safe side). */
async function originsOrNone(ref: string): Promise<string[]> {
  if (!decodesCleanly(ref)) return [];
  try {
    return await allowedOriginsFor(decodeURIComponent(ref));
  } catch (error) {
    console.error('[proxy] allowed origins lookup failed:', error);
    return [];
  }
}

// Every page and every HTML 404 gets the headers: only what never answers HTML is left out, and
// exactly (`/openapi.jsonx` is a 404 page): the JSON services, whose unknown paths answer a JSON 404,
// their SOAP stand-ins and static files, which need no CSP and should not pay for one. The second
// matcher takes back the services' paths that have a `%`, which no hot path has, for a broken encoding.
export const config = {
  matcher: [
    '/((?!_next/static/|_next/image|access/|silo/|transform/|utils/|gov-ar/|openapi\\.json$|emulator/portal/|emulator/sandbox/|emulator/live/|console/session$).*)',
    '/(access|silo|transform|utils|gov-ar|emulator)/(.*%.*)',
  ],
};
