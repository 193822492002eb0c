// @ts-check
/**
 * Next.js configuration: server-only packages stay external (PGlite ships WASM and data files; pdfkit reads
 * its own data files relative to its modules, and fontkit is what it parses our fonts with).
 */

/** Headers every response carries; the wizard's CSP (frame-ancestors) is set per page later. */
const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // NEXT_DIST_DIR lets a benchmark or a second checkout build beside the usual `.next` without clobbering it.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'node-forge', 'pdfkit', 'fontkit'],
  poweredByHeader: false,
  // The build type-checks the app only; `npm test` type-checks everything, tests included.
  typescript: { tsconfigPath: 'tsconfig.build.json' },
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

module.exports = nextConfig;
