// Workflow templates: the steps a job of each template runs, and the rescue steps run on failure.
import type { WorkflowConfig } from '@/lib/db/schema';

export const REGISTRATION_TEMPLATE = 'ar-supplier-registration';
export const TEMPLATES = [REGISTRATION_TEMPLATE] as const;

export const STEP = {
  setProcessing: 'silo.status.processing',
  register: 'gov-ar.register',
  webhook: 'webhook.send',
  waitForAuthorization: 'gov-ar.wait.authorization',
  setRegistered: 'silo.status.registered',
  setError: 'silo.status.error',
} as const;
export type StepName = (typeof STEP)[keyof typeof STEP];

export interface TemplatePlan {
  steps: StepName[];
  rescue: StepName[];
}

/** The registration template: the webhook (when configured) goes out before the wait. */
export function registrationPlan(config: WorkflowConfig): TemplatePlan {
  return {
    steps: [
      STEP.setProcessing,
      STEP.register,
      ...(config.webhook ? [STEP.webhook] : []),
      STEP.waitForAuthorization,
      STEP.setRegistered,
    ],
    rescue: [STEP.setError],
  };
}
