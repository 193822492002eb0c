'use client';
// "Start registration" (Empty, Error) or "Send renewal" (Registered, Expired): a registration job for the
// supplier with the workspace's workflow; "Send renewal" is quiet while the certificate is far from expiry. One already waiting is a 409, said plainly.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleApi, isProblem, problemMessage } from '@/lib/console/api';
import { markJobStarted } from '@/lib/console/job-watch';
import { formatDate } from '@/lib/console/format';
import { renewalNotDueUntil } from '@/lib/console/renewal-due';
import { registrationAction, type RegistrationAction as Action } from '@/lib/console/supplier';
import type { Job, SupplierEntry } from '@/lib/console/types';
import { Spinner } from '@/components/wizard/spinner';
import { primaryButton, secondaryButton, smallButton } from '@/components/wizard/styles';
import { Notice } from '@/components/console/ui';

const LABELS: Record<Action, string> = { start: 'Start registration', renew: 'Send renewal' };
const STARTED: Record<Action, string> = {
  start: 'Registration started: the link appears in a moment.',
  renew: 'Renewal started: a new link appears in a moment.',
};
const IN_PROGRESS =
  'A registration is already in progress for this supplier: send them its link, or wait until it ends.';

export function RegistrationAction({ entry, workflowId }: { entry: SupplierEntry; workflowId?: string }) {
  const queryClient = useQueryClient();
  const action = registrationAction(entry.status);
  const start = useMutation({
    // The action is the mutation's variable, so its outcome is still told once the status (and the button) changed.
    mutationFn: (_: Action) =>
      consoleApi<Job>('POST', '/transform/v1/jobs', { workflow_id: workflowId, silo_entry_id: entry.id }),
    onSuccess: () => markJobStarted(entry.id),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['suppliers'] }),
        queryClient.invalidateQueries({ queryKey: ['entry', entry.id] }),
        queryClient.invalidateQueries({ queryKey: ['jobs', entry.id] }),
      ]),
  });
  if (!action && start.isIdle) return null;
  // "Send renewal" stays quiet (small, with why) while the certificate is far from its expiry.
  const validUntil = action === 'renew' ? renewalNotDueUntil(entry) : undefined;
  const buttonStyle = action === 'start' ? primaryButton : validUntil ? smallButton : secondaryButton;

  return (
    <div className="space-y-2">
      {action && (
        <button
          type="button"
          className={buttonStyle}
          onClick={() => start.mutate(action)}
          disabled={!workflowId || start.isPending}
          aria-describedby={validUntil ? `renewal-not-due-${entry.id}` : undefined}
        >
          {start.isPending && <Spinner />} {LABELS[action]}
        </button>
      )}
      {validUntil && (
        <p id={`renewal-not-due-${entry.id}`} className="text-xs text-slate-600">
          Not needed yet: the certificate is valid until {formatDate(validUntil)}.
        </p>
      )}
      <Notice tone="success">{start.isSuccess ? STARTED[start.variables] : null}</Notice>
      <Notice tone="error">
        {start.isError
          ? isProblem(start.error, 'registration_in_progress')
            ? IN_PROGRESS
            : problemMessage(start.error)
          : null}
      </Notice>
    </div>
  );
}
