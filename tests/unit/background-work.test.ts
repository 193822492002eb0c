// Background work is settled before the database closes: what runs is waited for (and what it starts meanwhile),
// what is only scheduled never runs, and a failure is logged, never left as an unhandled rejection.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inBackgroundAfter, runInBackground, settleBackgroundWork } from '@/lib/transform/background-work';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => vi.restoreAllMocks());

describe('background work', () => {
  it('settling waits for a running task, and for a task it starts before it ends', async () => {
    const done: string[] = [];
    runInBackground('test', async () => {
      await pause(30);
      done.push('first');
      runInBackground('test', async () => {
        await pause(30);
        done.push('second');
      });
    });
    await settleBackgroundWork();
    expect(done).toEqual(['first', 'second']);
  });

  it('settling cancels what is scheduled, including what a running task schedules as it ends', async () => {
    const started: string[] = [];
    inBackgroundAfter(20, () => started.push('scheduled before'));
    runInBackground('test', async () => {
      await pause(10);
      inBackgroundAfter(20, () => started.push('scheduled while settling'));
    });
    await settleBackgroundWork();
    await pause(60);
    expect(started).toEqual([]);
  });

  it('a scheduled start runs after its wait unless cancelled', async () => {
    const started: string[] = [];
    inBackgroundAfter(10, () => started.push('kept'));
    const cancel = inBackgroundAfter(10, () => started.push('cancelled'));
    cancel();
    await pause(40);
    expect(started).toEqual(['kept']);
  });

  it("a task's failure is logged under its label and settling still ends", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    runInBackground('the reporter', async () => {
      throw new Error('the database went away');
    });
    await settleBackgroundWork();
    expect(logged).toHaveBeenCalledWith(
      '[the reporter] failed:',
      expect.objectContaining({ message: 'the database went away' }),
    );
  });
});
