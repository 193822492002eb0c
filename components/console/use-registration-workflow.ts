'use client';
// The workflow the console starts registrations with: the workspace's newest registration workflow.
import type { Workflow } from '@/lib/console/types';
import { useCursorList } from '@/components/console/use-cursor-list';

export function useRegistrationWorkflow() {
  const workflows = useCursorList<Workflow>(['workflows'], '/transform/v1/workflows?limit=20');
  return { workflow: workflows.items[0], isPending: workflows.isPending, isError: workflows.isError };
}
