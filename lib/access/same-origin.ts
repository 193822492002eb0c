// CSRF defence for calls the console's cookie authenticates: one that changes something must come from
// a page of our own origin. Browsers state where a request comes from (Sec-Fetch-Site, Origin) and a
// page on another site can forge neither; a request that states neither is refused too.
import { ApiError } from '@/lib/api/errors';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The origin the browser addressed: the Host header it sent (Next's request.url names the server's
 * configured hostname, not the one the browser used). Behind a proxy that ends TLS the scheme reads as
 * http, so an https Origin does not match and only Sec-Fetch-Site can vouch: it fails closed.
 */
function ownOrigin(request: Request): string {
  const url = new URL(request.url);
  return `${url.protocol}//${request.headers.get('host') ?? url.host}`;
}

function comesFromOwnOrigin(request: Request): boolean {
  if (request.headers.get('sec-fetch-site') === 'same-origin') return true;
  return request.headers.get('origin') === ownOrigin(request);
}

export function assertSameOriginIfUnsafe(request: Request): void {
  if (!UNSAFE_METHODS.has(request.method.toUpperCase()) || comesFromOwnOrigin(request)) return;
  throw new ApiError(
    'csrf_rejected',
    "A request authenticated by the console's cookie must come from the console's own pages.",
  );
}
