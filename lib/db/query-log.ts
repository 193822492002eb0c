// Lets the plan tests and the scale bench see the SQL the product runs, with its parameters, so they
// can EXPLAIN exactly that: a drizzle logger that hands each query to whoever listens. Nobody listens
// in the running service, where it costs a call per query.
import type { Logger } from 'drizzle-orm/logger';
import { processSingleton } from '@/lib/process-singleton';

export interface LoggedQuery {
  sql: string;
  params: unknown[];
}
type Listener = (query: LoggedQuery) => void;

const listeners = () => processSingleton('query-listeners', () => new Set<Listener>());

export const queryLogger: Logger = {
  logQuery(sql, params) {
    for (const listener of listeners()) listener({ sql, params });
  },
};

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
