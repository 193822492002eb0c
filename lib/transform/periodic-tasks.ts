// Tasks that run every so often on whichever instance claims them first: the claim moves the task's
// `last_run_at` forward in one statement, so two instances never both run the same day's sweep.
// Services register their tasks (gov-ar: the certificate expiry sweep); the runner looks for due ones.
import { processSingleton } from '@/lib/process-singleton';
import { claimTask } from '@/lib/transform/queries';

export interface PeriodicTask {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

/** How often this process looks whether a task is due (the tasks themselves run far less often). */
const CHECK_EVERY_MS = 60_000;
const tasks = processSingleton('periodic-tasks', () => ({ byName: new Map<string, PeriodicTask>(), lastCheck: 0 }));

/** Adds (or replaces, by name) a task the runner runs when it is due. */
export function registerPeriodicTask(task: PeriodicTask): void {
  tasks.byName.set(task.name, task);
}

export async function runPeriodicTasks(now = Date.now()): Promise<void> {
  if (now - tasks.lastCheck < CHECK_EVERY_MS) return;
  tasks.lastCheck = now;
  // Claimed as of the check, not as of when the tasks before it end: a task as frequent as the checks, claimed
  // a moment after one, would not be due yet at the next and would run every other check.
  for (const task of tasks.byName.values()) {
    if (await claimTask(task.name, task.everyMs, new Date(now))) await task.run();
  }
}
