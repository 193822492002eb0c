// Answers of transform/v1: Workflow and Job (with its webhook deliveries), as lib/transform presents them.
// Each schema is the one declaration of its shape: the presenters are typed by its output, browser code
// takes the type with `import type` (no zod in the bundle).
import { z } from 'zod';
import { INVOICE_LETTERS } from '@/lib/ar/services';
import { ENTRY_STATUSES, JOB_STATUSES, STEP_STATUSES, WEBHOOK_DELIVERY_STATUSES } from '@/lib/db/schema';
import { Id, ServiceName, Timestamp, listOf } from '@/lib/responses/common';

const StepName = z.strictObject({ name: z.string() });

export const Workflow = z.strictObject({
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
  // The registration template's own fields; an ar-invoice workflow has none (its template presents nothing).
  invoice_types: z
    .array(z.enum(INVOICE_LETTERS))
    .optional()
    .describe('Registration workflows: the invoice letters the supplier will issue'),
  services: z
    .array(ServiceName)
    .optional()
    .describe('Registration workflows: the web services a supplier must authorize, from invoice_types'),
  allowed_origins: z
    .array(z.string())
    .optional()
    .describe('Registration workflows: sites that may embed the wizard in an iframe'),
  created_at: Timestamp,
  updated_at: Timestamp,
});

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

export const WorkflowList = listOf(Workflow);
export const JobList = listOf(Job);

export type Workflow = z.output<typeof Workflow>;
/** The fields a workflow template adds to the workflows made from it (lib/transform/templates). */
export type TemplateWorkflowFields = Pick<Workflow, 'invoice_types' | 'services' | 'allowed_origins'>;
export type JobStep = z.output<typeof JobStep>;
export type WebhookAttempt = z.output<typeof WebhookAttempt>;
export type WebhookDelivery = z.output<typeof WebhookDelivery>;
export type Job = z.output<typeof Job>;
