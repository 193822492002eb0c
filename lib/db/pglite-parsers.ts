// drizzle-orm sends PGlite the same nine type parsers with every query (dates, times and intervals
// stay text, for drizzle's own mapping), and PGlite copies its 300-odd parsers to merge them on every
// call: about 0.1 ms a query, a quarter of PGlite's JavaScript time (profiled by `npm run bench`).
// They are set once on the instance instead, and that exact set is dropped from each query's options;
// any other parsers pass through as given, so results are the same either way. Also bytea both ways:
// PGlite's own serializer builds a string per byte (tens of milliseconds and much garbage for an
// invoice's PDF, on the event loop); Node's hex coding does the same in native code.
import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';

/** timestamp, timestamptz, interval, date, numeric[], timestamp[], timestamptz[], interval[], date[] */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;
const BYTEA = 17;

/** `\\x` and the hex digits, as PGlite's own serializer writes them. */
const byteaToText = (value: unknown) => {
  if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
};
/** A Uint8Array, as PGlite's own parser answers. */
const byteaFromText = (text: string) => {
  const bytes = Buffer.from(text.slice(2), 'hex');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
};

type Queryable = Pick<Transaction, 'query'>;

export function parseDrizzleTypesOnce(client: PGlite): PGlite {
  // After PGlite.create, which has already made the array types' parsers these override.
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText;
  client.parsers[BYTEA] = byteaFromText;
  client.serializers[BYTEA] = byteaToText;
  withoutDrizzleParsers(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) => transaction((tx) => callback(withoutDrizzleParsers(tx)));
  return client;
}

function withoutDrizzleParsers<T extends Queryable>(target: T): T {
  const query = target.query.bind(target);
  target.query = (text, params, options) =>
    query(
      text,
      params,
      options?.parsers && isDrizzleParserSet(options.parsers) ? { ...options, parsers: undefined } : options,
    );
  return target;
}

/** Whether `parsers` is exactly drizzle's set: the types it keeps as text, each answering its text as it is. */
export function isDrizzleParserSet(parsers: NonNullable<QueryOptions['parsers']>): boolean {
  const types = Object.keys(parsers);
  return types.length === DRIZZLE_TEXT_TYPES.length && DRIZZLE_TEXT_TYPES.every((type) => parsers[type]?.('x') === 'x');
}
