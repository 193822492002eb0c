// Modules that touch the database, secrets or the authority start with `import 'server-only'`, so a browser
// bundle that reaches one fails the Next build; this checks the database client and every queries module
// carry it, and that no client component ('use client') imports such a module, directly or through others.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '@/tests/support/source-files';

const SOURCES = ['lib', 'app', 'components'];

/** A room's queries module: `queries.ts`, or `<part>-queries.ts` beside it. */
const isQueriesModule = (file: string) => /(^|[/-])queries\.ts$/.test(file);

const SERVER_ONLY_IMPORT = /^import 'server-only';$/m;
/** Whether the module's first import is the marker (then no import above it can run first in a browser). */
const firstImportIsServerOnly = (text: string) => text.match(/^import .*$/m)?.[0] === "import 'server-only';";
const USE_CLIENT = /^\s*(\/\/[^\n]*\n\s*)*['"]use client['"]/;

/** The module specifiers a file loads at run time: `import type` and all-`type` braces are left out. */
function runtimeImports(text: string): string[] {
  const specifiers: string[] = [];
  const statement = /\b(?:import|export)\s+(type\s+)?([^'";=()]*?)\s*from\s*'([^']+)'|\bimport\s*\(?\s*'([^']+)'/g;
  for (const match of text.matchAll(statement)) {
    if (match[4]) {
      specifiers.push(match[4]);
      continue;
    }
    const [, typeOnly, clause = '', specifier = ''] = match;
    const names = clause.match(/^\{([^}]*)\}$/)?.[1];
    const allTypes =
      names
        ?.split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .every((name) => name.startsWith('type ')) ?? false;
    if (!typeOnly && !allTypes) specifiers.push(specifier);
  }
  return specifiers;
}

/** The file an `@/` or relative specifier names, or undefined for a package. */
function resolveLocal(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/')
    ? specifier.slice(2)
    : specifier.startsWith('.')
      ? path.posix.join(path.posix.dirname(from), specifier)
      : undefined;
  if (base === undefined) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
    (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
  );
}

const read = (file: string) => fs.readFileSync(file, 'utf8');

describe("'server-only' modules", () => {
  const files = SOURCES.flatMap((source) => [...sourceFiles(source, /\.tsx?$/)]);

  it('read the imports a bundle follows, not the type-only ones', () => {
    expect(
      runtimeImports(
        [
          "import 'server-only';",
          "import { a, type B } from '@/lib/one';",
          "import type { C } from '@/lib/two';",
          "import { type D, type E } from '@/lib/three';",
          "export { f } from './four';",
          "const g = await import('@/lib/five');",
          'import {\n  h,\n  i,\n} from "@/lib/six";',
        ].join('\n'),
      ),
    ).toEqual(['server-only', '@/lib/one', './four', '@/lib/five']);
  });

  it('include the database client and every queries module', () => {
    const needed = ['lib/db/client.ts', ...files.filter(isQueriesModule)];
    expect(needed.length).toBeGreaterThan(10);
    expect(
      needed.filter((file) => !firstImportIsServerOnly(read(file))),
      "add `import 'server-only';` as the module's first import",
    ).toEqual([]);
  });

  it('are reached by no client component', () => {
    const imports = new Map<string, string[]>();
    const importsOf = (file: string) => {
      let found = imports.get(file);
      if (!found) {
        found = runtimeImports(read(file)).flatMap((specifier) => resolveLocal(file, specifier) ?? []);
        imports.set(file, found);
      }
      return found;
    };
    const reached: string[] = [];
    for (const client of files.filter((file) => USE_CLIENT.test(read(file)))) {
      // Breadth first from the client component, remembering how each module was reached.
      const via = new Map<string, string>([[client, '']]);
      const queue = [client];
      while (queue.length > 0) {
        const file = queue.shift() as string;
        if (file !== client && SERVER_ONLY_IMPORT.test(read(file))) {
          const chain = [file];
          for (let step = via.get(file); step; step = via.get(step)) chain.unshift(step);
          reached.push(chain.join(' → '));
          continue;
        }
        for (const next of importsOf(file)) {
          if (via.has(next)) continue;
          via.set(next, file);
          queue.push(next);
        }
      }
    }
    expect(reached, 'browser code must not import a server-only module: import its types only, or split it').toEqual(
      [],
    );
  });
});
