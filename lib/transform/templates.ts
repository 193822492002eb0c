// Workflow templates: what a workflow of each kind runs. Services register theirs (the Argentina app:
// `ar-supplier-registration`, `ar-invoice`) when the server starts; the engine names none of them.
import type { z } from 'zod';
import type { ApiError } from '@/lib/api/errors';
import type { Tx } from '@/lib/db/client';
import type { Entry, JobRow, JobStepRow, WorkflowRow, WorkflowConfig } from '@/lib/db/schema';
import type { TemplateWorkflowFields } from '@/lib/responses/transform';
import { processSingleton } from '@/lib/process-singleton';

/** Steps every template may use; a template says what each does for it. */
export const COMMON_STEP = {
  webhook: 'webhook.send',
} as const;

/** What a step's handler reports; the engine records it (lib/transform/engine.ts). */
export type StepOutcome =
  | { kind: 'complete'; message?: string }
  | { kind: 'wait'; message: string }
  /** Run again at `at`; `error` when this run failed (a step fails after a few errors, never after waiting). */
  | { kind: 'retry'; at: Date; message: string; error?: boolean }
  /** The step failed but the job goes on. */
  | { kind: 'skip'; message: string }
  /** The job fails; its rescue steps run. */
  | { kind: 'fail'; message: string };

export interface StepContext {
  step: JobStepRow;
  job: JobRow;
  entry: Entry;
  workflow: WorkflowRow;
}

export type StepHandler = (context: StepContext) => Promise<StepOutcome>;

/**
 * A step that is one change to the database, needing nothing but its job: it runs inside the transaction
 * that records it, and a runner that ends the step before it runs it in that same transaction (no claim,
 * no read of the job's context, no transaction of its own). Outside work that ends many jobs' steps at once
 * (lib/transform/finished-elsewhere.ts) runs it for all of them together, so it is given the jobs as a list
 * (of one, when a runner runs it). It completes, with the message it answers.
 * A handler that throws rolls back the whole transaction: on its own, the step is retried as after any step's
 * error; run after the step before it, that step's end is undone too, and it is taken over when its lease ends.
 */
export type InlineStepHandler = (tx: Tx, jobs: readonly JobRow[]) => Promise<string | null>;

export interface TemplatePlan {
  steps: string[];
  rescue: string[];
}

/** The part of a create body every template shares (lib/transform/schemas.ts builds it). */
export interface WorkflowBodyBase {
  template: string;
  name?: string;
  webhook?: { url: string; secret?: string };
}

export interface WorkflowTemplate<Body extends WorkflowBodyBase = WorkflowBodyBase> {
  name: string;
  /** The app a workspace connects before it may make such a workflow or run its jobs, and what people call it. */
  app: string;
  appTitle: string;
  /** The folder of the entries its jobs run on. */
  folder: string;
  /** A workflow's name when its create body gives none. */
  defaultName: string;
  /** Its create body, strict, with `template` the literal of its name. */
  body: z.ZodType<Body>;
  /** What the template's own fields of the body become in the stored config (the webhook is the engine's). */
  config(body: Body): Omit<WorkflowConfig, 'webhook'>;
  plan(config: WorkflowConfig): TemplatePlan;
  /** The template's own fields of a presented workflow, and their schemas (each optional) for the document. */
  present(config: WorkflowConfig): TemplateWorkflowFields;
  presentedFields: Record<string, z.ZodType>;
  /** What each step of its plans does: a step is named in `handlers` or in `inline`. */
  handlers: Record<string, StepHandler>;
  inline?: Record<string, InlineStepHandler>;
  /** The refusal of a new job on this entry, if any (e.g. one already in progress). */
  refuseJob(entry: Entry, openJob: JobRow | undefined): ApiError | undefined;
  /**
   * Runs in the transaction that would fail the job, before it does: the template lets go of what the job
   * holds (and the job fails), or answers why the job cannot fail now (its work is out of its hands, e.g.
   * at an outside authority that may have acted on it): the failing step is then retried, with backoff.
   */
  beforeJobFails?(tx: Tx, job: JobRow): Promise<{ hold: string } | undefined>;
  /**
   * Runs once a workflow of the template is stored (committed): work the new settings want started soon. It
   * must not hold the request: it starts what it needs in the background and returns.
   */
  saved?(workflow: WorkflowRow): void;
}

const registry = processSingleton('workflow-templates', () => ({
  byName: new Map<string, WorkflowTemplate>(),
  version: 0,
}));

/** Adds a template (or replaces one of the same name: a service registering again is harmless). */
export function registerTemplate<Body extends WorkflowBodyBase>(template: WorkflowTemplate<Body>): void {
  registry.byName.set(template.name, template as unknown as WorkflowTemplate);
  registry.version++;
}

export const templateNamed = (name: string): WorkflowTemplate | undefined => registry.byName.get(name);

export const registeredTemplates = (): WorkflowTemplate[] => [...registry.byName.values()];

/** Moves on each registration: what is built from the templates is built again when it has moved. */
export const templatesVersion = () => registry.version;
