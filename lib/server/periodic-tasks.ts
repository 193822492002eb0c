// Tasks that run every so often on whichever instance claims them first: the claim moves the task's
// `last_run_at` forward in one statement, so two instances never both run the same day's sweep.
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { scheduledTasks } from '@/lib/db/schema';
import { sweepCertificateExpiry } from '@/lib/gov-ar/expiry-sweep';

const TASKS = [
  { name: 'certificate-expiry-sweep', everyMs: 24 * 3600_000, run: () => sweepCertificateExpiry() },
];
/** How often this process looks whether a task is due (the tasks themselves run far less often). */
const CHECK_EVERY_MS = 60_000;
let lastCheck = 0;

export async function runPeriodicTasks(now = Date.now()): Promise<void> {
  if (now - lastCheck < CHECK_EVERY_MS) return;
  lastCheck = now;
  for (const task of TASKS) {
    if (await claimTask(task.name, task.everyMs)) await task.run();
  }
}

/** True when this caller may run the task now (it was never run, or not within `everyMs`). */
export async function claimTask(name: string, everyMs: number, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const due = new Date(now.getTime() - everyMs);
  const claimed = await db.insert(scheduledTasks).values({ name, lastRunAt: now })
    .onConflictDoUpdate({
      target: scheduledTasks.name,
      set: { lastRunAt: now },
      setWhere: sql`${scheduledTasks.lastRunAt} <= ${due}`,
    })
    .returning({ name: scheduledTasks.name });
  return claimed.length > 0;
}
