// Lets the plan tests and the scale bench see the SQL the product runs, with its parameters, so they
// can EXPLAIN exactly that: a drizzle logger that hands each query to whoever listens. Nobody listens
// in the running service, where it costs a call and a count per query. The count (and, with
// DB_STATEMENT_TALLY=on, a count per statement text) is what the bench reads to print statements per invoice.
import type { Logger } from 'drizzle-orm/logger';
import { processSingleton } from '@/lib/process-singleton';

export interface LoggedQuery {
  sql: string;
  params: unknown[];
}
type Listener = (query: LoggedQuery) => void;

const listeners = () => processSingleton('query-listeners', () => new Set<Listener>());
const counts = () =>
  processSingleton('query-counts', () => ({
    total: 0,
    byText: process.env.DB_STATEMENT_TALLY === 'on' ? new Map<string, number>() : undefined,
  }));

export const queryLogger: Logger = {
  logQuery(sql, params) {
    const tally = counts();
    tally.total++;
    tally.byText?.set(sql, (tally.byText.get(sql) ?? 0) + 1);
    for (const listener of listeners()) listener({ sql, params });
  },
};

/** Statements this process ran through drizzle since it started, and the most frequent texts when tallied. */
export function statementsRun(top = 40): { total: number; frequent: { count: number; sql: string }[] } {
  const { total, byText } = counts();
  const frequent = [...(byText ?? [])]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([sql, count]) => ({ count, sql }));
  return { total, frequent };
}

/** Runs `work` and answers the queries it ran through drizzle, in order. */
export async function captureQueries<T>(work: () => Promise<T>): Promise<{ result: T; queries: LoggedQuery[] }> {
  const queries: LoggedQuery[] = [];
  const listener: Listener = (query) => queries.push(query);
  listeners().add(listener);
  try {
    return { result: await work(), queries };
  } finally {
    listeners().delete(listener);
  }
}
