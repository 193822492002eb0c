'use client';
// An entry's jobs, newest first, under the ['jobs', id] key the supplier page's views share.
import type { Job } from '@/lib/console/types';
import { useCursorList } from '@/components/console/use-cursor-list';

const FINISHED = new Set(['completed', 'failed']);

/** A job still running, or with a webhook delivery still to make. */
const jobMoving = (job: Job) =>
  !FINISHED.has(job.status) || (job.webhooks ?? []).some((webhook) => webhook.status === 'pending');

export const useEntryJobs = (entryId: string) =>
  useCursorList<Job>(['jobs', entryId], `/transform/v1/jobs?silo_entry_id=${encodeURIComponent(entryId)}&limit=10`, {
    pollMs: (items) => (items.some(jobMoving) ? 3000 : false),
  });
