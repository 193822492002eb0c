// The entry read cache (lib/silo/entry-read-cache.ts) is invalidated by construction: every write to
// `entries` or `meta_records` is a function of lib/silo/queries.ts, which tells the cache once it ran.
// A write anywhere else would leave integrators reading a stale entry from memory; this finds one in
// the product's source, in drizzle's form or as SQL.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '@/tests/support/source-files';

const THE_ONE_MODULE = 'lib/silo/queries.ts';
const SOURCES = ['lib', 'app', 'components', 'instrumentation.ts', 'proxy.ts'];

const WRITES = [
  // drizzle: db.insert(entries), tx.update(metaRecords), db.delete(schema.entries) ...
  /\.\s*(insert|update|delete)\(\s*(schema\.)?(entries|metaRecords)\s*\)/,
  // sql`update ${entries} ...`, sql`insert into ${metaRecords} ...`
  /\b(update|insert\s+into|delete\s+from|truncate(\s+table)?)\s+\$\{\s*(schema\.)?(entries|metaRecords)\s*\}/i,
  // plain text: update entries, insert into "meta_records", truncate entries
  /\b(update|insert\s+into|delete\s+from|truncate(\s+table)?)\s+("?public"?\.)?"?(entries|meta_records)\b"?/i,
];
const writesEntries = (text: string) => WRITES.some((pattern) => pattern.test(text));

describe('writes to silo entries and meta records', () => {
  it('are recognised in every form they are written in', () => {
    for (const write of [
      'await db.insert(entries).values(values)',
      'tx.update(metaRecords).set({ value })',
      'db\n  .delete(schema.entries)',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text, placeholder included
      'sql`update ${entries} e set data = ...`',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text, placeholder included
      'sql`insert into ${metaRecords} (id) values (1)`',
      "client.query('UPDATE entries SET status = $1')",
      'insert into "meta_records" (id) values ($1)',
      'delete from public.entries where id = $1',
      'truncate table entries',
    ])
      expect(writesEntries(write), write).toBe(true);
    for (const read of [
      'db.select().from(entries)',
      'tx.update(jobs).set({ entryId })',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text, placeholder included
      'sql`select * from ${entries}`',
      'update entries_archive set x = 1',
      'insert into webhook_deliveries (entry_id) values ($1)',
    ])
      expect(writesEntries(read), read).toBe(false);
  });

  it(`happen only in ${THE_ONE_MODULE}, which tells the entry read cache`, () => {
    const elsewhere = SOURCES.flatMap((source) => [...sourceFiles(source)]).filter(
      (file) => file !== THE_ONE_MODULE && writesEntries(fs.readFileSync(file, 'utf8')),
    );
    expect(
      elsewhere,
      `write entries and meta records through a function of ${THE_ONE_MODULE} (lib/db/README.md says why)`,
    ).toEqual([]);
    expect(writesEntries(fs.readFileSync(THE_ONE_MODULE, 'utf8'))).toBe(true);
  });
});
