'use client';
// A supplier's registration jobs, newest first: each step in words with its times and message, and the webhook
// deliveries with every attempt. Refreshed while a job or a delivery is still under way.
import { ServiceError } from '@/lib/console/api';
import { formatDateTime } from '@/lib/console/format';
import { stepWords } from '@/lib/console/step-words';
import type { Job } from '@/lib/console/types';
import { smallButton } from '@/components/wizard/styles';
import { Notice, Section, StatusBadge } from '@/components/console/ui';
import { useEntryJobs } from '@/components/console/use-entry-jobs';
import { WebhookDeliveries } from '@/components/console/webhook-deliveries';

export function JobHistory({ entryId }: { entryId: string }) {
  const jobs = useEntryJobs(entryId);
  // A server without the jobs list (older than this console) answers 404 or 405: say so, nothing more.
  const unsupported = jobs.error instanceof ServiceError && [400, 404, 405].includes(jobs.error.status);

  return (
    <Section id="jobs" title="Jobs">
      {jobs.isPending && <p className="text-sm text-slate-600">Loading the jobs…</p>}
      {unsupported && <p className="text-sm text-slate-700">This server does not list a supplier&apos;s jobs.</p>}
      {jobs.isError && !unsupported && <Notice tone="error">The jobs could not be loaded.</Notice>}
      {jobs.isSuccess && jobs.items.length === 0 && (
        <p className="text-sm text-slate-700">There is no registration job yet.</p>
      )}
      <ol aria-label="Jobs" className="space-y-4">
        {jobs.items.map((job) => (
          <JobCard key={job.id} job={job} />
        ))}
      </ol>
      {jobs.hasNextPage && (
        <button
          type="button"
          className={`${smallButton} mt-4`}
          onClick={() => jobs.fetchNextPage()}
          disabled={jobs.isFetchingNextPage}
        >
          Show older jobs
        </button>
      )}
    </Section>
  );
}

function JobCard({ job }: { job: Job }) {
  const headingId = `job-${job.id}`;
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-semibold text-slate-900">
          Job of {formatDateTime(job.created_at)}
        </h3>
        <StatusBadge status={job.status} />
      </div>
      <p className="mt-1 text-xs text-slate-600">
        Id <code className="break-all">{job.id}</code>
      </p>
      <h4 className="mt-4 text-sm font-semibold text-slate-900">Steps</h4>
      <ol aria-label="Steps" className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
        {job.steps.map((step, index) => (
          <li key={`${step.name}-${index}`} className="p-3 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-slate-900" title={step.name} data-step={step.name}>
                {stepWords(step.name)}
              </span>
              <StatusBadge status={step.status} />
            </div>
            <p className="mt-1 text-xs text-slate-600">
              Started {formatDateTime(step.started_at)} · Completed {formatDateTime(step.completed_at)}
            </p>
            {step.message && <p className="mt-1 break-words text-slate-700">{step.message}</p>}
          </li>
        ))}
      </ol>
      <WebhookDeliveries webhooks={job.webhooks} />
    </li>
  );
}
