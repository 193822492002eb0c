// The security headers of every page: a nonce-based Content-Security-Policy (Next puts the nonce on
// its own scripts when it finds it in the request's CSP), who may frame the page, and HSTS in production.
import { isProduction } from '@/lib/config';

export interface PagePolicy {
  /** Fresh per response; only scripts carrying it run. */
  nonce: string;
  /** Origins that may frame the page besides our own; undefined: nobody may frame it. */
  frameAncestors?: readonly string[];
}

export function contentSecurityPolicy({ nonce, frameAncestors }: PagePolicy): string {
  const developing = process.env.NODE_ENV === 'development'; // `next dev` evaluates code with eval
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${developing ? " 'unsafe-eval'" : ''}`,
    // React and Tailwind set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    frameAncestors ? ["frame-ancestors 'self'", ...frameAncestors].join(' ') : "frame-ancestors 'none'",
    ...(isProduction() ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** Two years, subdomains included: once a browser has seen us over https it never tries http again. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/** Headers for a page response, beyond those next.config.js gives every response. */
export function pageSecurityHeaders(policy: PagePolicy): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(policy),
    ...(isProduction() ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}

/** The request header the proxy sets to a page's first path segment (`reg`, `console`, ...), for the 404 page. */
export const PAGE_AREA_HEADER = 'x-page-area';
