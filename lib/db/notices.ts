// Notices between the instances on one PostgreSQL (LISTEN/NOTIFY): a process that records something another
// process may be waiting for says so, and the others hear it at once instead of at their next look. With the
// embedded database this process is the only one, and a notice goes nowhere. A notice is a hint, never the
// truth: the listener reads the database after it, and looks anyway now and then (a notice can be lost while
// the listening connection is down).
import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Client } from 'pg';
import { getDb } from '@/lib/db/client';
import { processSingleton } from '@/lib/process-singleton';
import { sendNotice } from '@/lib/db/notice-queries';

type Handler = (words: string[]) => void;

interface Notices {
  /** Names this process in its own notices, which it does not hear back. */
  instance: string;
  handlers: Map<string, Set<Handler>>;
  /** Words to say per channel, sent together after the current turn of the event loop. */
  pending: Map<string, Set<string>>;
  flushing: boolean;
  listener?: Promise<Client | undefined>;
}

const notices = processSingleton(
  'db-notices',
  (): Notices => ({
    instance: randomBytes(6).toString('hex'),
    handlers: new Map(),
    pending: new Map(),
    flushing: false,
  }),
);

/** PostgreSQL's limit on a payload is 8000 bytes; words are sent in pieces well under it. */
const PAYLOAD_BYTES = 7000;
const RECONNECT_MS = 1000;
/** SQLSTATE 3D000: the database does not exist. */
const MISSING_DATABASE = '3D000';

const onPostgres = () => Boolean(process.env.DATABASE_URL);

/** Tells the other instances `word` on `channel` (words said in one turn travel together). */
export function notice(channel: string, word: string): void {
  if (!onPostgres()) return;
  const words = notices.pending.get(channel) ?? new Set<string>();
  words.add(word);
  notices.pending.set(channel, words);
  if (notices.flushing) return;
  notices.flushing = true;
  setImmediate(() => void flush());
}

async function flush(): Promise<void> {
  const batches = [...notices.pending];
  notices.pending.clear();
  notices.flushing = false;
  try {
    const db = await getDb();
    for (const [channel, words] of batches) {
      for (const payload of payloads(notices.instance, [...words])) await sendNotice(db, channel, payload);
    }
  } catch (error) {
    console.error('[db] a notice to the other instances was not sent:', error instanceof Error ? error.message : error);
  }
}

/** `instance word word ...`, split so that each payload stays under PAYLOAD_BYTES. */
function payloads(instance: string, words: string[]): string[] {
  const out: string[] = [];
  let current = instance;
  for (const word of words) {
    if (current.length + word.length + 1 > PAYLOAD_BYTES && current !== instance) {
      out.push(current);
      current = instance;
    }
    current += ` ${word}`;
  }
  if (current !== instance) out.push(current);
  return out;
}

/** Calls `handler` with the words other instances say on `channel` (from now on, while the process lives). */
export function onNotice(channel: string, handler: Handler): void {
  if (!onPostgres()) return;
  const handlers = notices.handlers.get(channel) ?? new Set<Handler>();
  handlers.add(handler);
  const fresh = !notices.handlers.has(channel);
  notices.handlers.set(channel, handlers);
  notices.listener ??= connectListener();
  if (fresh) void notices.listener.then((client) => client?.query(`listen "${channel}"`).catch(() => undefined));
}

/** One connection of its own that listens on every channel handled here; reconnects when it drops. */
async function connectListener(): Promise<Client | undefined> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  const again = (error: unknown) => {
    notices.listener = undefined;
    // The database is gone (dropped, as tests do): nothing will be said on it again.
    if ((error as { code?: string }).code === MISSING_DATABASE) return;
    setTimeout(() => {
      notices.listener ??= connectListener();
    }, RECONNECT_MS).unref();
  };
  client.on('error', (error) => {
    console.error('[db] the notice listener lost its connection:', error.message);
    void client.end().catch(() => undefined);
    again(error);
  });
  client.on('notification', ({ channel, payload }) => {
    const [from, ...words] = (payload ?? '').split(' ');
    if (from === notices.instance) return;
    for (const handler of notices.handlers.get(channel) ?? []) handler(words);
  });
  try {
    await client.connect();
    for (const channel of notices.handlers.keys()) await client.query(`listen "${channel}"`);
    return client;
  } catch (error) {
    console.error('[db] the notice listener could not connect:', error instanceof Error ? error.message : error);
    void client.end().catch(() => undefined);
    again(error);
    return undefined;
  }
}
