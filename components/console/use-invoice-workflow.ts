'use client';
// The workflow invoices are issued with: the workspace's newest `ar-invoice` workflow, made on the first
// "Issue" when the workspace has none (the Argentina app must be connected for that).
import { useQueryClient } from '@tanstack/react-query';
import { consoleApi } from '@/lib/console/api';
import { INVOICE_TEMPLATE } from '@/lib/console/invoice';
import type { Workflow } from '@/lib/console/types';
import { useNewestWorkflow } from '@/components/console/use-registration-workflow';

/** One creation at a time for the whole page: two "Issue" clicks before the list refreshes make one workflow. */
let creating: Promise<Workflow> | undefined;

export function useInvoiceWorkflow() {
  const queryClient = useQueryClient();
  const { workflow, isPending } = useNewestWorkflow(INVOICE_TEMPLATE);

  /** The workflow's id, creating the workflow first when the workspace has none. */
  async function ensureWorkflowId(): Promise<string> {
    if (workflow) return workflow.id;
    // Kept once made (the list shows it after the refresh below); dropped on failure, so a retry asks again.
    creating ??= consoleApi<Workflow>('POST', '/transform/v1/workflows', { template: INVOICE_TEMPLATE }).catch(
      (error: unknown) => {
        creating = undefined;
        throw error;
      },
    );
    const created = await creating;
    await queryClient.invalidateQueries({ queryKey: ['workflows'] });
    return created.id;
  }

  return { workflow, isPending, ensureWorkflowId };
}
