// What the main thread and the thread that owns PGlite (pglite-thread.ts) say to each other: a request
// names its statement or its step of a transaction, a reply answers it by id. Only what structured clone
// carries crosses: results as PGlite answered them (rows, fields, affectedRows: dates, bigints, bytes and
// JSON as they are), and an error as its name, message, stack and own fields, so a Postgres error keeps
// its `code`, `constraint`, `detail`, `query`, `params` ... (lib/db/errors.ts tests them).

/** PGlite's query options that can cross a thread: no functions (parsers, serializers, notice handlers). */
export interface ThreadQueryOptions {
  rowMode?: 'array' | 'object';
  paramTypes?: number[];
}

export type ThreadRequest =
  | { id: number; op: 'query'; text: string; params: unknown[]; options?: ThreadQueryOptions; tx?: number }
  | { id: number; op: 'exec'; text: string; tx?: number }
  /** Opens a transaction once PGlite's transaction mutex is free; the reply's result is its number. */
  | { id: number; op: 'begin' }
  /** Commits (or rolls back) transaction `tx`; the reply comes once it has. */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

export interface CarriedError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}

export type ThreadReply = { id: number; result: unknown } | { id: number; error: CarriedError };

/** The thread's first message: PGlite is open, or why it is not. */
export type ThreadReady = { ready: true } | { ready: false; error: CarriedError };

/** An error as it can cross: its own fields that are data (Postgres's fields, the query and its parameters). */
export function carryError(error: unknown): CarriedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(error)) {
    if (typeof value !== 'function' && name !== 'queryOptions') fields[name] = value;
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

/** The error again, on the other side: an Error with the same name, message, stack and fields. */
export function rebuildError(carried: CarriedError): Error {
  const error = new Error(carried.message);
  Object.assign(error, carried.fields);
  error.name = carried.name;
  if (carried.stack) error.stack = carried.stack;
  return error;
}
