// Statements live in each room's `queries` module (lib/db/README.md): domain modules call its functions
// and hold no database handle; inside a transaction they pass the `tx` that `inTransaction` gave them.
// This finds a module that takes the handle itself, with `getDb()`, anywhere else.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '@/tests/support/source-files';

const SOURCES = ['lib', 'app', 'instrumentation.ts', 'proxy.ts'];

/** A room's queries module: `queries.ts`, or `<part>-queries.ts` beside it. */
const isQueriesModule = (file: string) => /(^|[/-])queries\.ts$/.test(file);

/** The database itself: the handle is made there. */
const isDatabaseModule = (file: string) => file.startsWith('lib/db/');

/** The text without comments, so that a comment naming getDb() is not taken for a call. */
const code = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .join('\n');

const callsGetDb = (text: string) => /\bgetDb\s*\(/.test(code(text));

const callers = () =>
  SOURCES.flatMap((source) => [...sourceFiles(source)]).filter((file) => callsGetDb(fs.readFileSync(file, 'utf8')));

describe('statements and the database handle', () => {
  it('recognise a call of getDb, not a mention', () => {
    for (const call of [
      'const db = await getDb();',
      'await setEntryStatus(await getDb(), id, status);',
      'return (await getDb()).transaction(work);',
      'getDb ()',
    ])
      expect(callsGetDb(call), call).toBe(true);
    for (const mention of [
      '// a caller outside a transaction used to pass await getDb()',
      '/** Closes the handle; the next getDb() opens a new one. */',
      "import { getDb, type Tx } from '@/lib/db/client';",
      'const handle = getDbHandle();',
    ])
      expect(callsGetDb(mention), mention).toBe(false);
    expect(isQueriesModule('lib/silo/queries.ts')).toBe(true);
    expect(isQueriesModule('lib/gov-ar/invoices/issuance-queries.ts')).toBe(true);
    expect(isQueriesModule('lib/silo/entry-queries-cache.ts')).toBe(false);
    expect(isQueriesModule('lib/silo/myqueries.ts')).toBe(false);
  });

  it('is taken only in queries modules and lib/db', () => {
    const elsewhere = callers().filter((file) => !isQueriesModule(file) && !isDatabaseModule(file));
    expect(
      elsewhere,
      "move the statements into the room's queries module and call its functions (lib/db/README.md says how a transaction is passed)",
    ).toEqual([]);
  });
});
