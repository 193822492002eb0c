// Periodic tasks run as often as they say: one as frequent as the checks runs at every check, even behind
// tasks that take a while (the CAEA reporter's minute once became two, past the README contingency block's
// patience).
import { describe, expect, it } from 'vitest';
import { registerPeriodicTask, runPeriodicTasks } from '@/lib/transform/periodic-tasks';

describe('periodic tasks', () => {
  it('runs a task due every minute at each check a minute apart, behind a slow one', async () => {
    const ran: number[] = [];
    registerPeriodicTask({
      name: 'test-slow',
      everyMs: 60_000,
      run: () => new Promise((resolve) => setTimeout(resolve, 50)),
    });
    registerPeriodicTask({ name: 'test-every-minute', everyMs: 60_000, run: async () => ran.push(Date.now()) });
    const first = Date.now();
    await runPeriodicTasks(first);
    await runPeriodicTasks(first + 30_000);
    await runPeriodicTasks(first + 60_000);
    expect(ran).toHaveLength(2);
  });
});
