// Database access for the demo seed.
import 'server-only';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { entries, jobs, metaRecords, workspaces } from '@/lib/db/schema';
import { isLinkRecord } from '@/lib/gov-ar/registration/queries';
import { OPEN_JOB_STATUSES } from '@/lib/transform/queries';

/** The link of the open registration job of the first workspace's entry with this key, if it has one. */
export async function findFirstWorkspaceLink(entryKey: string): Promise<string | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ linkUrl: metaRecords.linkUrl })
    .from(metaRecords)
    .innerJoin(entries, eq(entries.id, metaRecords.entryId))
    .innerJoin(jobs, eq(jobs.id, metaRecords.jobId))
    .where(
      and(
        // The demo is seeded only into an empty database, so its workspace is the first: looked up by
        // (owner, key), where the key alone would read every workspace's entries at each start.
        eq(
          entries.ownerId,
          sql`(select ${workspaces.id} from ${workspaces} order by ${workspaces.createdAt}, ${workspaces.id} limit 1)`,
        ),
        eq(entries.key, entryKey),
        isLinkRecord,
        inArray(jobs.status, [...OPEN_JOB_STATUSES]),
      ),
    )
    .orderBy(desc(metaRecords.createdAt))
    .limit(1);
  return row?.linkUrl ?? undefined;
}
