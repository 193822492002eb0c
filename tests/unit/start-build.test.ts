// The first `npm start` builds the app; the type check is not part of that build (a third of a first start on
// a fresh clone) but of `npm test` and CI, which type-check everything, tests included, before any test runs.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

describe("npm start's build and the type check", () => {
  it('builds without type-checking', () => {
    const config = require('../../next.config.js') as { typescript?: { ignoreBuildErrors?: boolean } };
    expect(config.typescript?.ignoreBuildErrors).toBe(true);
  });

  it('type-checks in npm test, first, and CI runs npm test', () => {
    const scripts = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
      .scripts;
    expect(scripts.test).toMatch(/^tsc --noEmit && /);
    expect(scripts.typecheck).toBe('tsc --noEmit');
    expect(fs.readFileSync('.ci/run', 'utf8')).toMatch(/\bnpm test\b/);
  });
});
