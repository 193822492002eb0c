// What a step does is its template's business: the engine claims a step, hands it to the handler its
// workflow's template registered for that name, and records the outcome (a handler never moves the job).
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { entries, jobs, workflows, type JobStep } from '@/lib/db/schema';
import { templateNamed, type StepOutcome } from '@/lib/transform/templates';

export async function runStepHandler(step: JobStep): Promise<StepOutcome> {
  const db = await getDb();
  const [row] = await db
    .select({ job: jobs, entry: entries, workflow: workflows })
    .from(jobs)
    .innerJoin(entries, eq(entries.id, jobs.siloEntryId))
    .innerJoin(workflows, eq(workflows.id, jobs.workflowId))
    .where(eq(jobs.id, step.jobId));
  if (!row) return { kind: 'fail', message: 'The job, its entry or its workflow is gone.' };
  const handler = templateNamed(row.workflow.template)?.handlers[step.name];
  if (!handler) return { kind: 'fail', message: `No handler for step ${step.name} of template ${row.workflow.template}.` };
  return handler({ step, ...row });
}
