// Jobs' steps that outside work finished for them (a batch's sender settles every invoice in it): each step
// is completed where it waits to run again, and the inline steps that follow it run at once, for all the jobs
// together, in the caller's transaction. Without this every job's next inline step cost a claim, a
// transaction, a lock of its job and its own change: the jobs of a batch now take one statement per step.
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/lib/db/client';
import { jobs, workflows, type JobRow } from '@/lib/db/schema';
import { templateNamed, type InlineStepHandler } from '@/lib/transform/templates';
import {
  completeStepsFinishedElsewhere,
  type CompletedElsewhere,
  type FinishedElsewhere,
} from '@/lib/transform/transitions';

/** What became of the jobs: those whose step was completed, and those of them that ended (for their waiters). */
export interface StepsFinishedElsewhere {
  completed: string[];
  ended: string[];
}

const ENDED: readonly string[] = ['completed', 'failed'];

/**
 * Completes the steps (see completeStepsFinishedElsewhere), then the inline steps each job reaches next, round
 * by round. The inline steps run in a savepoint: should one throw, what the outside work recorded stands, and
 * the steps are left ready for a runner, which runs each on its own (and retries it as any step).
 */
export async function finishStepsDoneElsewhere(
  tx: Tx,
  finished: FinishedElsewhere[],
  now = new Date(),
): Promise<StepsFinishedElsewhere> {
  const first = await completeStepsFinishedElsewhere(tx, finished, now);
  const ended = new Set(first.filter((job) => ENDED.includes(job.status)).map((job) => job.jobId));
  const reached = first.filter((job) => job.next !== null);
  if (reached.length > 0) {
    try {
      await tx.transaction(async (savepoint) => {
        for (let round = reached; round.length > 0; ) {
          round = await runInlineRound(savepoint, round, now);
          for (const job of round) if (ENDED.includes(job.status)) ended.add(job.jobId);
          round = round.filter((job) => job.next !== null);
        }
      });
    } catch (error) {
      console.error('[jobs] inline steps after outside work failed; their runners take them:', error);
    }
  }
  return { completed: first.map((job) => job.jobId), ended: [...ended] };
}

/** Runs the inline step each job reached, grouped by template and step, and completes them: the next round. */
async function runInlineRound(tx: Tx, reached: CompletedElsewhere[], now: Date): Promise<CompletedElsewhere[]> {
  const nextOf = new Map(reached.map((job) => [job.jobId, job.next!]));
  const rows = await tx
    .select({ job: jobs, template: workflows.template })
    .from(jobs)
    .innerJoin(workflows, eq(workflows.id, jobs.workflowId))
    .where(inArray(jobs.id, [...nextOf.keys()]));
  const groups = new Map<string, { handler: InlineStepHandler; step: string; jobs: JobRow[] }>();
  for (const { job, template } of rows) {
    const step = nextOf.get(job.id)!;
    const handler = templateNamed(template)?.inline?.[step];
    if (!handler) continue;
    const key = `${template}\u0000${step}`;
    const group = groups.get(key) ?? { handler, step, jobs: [] };
    group.jobs.push(job);
    groups.set(key, group);
  }
  const done: FinishedElsewhere[] = [];
  for (const { handler, step, jobs: ofGroup } of groups.values()) {
    const message = await handler(tx, ofGroup);
    done.push(...ofGroup.map((job) => ({ jobId: job.id, step, message })));
  }
  return completeStepsFinishedElsewhere(tx, done, now);
}
