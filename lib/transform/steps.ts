// What a step does is its template's business: the engine claims a step, hands it to the handler its
// workflow's template registered for that name, and records the outcome (a handler never moves the job).
import type { JobStepRow } from '@/lib/db/schema';
import { getJobContext } from '@/lib/transform/queries';
import { templateNamed, type StepOutcome } from '@/lib/transform/templates';

export async function runStepHandler(step: JobStepRow): Promise<StepOutcome> {
  const row = await getJobContext(step.jobId);
  if (!row) return { kind: 'fail', message: 'The job, its entry or its workflow is gone.' };
  const handler = templateNamed(row.workflow.template)?.handlers[step.name];
  if (!handler)
    return { kind: 'fail', message: `No handler for step ${step.name} of template ${row.workflow.template}.` };
  return handler({ step, ...row });
}
