// Paths whose percent-encoding does not decode to UTF-8 text (`/reg/%E0%A4%A`, `%C0%AF`): Next's router
// throws when it decodes such a segment as a route parameter and answers a plain-text 500, so the
// proxy answers them before routing: the services as their contract says, pages with the 404 page.
import { NextResponse, type NextRequest } from 'next/server';
import { ApiError } from '@/lib/api/errors';

export function decodesCleanly(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** A service's answer to such a path, as `withApi` would give it. */
export function malformedPathResponse(): NextResponse {
  const error = new ApiError(
    'malformed_request',
    'The path has a percent-encoded sequence (%XX) that is not UTF-8 text.',
  );
  return NextResponse.json(error.toBody(), {
    status: error.status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/**
 * Where a page request with such a path is rewritten to: the App Router's own not-found page (app/not-found.tsx,
 * status 404). Not the path with its `%` escaped: a rewritten page still reads its parameters from the URL asked for.
 */
export function notFoundPage(request: NextRequest): URL {
  return new URL('/_not-found', request.url);
}
