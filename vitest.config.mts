import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));
// `server-only` throws unless resolved under the react-server condition, as Next resolves it for server code;
// the tests run server modules outside Next, so they get its empty module (without the condition, which
// would also hand them React's server build).
const alias = { '@': root, 'server-only': path.join(root, 'node_modules/server-only/empty.js') };
// CI reads the results as JSON from the file VITEST_JSON names (`npm test` runs Playwright after vitest,
// so arguments after `npm test --` would reach Playwright, not vitest).
const jsonReport = process.env.VITEST_JSON;

export default defineConfig({
  resolve: { alias },
  test: {
    ...(jsonReport ? { reporters: ['default', 'json'], outputFile: { json: jsonReport } } : {}),
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/support/fresh-database.ts'],
          // Table-driven tests make dozens of calls to one link in a second; tests/integration/abuse.test.ts
          // turns the limits back on to test them.
          env: { RATE_LIMITS: 'off' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/build-once.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
