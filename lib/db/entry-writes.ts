// A count of this process's writes to silo entries and their meta records, for reads kept in memory:
// what was read while the count stood at n is current for as long as the count is still n. Counted
// only on the embedded database, where this process is the one writer (the data directory is locked
// to it); with PostgreSQL other instances write too, and there is no count.
// The count moves after a write has committed (a statement on its own, or a whole transaction), so
// a read that began before it can never be kept as current.
import { processSingleton } from '@/lib/process-singleton';
import type { PGlite, Transaction } from '@electric-sql/pglite';

// Every write to those tables names them (there are no triggers or cascades into them); anything
// run with `exec` (migrations, several statements at once) counts as one, to be safe.
const ENTRY_TABLES = /\b(entries|meta_records)\b/;
const READ = /^\s*select\b/i;
const writesEntries = (text: string) => !READ.test(text) && ENTRY_TABLES.test(text);

type Counter = { count: number; counting: boolean };
const counter = processSingleton<Counter>('entry-writes', () => ({ count: 0, counting: false }));
const advance = () => { counter.count++; };

/** The count now, or undefined when entries may change without this process knowing. */
export function entryWriteCount(): number | undefined {
  return counter.counting ? counter.count : undefined;
}

/** Counts the entry writes made through this client from now on. */
export function countEntryWrites(client: PGlite): PGlite {
  advance();
  counter.counting = true;
  const query = client.query.bind(client);
  client.query = ((text, params, options) =>
    writesEntries(text) ? query(text, params, options).finally(advance) : query(text, params, options)) as PGlite['query'];
  const exec = client.exec.bind(client);
  client.exec = (text, options) => exec(text, options).finally(advance);
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) => {
    let wrote = false;
    return transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((text, params, options) => {
        wrote ||= writesEntries(text);
        return txQuery(text, params, options);
      }) as Transaction['query'];
      const txExec = tx.exec.bind(tx);
      tx.exec = (text, options) => {
        wrote = true;
        return txExec(text, options);
      };
      return callback(tx);
    }).finally(() => { if (wrote) advance(); });
  };
  return client;
}

/** The client is closing: entries may change elsewhere (a new client, another process) from now. */
export function stopCountingEntryWrites(): void {
  counter.counting = false;
  advance();
}
