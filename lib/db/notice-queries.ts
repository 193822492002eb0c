// The one statement of lib/db/notices.ts: a notice to the instances listening on a channel.
import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/handle';

/** NOTIFY `channel`, `payload` (delivered when the statement's transaction commits: at once, here). */
export async function sendNotice(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
