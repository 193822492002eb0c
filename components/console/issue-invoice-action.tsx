'use client';
// "Issue" (a stored invoice) or "Issue again" (a refused one, after a PUT of corrected data): an `ar-invoice`
// job for the invoice with the workspace's invoice workflow, made first when there is none.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleApi, isProblem, problemMessage } from '@/lib/console/api';
import { canIssue, type InvoiceEntry } from '@/lib/console/invoice';
import { markJobStarted } from '@/lib/console/job-watch';
import type { Job } from '@/lib/console/types';
import { Spinner } from '@/components/wizard/spinner';
import { primaryButton } from '@/components/wizard/styles';
import { Notice } from '@/components/console/ui';
import { useInvoiceWorkflow } from '@/components/console/use-invoice-workflow';

const NOT_CONNECTED = 'The Argentina app is not connected: connect it in Configuration before issuing invoices.';

export function IssueInvoiceAction({ entry }: { entry: InvoiceEntry }) {
  const queryClient = useQueryClient();
  const { ensureWorkflowId } = useInvoiceWorkflow();
  // The entry as it was when "Issue" was pressed: once it has changed to Sent or Error, the card says the outcome.
  const [issuedFrom, setIssuedFrom] = useState<string>();
  const settled =
    issuedFrom !== undefined &&
    entry.updated_at !== issuedFrom &&
    (entry.status === 'Sent' || entry.status === 'Error');
  const issue = useMutation({
    onMutate: () => setIssuedFrom(entry.updated_at),
    mutationFn: async () =>
      consoleApi<Job>('POST', '/transform/v1/jobs', { workflow_id: await ensureWorkflowId(), silo_entry_id: entry.id }),
    onSuccess: () => markJobStarted(entry.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['invoices'] }),
  });
  const allowed = canIssue(entry.status);
  if (!allowed && issue.isIdle) return null;

  return (
    <div className="space-y-2">
      {allowed && (
        <button type="button" className={primaryButton} onClick={() => issue.mutate()} disabled={issue.isPending}>
          {issue.isPending && <Spinner />} {entry.status === 'Error' ? 'Issue again' : 'Issue'}
        </button>
      )}
      <Notice tone="success">
        {issue.isSuccess && !settled ? 'Sent to the authority: the number and CAE appear in a moment.' : null}
      </Notice>
      <Notice tone="error">
        {issue.isError
          ? isProblem(issue.error, 'app_not_connected')
            ? NOT_CONNECTED
            : problemMessage(issue.error)
          : null}
      </Notice>
    </div>
  );
}
