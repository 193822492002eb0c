// What PostgreSQL does with the queries the product runs (captured with lib/db/query-log): each one
// explained with its own parameters, reads and updates executed (EXPLAIN ANALYZE in a transaction
// rolled back), inserts only planned. A plan "grows" when it scans a large table sequentially or a
// node goes through more rows than a page needs.
import type { Client } from 'pg';
import { sql } from 'drizzle-orm';
import { getDbHandle, inTransaction } from '@/lib/db/client';
import type { LoggedQuery } from '@/lib/db/query-log';

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Actual Total Time'?: number;
  Plans?: PlanNode[];
}

export interface ExplainedQuery {
  sql: string;
  analyzed: boolean;
  plan: PlanNode;
  /** Execution time (ms) when analyzed, triggers included. */
  executionMs?: number;
}

/** Statements worth explaining: what drizzle logs besides transaction control. */
export const isPlannable = (sql: string) => /^\s*(select|insert|update|delete|with)\b/i.test(sql);

export async function explain(
  client: Client,
  query: LoggedQuery,
  options: { analyze?: boolean } = {},
): Promise<ExplainedQuery> {
  const analyze = options.analyze ?? !/^\s*insert\b/i.test(query.sql);
  const format = analyze ? 'analyze, buffers, format json' : 'format json';
  await client.query('begin');
  try {
    const { rows } = await client.query(`explain (${format}) ${query.sql}`, query.params as unknown[]);
    const [top] = rows[0]['QUERY PLAN'] as { Plan: PlanNode; 'Execution Time'?: number }[];
    return { sql: query.sql, analyzed: analyze, plan: top!.Plan, executionMs: top!['Execution Time'] };
  } finally {
    await client.query('rollback');
  }
}

export function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

/** Rows a node went through: those it returned over all its loops, and those its filters dropped. */
export const rowsTouched = (node: PlanNode) => {
  const loops = node['Actual Loops'] ?? 1;
  return (
    ((node['Actual Rows'] ?? 0) +
      (node['Rows Removed by Filter'] ?? 0) +
      (node['Rows Removed by Index Recheck'] ?? 0)) *
    loops
  );
};

/** What makes a plan grow with the data; empty when it answers from indexes in bounded work. */
export function planProblems(explained: ExplainedQuery, largeTables: string[], maxRows = 1000): string[] {
  const problems: string[] = [];
  for (const node of planNodes(explained.plan)) {
    const relation = node['Relation Name'];
    if (node['Node Type'] === 'Seq Scan' && relation && largeTables.includes(relation))
      problems.push(`sequential scan of ${relation}`);
    if (explained.analyzed && rowsTouched(node) > maxRows) {
      problems.push(
        `${node['Node Type']}${relation ? ` on ${relation}` : ''}${node['Index Name'] ? ` (${node['Index Name']})` : ''} went through ${rowsTouched(node)} rows`,
      );
    }
  }
  return problems;
}

/** The indexes a plan reads. */
export const indexesUsed = (explained: ExplainedQuery) =>
  planNodes(explained.plan).flatMap((node) => (node['Index Name'] ? [node['Index Name']] : []));

/** Shared buffers an analyzed plan touched: its busiest node's (each node counts those of its children). */
export const buffersTouched = (explained: ExplainedQuery) =>
  Math.max(
    ...planNodes(explained.plan).map((node) => (node['Shared Hit Blocks'] ?? 0) + (node['Shared Read Blocks'] ?? 0)),
  );

/** Plans a query on the product's own database, the embedded one or PostgreSQL (plan only, nothing run). */
export async function planOnProductDb(query: LoggedQuery): Promise<ExplainedQuery> {
  const { db } = await getDbHandle();
  const client = (
    db as unknown as {
      $client: { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
    }
  ).$client;
  const { rows } = await client.query(`explain (format json) ${query.sql}`, query.params);
  const [top] = rows[0]!['QUERY PLAN'] as { Plan: PlanNode }[];
  return { sql: query.sql, analyzed: false, plan: top!.Plan };
}

/** A parameter as an SQL literal (the logged parameters are text, numbers, booleans or null). */
const literal = (value: unknown) =>
  value === null || value === undefined
    ? 'null'
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : `'${String(value instanceof Date ? value.toISOString() : value).replaceAll("'", "''")}'`;

/**
 * The plan a prepared statement settles on once PostgreSQL stops planning it for each run's parameters (the
 * generic plan; the embedded database prepares every statement, and may choose it after five runs): the query
 * prepared with its parameters left open, `plan_cache_mode` forced to generic, and its execution explained.
 */
export async function genericPlanOnProductDb(query: LoggedQuery): Promise<ExplainedQuery> {
  return inTransaction(async (tx) => {
    const run = async (statement: string) =>
      ((await tx.execute(sql.raw(statement))) as unknown as { rows: Record<string, unknown>[] }).rows;
    await run('set local plan_cache_mode = force_generic_plan');
    await run(`prepare generic_plan_probe as ${query.sql}`);
    try {
      const rows = await run(
        `explain (format json) execute generic_plan_probe(${query.params.map(literal).join(', ')})`,
      );
      const plan = rows[0]!['QUERY PLAN'];
      const [top] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
      return { sql: query.sql, analyzed: false, plan: top!.Plan };
    } finally {
      await run('deallocate generic_plan_probe');
    }
  });
}
