// Which entries had a job started from this page a moment ago: a registration or an invoice's issue. The
// job sets the status (or, for a renewal, makes the new link) a little after it is created, so lists keep
// refreshing for a while after a start even though nothing they show looks in progress yet.
const WATCH_MS = 30_000;
const startedAt = new Map<string, number>();

export function markJobStarted(entryId: string, now = Date.now()): void {
  startedAt.set(entryId, now);
}

function recentlyStarted(entryId: string, now = Date.now()): boolean {
  const at = startedAt.get(entryId);
  return at !== undefined && now - at < WATCH_MS;
}

/** Whether an entry's view should keep refreshing: its job is moving (Processing), or just began. */
export const entryMoving = (entry: { id: string; status: string }) =>
  entry.status === 'Processing' || recentlyStarted(entry.id);
