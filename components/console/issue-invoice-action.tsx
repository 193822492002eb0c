'use client';
// "Issue" (a stored invoice), "Issue again" (an Error the authority did not explain, which a retry may get
// past) or, for a refusal of the issue date, "Set the issue date to today and issue": a PUT of the invoice with
// the new date, then an `ar-invoice` job with the workspace's invoice workflow, made first when there is none.
// A refusal whose data must change otherwise offers nothing here: the row says what to change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleApi, isProblem, problemMessage } from '@/lib/console/api';
import type { InvoiceEntry } from '@/lib/console/invoice';
import { issueOffer, refusalAdvice, todayInArgentina } from '@/lib/console/invoice-refusals';
import { markJobStarted } from '@/lib/console/job-watch';
import type { Job } from '@/lib/console/types';
import { Spinner } from '@/components/wizard/spinner';
import { primaryButton } from '@/components/wizard/styles';
import { Notice } from '@/components/console/ui';
import { useInvoiceWorkflow } from '@/components/console/use-invoice-workflow';

const NOT_CONNECTED = 'The Argentina app is not connected: connect it in Configuration before issuing invoices.';
const LABELS = { issue: 'Issue', again: 'Issue again', issue_date: 'Set the issue date to today and issue' } as const;

export function IssueInvoiceAction({ entry }: { entry: InvoiceEntry }) {
  const queryClient = useQueryClient();
  const { ensureWorkflowId } = useInvoiceWorkflow();
  // The entry as it was when pressed: once it has changed to Sent or Error, the row says the outcome.
  const [issuedFrom, setIssuedFrom] = useState<string>();
  const settled =
    issuedFrom !== undefined &&
    entry.updated_at !== issuedFrom &&
    (entry.status === 'Sent' || entry.status === 'Error');
  const correction = refusalAdvice(entry).find((advice) => advice.correction === 'issue_date');
  const offer = issueOffer(entry) ?? (correction ? 'issue_date' : undefined);
  const issue = useMutation({
    onMutate: () => setIssuedFrom(entry.updated_at),
    mutationFn: async (action: keyof typeof LABELS) => {
      if (action === 'issue_date') {
        const doc = { ...entry.data.doc, issue_date: todayInArgentina() };
        await consoleApi('PUT', `/silo/v1/entries/${encodeURIComponent(entry.id)}`, {
          folder: entry.folder,
          ...(entry.key ? { key: entry.key } : {}),
          data: { ...entry.data, doc },
        });
      }
      return consoleApi<Job>('POST', '/transform/v1/jobs', {
        workflow_id: await ensureWorkflowId(),
        silo_entry_id: entry.id,
      });
    },
    onSuccess: () => markJobStarted(entry.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['invoices'] }),
  });
  if (!offer && issue.isIdle) return null;

  return (
    <div className="space-y-2">
      {offer && (
        <button type="button" className={primaryButton} onClick={() => issue.mutate(offer)} disabled={issue.isPending}>
          {issue.isPending && <Spinner />} {LABELS[offer]}
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
