// A job's webhook deliveries (one per event) and each attempt: when, the outcome, the receiver's HTTP
// status, how long it took, and what went wrong. Jobs from a server that does not report them show none.
import { formatDateTime } from '@/lib/console/format';
import type { JobWebhook } from '@/lib/console/types';
import { StatusBadge } from '@/components/console/ui';

export function WebhookDeliveries({ webhooks }: { webhooks?: JobWebhook[] }) {
  if (!webhooks?.length) return null;
  return (
    <>
      <h4 className="mt-4 text-sm font-semibold text-slate-900">Webhooks</h4>
      <ul aria-label="Webhooks" className="mt-2 space-y-3">
        {webhooks.map((webhook) => (
          <li key={webhook.id} className="rounded-lg border border-slate-200 p-3 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <code className="font-medium text-slate-900">{webhook.event}</code>
              <StatusBadge status={webhook.status} />
            </div>
            <p className="mt-1 break-all text-slate-700">{webhook.url}</p>
            <p className="mt-1 text-xs text-slate-600">
              Created {formatDateTime(webhook.created_at)}
              {webhook.delivered_at && <> · Delivered {formatDateTime(webhook.delivered_at)}</>}
              {webhook.next_attempt_at && <> · Next attempt {formatDateTime(webhook.next_attempt_at)}</>}
            </p>
            <ol aria-label="Delivery attempts" className="mt-2 space-y-1">
              {(webhook.attempts ?? []).map((attempt, index) => (
                <li
                  key={`${attempt.attempted_at}-${index}`}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-700"
                >
                  <span>{formatDateTime(attempt.attempted_at)}</span>
                  <StatusBadge status={attempt.outcome} />
                  {attempt.response_status !== undefined && <span>HTTP {attempt.response_status}</span>}
                  {attempt.latency_ms !== undefined && <span>{attempt.latency_ms} ms</span>}
                  {attempt.error && <span className="break-words text-red-800">{attempt.error}</span>}
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
    </>
  );
}
