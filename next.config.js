// @ts-check
/**
 * Next.js configuration: server-only packages stay external (PGlite ships WASM and data files; pdfkit reads
 * its own data files relative to its modules, and fontkit is what it parses our fonts with).
 */

const fs = require('node:fs');
const path = require('node:path');

/**
 * Where Turbopack may resolve files from: the project, and the node_modules it uses, which a git worktree
 * links from the main checkout (outside the project, where Turbopack would not find `next`). In a plain
 * checkout this is the project itself.
 */
function resolutionRoot() {
  const modules = path.join(__dirname, 'node_modules');
  const real = fs.existsSync(modules) ? path.dirname(fs.realpathSync(modules)) : __dirname;
  let root = __dirname;
  while (path.relative(root, real).startsWith('..')) root = path.dirname(root);
  return root;
}

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
  turbopack: { root: resolutionRoot() },
  // No type check in the build `npm start` makes on a first start (it was a third of it): `npm test` and CI
  // (`tsc --noEmit`, everything, tests included) and `npm run lint` are where a type error stops a change.
  // (tsconfig.build.json stays the file Next reads and may rewrite, so tsconfig.json is never touched by a build.)
  typescript: { tsconfigPath: 'tsconfig.build.json', ignoreBuildErrors: true },
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

module.exports = nextConfig;
