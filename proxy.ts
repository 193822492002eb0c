// Next's proxy (the renamed middleware; Node.js runtime in Next 16) gives the wizard page the one
// header a page cannot set itself: CSP frame-ancestors from the registration's allowed origins.
import { NextResponse, type NextRequest } from 'next/server';
import { allowedOriginsFor, frameAncestors } from '@/lib/ar/registration/embedding';

export async function proxy(request: NextRequest) {
  const ref = request.nextUrl.pathname.split('/')[2] ?? '';
  const response = NextResponse.next();
  response.headers.set('content-security-policy', frameAncestors(await originsOrNone(ref)));
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

export const config = { matcher: '/reg/:ref*' };
