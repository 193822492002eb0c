// A registration as the supplier sees it through their link: who it is for, in which environment,
// and whether the link can still be used.
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { entries, jobs, workspaces } from '../db/schema';
import { getMetaRecordByRef } from '../silo/queries';
import type { Party } from '../silo/party';

export interface RegistrationView {
  ref: string;
  environment: 'sandbox' | 'live';
  supplier: { name: string; cuit: string };
  entryStatus: string;
  jobStatus: string;
  open: boolean;
}

export async function findRegistrationByRef(ref: string): Promise<RegistrationView | undefined> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(ref)) return undefined;
  const link = await getMetaRecordByRef(ref);
  if (!link || link.src !== 'gov-ar' || link.key !== 'link' || !link.jobId) return undefined;
  const db = await getDb();
  const [row] = await db
    .select({ entry: entries, jobStatus: jobs.status, sandbox: workspaces.sandbox })
    .from(jobs)
    .innerJoin(entries, eq(entries.id, jobs.siloEntryId))
    .innerJoin(workspaces, eq(workspaces.id, jobs.ownerId))
    .where(eq(jobs.id, link.jobId));
  if (!row) return undefined;
  const party = row.entry.data as Party;
  return {
    ref,
    environment: row.sandbox ? 'sandbox' : 'live',
    supplier: { name: party.name, cuit: party.tax_id.code },
    entryStatus: row.entry.status,
    jobStatus: row.jobStatus,
    open: ['queued', 'running', 'waiting'].includes(row.jobStatus),
  };
}
