// Next bundles instrumentation, the proxy and each route handler apart, each with its own copy of our
// modules: state kept at a module's top level is one copy per bundle, so a cache fills once per route
// and a limit counts per route. Every such value goes through lib/process-singleton.ts (and is listed,
// with how it is invalidated, in lib/db/README.md); this finds one that does not.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '@/tests/support/source-files';

const SOURCES = ['lib', 'app', 'instrumentation.ts', 'proxy.ts'];
const THE_HELPER = 'lib/process-singleton.ts';
/** Modules only the browser runs (client components' helpers), where a page has one copy of each module. */
const BROWSER_ONLY = new Set(['lib/console/job-watch.ts']);

const MODULE_STATE = [
  /^(export )?let /m, // a variable the module reassigns
  /^(export )?const \w+(: .+?)? = new (Map|WeakMap|Set|WeakSet)(<[^>]*>)?\(\)/m, // an empty collection to fill
  /^(export )?const \w+(: .+?)? = \[\];/m, // an empty array to fill
  /\bglobalThis\b/,
];
const keepsState = (text: string) => MODULE_STATE.some((pattern) => pattern.test(text));

describe('process-wide state', () => {
  it('is recognised when a module keeps it itself', () => {
    for (const state of [
      'let cache: string | undefined;',
      'const kept = new Map<string, number>();',
      'export const seen = new Set();',
      'const waiting: Array<() => void> = [];',
      '(globalThis as any).x = 1',
    ])
      expect(keepsState(state), state).toBe(true);
    for (const constant of [
      "const UNSAFE = new Set(['POST', 'PUT']);",
      "const kept = processSingleton('kept', () => new Map<string, number>());",
      '  let inside = 0;',
      "export const ANNOTATIONS = new Map<z.ZodType, string>([[a, 'b']]);",
    ])
      expect(keepsState(constant), constant).toBe(false);
  });

  it(`is kept through ${THE_HELPER} in every server module`, () => {
    const own = SOURCES.flatMap((source) => [...sourceFiles(source, /\.(ts|tsx|mts|mjs)$/)]).filter(
      (file) => file !== THE_HELPER && !BROWSER_ONLY.has(file) && keepsState(fs.readFileSync(file, 'utf8')),
    );
    expect(own, `keep it with processSingleton() from ${THE_HELPER}, and list it in lib/db/README.md`).toEqual([]);
  });
});
