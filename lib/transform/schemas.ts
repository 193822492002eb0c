// Request schemas of transform/v1.
import { z } from 'zod';
import { ListQuery } from '@/lib/api/pagination';
import { registeredTemplates, templatesVersion, type WorkflowBodyBase } from '@/lib/transform/templates';
import { processSingleton } from '@/lib/process-singleton';

/**
 * A workflow's create body: one of the registered templates' bodies, told apart by `template`. Built on
 * first use, since services register their templates when the server starts (after this module loads).
 */
export function workflowBodySchema(): z.ZodType<WorkflowBodyBase> {
  if (workflowBody.built?.version !== templatesVersion())
    workflowBody.built = { version: templatesVersion(), schema: buildWorkflowBody() };
  return workflowBody.built.schema;
}
const workflowBody = processSingleton(
  'workflow-body-schema',
  (): { built?: { version: number; schema: z.ZodType<WorkflowBodyBase> } } => ({}),
);

function buildWorkflowBody(): z.ZodType<WorkflowBodyBase> {
  const templates = registeredTemplates();
  const names = templates.map((template) => `"${template.name}"`).join(', ');
  const bodies = templates.map((template) => template.body) as unknown as z.ZodObject[];
  if (bodies.length === 0)
    throw new Error('No workflow template is registered (lib/server/services.ts plugs them in).');
  return z.discriminatedUnion('template', bodies as [z.ZodObject, ...z.ZodObject[]], {
    error: (issue) => (issue.code === 'invalid_union' ? `template must be one of ${names}` : undefined),
  }) as unknown as z.ZodType<WorkflowBodyBase>;
}
export type WorkflowBody = WorkflowBodyBase;

export const JobBody = z.strictObject({
  workflow_id: z.uuid('must be a UUID'),
  silo_entry_id: z.uuid('must be a UUID'),
  key: z.string().trim().min(1).max(200).optional(),
});
export type JobBody = z.output<typeof JobBody>;

/** `?wait=` on a job's create: how long the answer may wait for the job to end (or reach a wait), in seconds. */
export const JobWaitQuery = z.object({
  wait: z.coerce
    .number({ error: 'wait is a whole number of seconds, 1 to 60' })
    .int('wait is a whole number of seconds, 1 to 60')
    .min(1, 'wait is at least 1 second')
    .max(60, 'wait is at most 60 seconds')
    .optional()
    .describe(
      'Seconds (1..60) to hold the answer until the job is completed, failed or waiting: then 200 with the job and entry_status; else 202 as without wait',
    ),
});

export const JobListQuery = ListQuery.extend({ silo_entry_id: z.uuid('must be a UUID').optional() });
export type JobListQuery = z.output<typeof JobListQuery>;

export const IdParams = z.object({ id: z.uuid() });
