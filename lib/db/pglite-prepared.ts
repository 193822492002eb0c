// PGlite runs every query as six protocol calls into its WASM Postgres (parse, describe, bind,
// describe, execute, sync), parsing and planning the text each time. Our queries are a few hundred
// fixed texts (drizzle builds the same text for the same shape), so each text is prepared once as a
// named statement and then run with one call: bind, describe, execute, sync. A key lookup goes from
// about 190 to 70 µs; most of PGlite's time under `npm run bench` was that parsing and planning.
// Errors, results and locking are PGlite's own: the same protocol messages, its own result parser
// and its two mutexes (one query at a time; nothing outside a transaction while one is open).
import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { processSingleton } from '@/lib/process-singleton';

type BackendMessages = Awaited<ReturnType<PGlite['execProtocolStream']>>;
type Query = PGlite['query'];

/** Statements kept prepared per PGlite instance; the least recently used beyond this are closed. */
export const MAX_PREPARED_STATEMENTS = 500;

interface Statement {
  name: string;
  paramTypes: number[];
}

/** Prepared statements by text, least recently used first (a Map keeps insertion order), and closes owed. */
class StatementCache {
  readonly #byKey = new Map<string, Statement>();
  readonly #closes: string[] = [];
  #counter = 0;

  get(key: string): Statement | undefined {
    const statement = this.#byKey.get(key);
    if (statement) {
      this.#byKey.delete(key);
      this.#byKey.set(key, statement);
    }
    return statement;
  }

  nextName(): string {
    return `ar_${++this.#counter}`;
  }

  add(key: string, statement: Statement): void {
    this.#byKey.set(key, statement);
    for (const [oldest, evicted] of this.#byKey) {
      if (this.#byKey.size <= MAX_PREPARED_STATEMENTS) break;
      this.#byKey.delete(oldest);
      this.#closes.push(evicted.name);
    }
  }

  forget(key: string): void {
    const statement = this.#byKey.get(key);
    if (!statement) return;
    this.#byKey.delete(key);
    this.#closes.push(statement.name);
  }

  /** Close messages for evicted statements, sent ahead of the next execution. */
  takeCloses(): Uint8Array[] {
    return this.#closes.splice(0).map((name) => protocol.serialize.close({ type: 'S', name }));
  }

  get size(): number {
    return this.#byKey.size;
  }
}

/** Makes `client.query` (and each transaction's `query`) run through named prepared statements. */
export function prepareQueries(client: PGlite): PGlite {
  const statements = new StatementCache();
  const run = (text: string, params: unknown[] | undefined, options: QueryOptions | undefined) =>
    runPrepared(client, statements, text, params ?? [], options);
  const plainQuery = client.query.bind(client);
  client.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
    if (options?.blob) return plainQuery(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const results = await run(text, params, options);
        await client.syncToFs();
        return results;
      }),
    );
  }) as Query;
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      const plainTxQuery = tx.query.bind(tx);
      tx.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
        if (options?.blob) return plainTxQuery(text, params, options);
        if (tx.closed) throw new Error('Transaction is closed');
        return client._runExclusiveQuery(() => run(text, params, options));
      }) as Transaction['query'];
      return callback(tx);
    });
  preparedStatementCounts.set(client, () => statements.size);
  return client;
}

const preparedStatementCounts = processSingleton(
  'prepared-statement-counts',
  () => new WeakMap<PGlite, () => number>(),
);
/** How many statements the client holds prepared (tests). */
export const preparedStatementCount = (client: PGlite) => preparedStatementCounts.get(client)?.() ?? 0;

async function runPrepared(
  client: PGlite,
  statements: StatementCache,
  text: string,
  params: unknown[],
  options: QueryOptions | undefined,
  retried = false,
): Promise<Results> {
  // The same text with other declared parameter types is another statement.
  const key = options?.paramTypes?.length ? `${options.paramTypes.join(',')}|${text}` : text;
  const statement = statements.get(key) ?? (await prepare(client, statements, key, text, options));
  const values = params.map((value, i) => serializeParam(client, value, statement.paramTypes[i], options));
  const { bind, describe, execute, sync } = protocol.serialize;
  try {
    const messages = await exchange(client, options, [
      ...statements.takeCloses(),
      bind({ statement: statement.name, values }),
      describe({ type: 'P' }),
      execute({}),
      sync(),
    ]);
    return parse.parseResults(messages, client.parsers, options)[0]!;
  } catch (error) {
    // A statement whose tables changed shape since it was prepared, or one the session lost.
    if (retried || !isStaleStatement(error)) throw withQuery(error, text, params, options);
    statements.forget(key);
    return runPrepared(client, statements, text, params, options, true);
  }
}

async function prepare(
  client: PGlite,
  statements: StatementCache,
  key: string,
  text: string,
  options: QueryOptions | undefined,
): Promise<Statement> {
  const name = statements.nextName();
  const { parse: parseMessage, describe, sync } = protocol.serialize;
  try {
    const messages = await exchange(client, options, [
      ...statements.takeCloses(),
      parseMessage({ name, text, types: options?.paramTypes }),
      describe({ type: 'S', name }),
      sync(),
    ]);
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.add(key, statement);
    return statement;
  } catch (error) {
    throw withQuery(error, text, [], options);
  }
}

/** Sends the messages in one protocol call; PGlite throws the first error Postgres answered. */
function exchange(client: PGlite, options: QueryOptions | undefined, messages: Uint8Array[]): Promise<BackendMessages> {
  const bytes = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    bytes.set(message, offset);
    offset += message.length;
  }
  return client.execProtocolStream(bytes, { syncToFs: false, onNotice: options?.onNotice });
}

const BYTEA = 17;

/**
 * As PGlite's own query does: the caller's serializer for the type, else the instance's, else text. Bytes
 * for a bytea go as they are, in the protocol's binary format: no hex text to build here and to decode in
 * Postgres (an invoice's PDF is tens of kilobytes).
 */
function serializeParam(client: PGlite, value: unknown, type: number | undefined, options: QueryOptions | undefined) {
  if (value === null || value === undefined) return null;
  if (type === BYTEA && value instanceof Uint8Array && !options?.serializers?.[BYTEA]) return value;
  const serializer = type === undefined ? undefined : (options?.serializers?.[type] ?? client.serializers[type]);
  return serializer ? serializer(value) : String(value);
}

const STALE_STATEMENT = new Set(['0A000', '26000']); // cached plan must not change result type; no such prepared statement
function isStaleStatement(error: unknown): boolean {
  return STALE_STATEMENT.has((error as { code?: string }).code ?? '');
}

/** PGlite's own errors carry the query that failed; so do ours. */
function withQuery(error: unknown, query: string, params: unknown[], queryOptions: QueryOptions | undefined): unknown {
  if (error instanceof Error && 'code' in error) Object.assign(error, { query, params, queryOptions });
  return error;
}
