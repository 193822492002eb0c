// Which suppliers had a registration started from this page a moment ago. The job sets the status
// (or, for a renewal, makes the new link) a little after it is created, so lists keep refreshing for
// a while after a start even though nothing they show looks in progress yet.
const WATCH_MS = 30_000;
const startedAt = new Map<string, number>();

export function markRegistrationStarted(entryId: string, now = Date.now()): void {
  startedAt.set(entryId, now);
}

export function recentlyStarted(entryId: string, now = Date.now()): boolean {
  const at = startedAt.get(entryId);
  return at !== undefined && now - at < WATCH_MS;
}

/** Whether a supplier's view should keep refreshing: its registration is moving, or just began. */
export const registrationMoving = (entry: { id: string; status: string }) =>
  entry.status === 'Processing' || recentlyStarted(entry.id);
