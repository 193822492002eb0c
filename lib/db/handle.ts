// The database handle's types, apart from the client that opens it, so the migrator (which the client
// calls) can name them without an import circle.
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from '@/lib/db/schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DbHandle {
  kind: 'pglite' | 'postgres';
  db: Db;
  close(): Promise<void>;
}
