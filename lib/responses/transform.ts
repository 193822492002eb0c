// Answers of transform/v1: Workflow and Job (with its webhook deliveries), as lib/transform presents them.
// Each schema is the one declaration of its shape: the presenters are typed by its output, browser code
// takes the type with `import type` (no zod in the bundle). A workflow's template adds fields of its own
// (lib/responses/gov-ar.ts declares the registration's); the document's Workflow, with them, is built from
// the registered templates (lib/openapi/responses/transform.ts).
import { z } from 'zod';
import { ENTRY_STATUSES, JOB_STATUSES, STEP_STATUSES, WEBHOOK_DELIVERY_STATUSES } from '@/lib/db/schema';
import { Id, Timestamp, listOf } from '@/lib/responses/common';

const StepName = z.strictObject({ name: z.string() });

/** What every workflow presents, whatever its template, before the template's own fields. */
export const WorkflowHead = z.strictObject({
  id: Id,
  name: z.string(),
  template: z.string().describe('"ar-supplier-registration" or "ar-invoice"'),
  steps: z.array(StepName).describe('The steps a job runs, in order'),
  rescue: z.array(StepName).describe('The steps run when one fails'),
  webhook: z
    .strictObject({
      url: z.url(),
      secret: z
        .string()
        .optional()
        .describe('The whsec_ signing secret: only in the create answer, and only when we generated it'),
    })
    .optional(),
});

/** What every workflow presents after the template's own fields. */
export const WorkflowTail = z.strictObject({ created_at: Timestamp, updated_at: Timestamp });

/** `ready` is the engine's word for a queued step; the API says `queued`. */
const PUBLIC_STEP_STATUSES = [...STEP_STATUSES.filter((status) => status !== 'ready'), 'queued'] as const;

export const JobStep = z.strictObject({
  name: z.string(),
  status: z.enum(PUBLIC_STEP_STATUSES),
  started_at: Timestamp.optional(),
  completed_at: Timestamp.optional(),
  message: z.string().optional(),
});

const WebhookAttempt = z.strictObject({
  attempted_at: Timestamp,
  outcome: z.enum(['delivered', 'failed']),
  response_status: z.int().optional().describe("The receiver's HTTP status, when it answered"),
  latency_ms: z.int().min(0),
  error: z.string().optional(),
});

export const WebhookDelivery = z.strictObject({
  id: z.string().describe('The webhook-id header: the same on every attempt'),
  event: z.string().describe('"registration.link_created", ...'),
  url: z.url(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  created_at: Timestamp,
  delivered_at: Timestamp.optional(),
  next_attempt_at: Timestamp.optional().describe('When the next retry goes out, while pending'),
  attempts: z.array(WebhookAttempt),
});

export const Job = z.strictObject({
  id: Id,
  key: z.string().optional(),
  workflow_id: Id,
  silo_entry_id: Id,
  status: z.enum(JOB_STATUSES),
  steps: z.array(JobStep),
  webhooks: z.array(WebhookDelivery).describe('The events raised for this job, each with every delivery attempt'),
  created_at: Timestamp,
  updated_at: Timestamp,
  completed_at: Timestamp.optional(),
  entry_status: z
    .enum(ENTRY_STATUSES)
    .optional()
    .describe("With ?wait=, when the job ended within it: the status of the job's entry (Sent, Error, Processing...)"),
});

export const JobList = listOf(Job);

/**
 * The fields a workflow template adds to the workflows made from it (lib/transform/templates), by
 * declaration merging from the service's module; each optional, since another template presents none.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the services' declaration merging
export interface TemplateWorkflowFields {}
export type Workflow = z.output<typeof WorkflowHead> & TemplateWorkflowFields & z.output<typeof WorkflowTail>;
export type JobStep = z.output<typeof JobStep>;
export type WebhookAttempt = z.output<typeof WebhookAttempt>;
export type WebhookDelivery = z.output<typeof WebhookDelivery>;
export type Job = z.output<typeof Job>;
