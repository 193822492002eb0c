'use client';
// The workflows the console starts jobs with: the workspace's newest of a template (registrations use
// the newest `ar-supplier-registration` one; an invoice workflow made since must not take its place).
import { REGISTRATION_TEMPLATE } from '@/lib/gov-ar/registration/workflow-body';
import type { Workflow } from '@/lib/console/types';
import { useCursorList } from '@/components/console/use-cursor-list';

/** One page of the workspace's workflows, shared by every view under the ['workflows'] key. */
export const WORKFLOWS_PATH = '/transform/v1/workflows?limit=100';

export function useNewestWorkflow(template: string) {
  const workflows = useCursorList<Workflow>(['workflows'], WORKFLOWS_PATH);
  return {
    workflow: workflows.items.find((workflow) => workflow.template === template),
    isPending: workflows.isPending,
    isError: workflows.isError,
  };
}

export const useRegistrationWorkflow = () => useNewestWorkflow(REGISTRATION_TEMPLATE);
