// Next's proxy (the renamed middleware; Node.js runtime in Next 16) gives every page the headers a
// page cannot set itself: a per-response CSP nonce (Next applies it to its own scripts), who may
// frame the page (a registration link: its workflow's allowed origins; anything else: nobody but
// us for the wizard, nobody at all elsewhere), and HSTS in production. Some pages are refused first
// (lib/server/page-gates.ts): a link's page past its rate limit, the emulator's portal in production.
import { randomBytes } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { allowedOriginsFor } from '@/lib/ar/registration/embedding';
import { refusedPage } from '@/lib/server/page-gates';
import { pageSecurityHeaders } from '@/lib/server/security-headers';

export async function proxy(request: NextRequest) {
  const nonce = randomBytes(16).toString('base64');
  const [, first, ref] = request.nextUrl.pathname.split('/');
  const refused = await refusedPage(request, first, ref);
  if (refused) return refused;
  const frameAncestors = first === 'reg' ? await originsOrNone(ref ?? '') : undefined;
  const headers = pageSecurityHeaders({ nonce, frameAncestors });

  const forwarded = new Headers(request.headers);
  forwarded.set('content-security-policy', headers['content-security-policy']!);
  const response = NextResponse.next({ request: { headers: forwarded } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/** A failed lookup must not take the page down; it only loses the embedding (the safe side). */
async function originsOrNone(ref: string): Promise<string[]> {
  try {
    return await allowedOriginsFor(decodeURIComponent(ref));
  } catch (error) {
    console.error('[proxy] allowed origins lookup failed:', error);
    return [];
  }
}

// Pages only: the JSON services, SOAP endpoints and static files need no CSP and should not pay for one.
export const config = {
  matcher: ['/((?!_next/|favicon\\.ico|access/|silo/|transform/|utils/|gov-ar/|openapi\\.json|emulator/portal/|emulator/sandbox/|emulator/live/|console/session).*)'],
};
