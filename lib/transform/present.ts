// Workflows and jobs as the contract's JSON, typed by their documented schemas (lib/responses).
import type { JobRow, JobStepRow, WorkflowRow } from '@/lib/db/schema';
import { isoTime } from '@/lib/ids';
import type {
  Job as JobJson,
  Workflow as WorkflowJson,
  WebhookDelivery as WebhookDeliveryJson,
} from '@/lib/responses/transform';
import { templateNamed } from '@/lib/transform/templates';

export function presentWorkflow(workflow: WorkflowRow): WorkflowJson {
  const template = templateNamed(workflow.template);
  const plan = template?.plan(workflow.config) ?? { steps: [], rescue: [] };
  return {
    id: workflow.id,
    name: workflow.name,
    template: workflow.template,
    steps: plan.steps.map((name) => ({ name })),
    rescue: plan.rescue.map((name) => ({ name })),
    ...(workflow.config.webhook ? { webhook: { url: workflow.config.webhook.url } } : {}),
    ...template?.present(workflow.config),
    created_at: isoTime(workflow.createdAt),
    updated_at: isoTime(workflow.updatedAt),
  };
}

/** `ready` is the engine's word for a step queued to run. */
const publicStepStatus = (status: JobStepRow['status']) => (status === 'ready' ? 'queued' : status);

export function presentJob(job: JobRow, steps: JobStepRow[], webhooks: WebhookDeliveryJson[] = []): JobJson {
  const shown = steps.filter((step) => !step.rescue || step.status !== 'pending');
  return {
    id: job.id,
    ...(job.key === null ? {} : { key: job.key }),
    workflow_id: job.workflowId,
    silo_entry_id: job.siloEntryId,
    status: job.status,
    steps: shown.map((step) => ({
      name: step.name,
      status: publicStepStatus(step.status),
      started_at: isoTime(step.startedAt),
      completed_at: isoTime(step.completedAt),
      message: step.message ?? undefined,
    })),
    /** The events raised for this job, each with every delivery attempt. */
    webhooks,
    created_at: isoTime(job.createdAt),
    updated_at: isoTime(job.updatedAt),
    completed_at: isoTime(job.completedAt),
  };
}
