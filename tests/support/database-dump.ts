// The whole database seen from a test: every row of every table as JSON text (to look for secrets that
// must not be there) and a per-table fingerprint (to prove that a refused request changed nothing).
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';

type Rows<T> = { rows: T[] };

// The schema does not change while a test file runs: listed once.
let tables: Promise<string[]> | undefined;
const tableNames = () => (tables ??= listTables());

async function listTables(): Promise<string[]> {
  const db = await getDb();
  const result = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as Rows<{ table_name: string }>;
  return result.rows.map((row) => row.table_name);
}

/** Every column of every row of every table, one JSON object a line. */
export async function databaseText(): Promise<string> {
  const db = await getDb();
  const dumps: string[] = [];
  for (const table of await tableNames()) {
    const rows = (await db.execute(
      sql.raw(`select row_to_json(t)::text as row from "${table}" t`),
    )) as unknown as Rows<{ row: string }>;
    dumps.push(...rows.rows.map((r) => r.row));
  }
  return dumps.join('\n');
}

/**
 * `{ table: "<rows>:<md5 of the rows>" }` in one round trip: an insert, update or delete anywhere
 * changes it, and a failing `toEqual` names the table. `forgetting` leaves out of a table's rows what a
 * request is meant to change there (JSON paths into each row, e.g. `['value', 'upload_attempts']`).
 */
export async function databaseFingerprint(
  forgetting: Record<string, string[][]> = {},
): Promise<Record<string, string>> {
  const db = await getDb();
  const rowText = (table: string) =>
    (forgetting[table] ?? []).reduce((row, path) => `(${row} #- '{${path.join(',')}}')`, 'to_jsonb(t)') + '::text';
  const perTable = (await tableNames()).map(
    (table) =>
      `select '${table}' as name, count(*)::text || ':' || md5(coalesce(string_agg(${rowText(table)}, E'\\n' order by ${rowText(table)}), '')) as print from "${table}" t`,
  );
  const result = (await db.execute(sql.raw(perTable.join(' union all ')))) as unknown as Rows<{
    name: string;
    print: string;
  }>;
  return Object.fromEntries(result.rows.map((row) => [row.name, row.print]));
}
