import { createdOrStored, withApi } from '@/lib/api/with-api';
import { JobBody, JobListQuery } from '@/lib/transform/schemas';
import { createJob, listJobs } from '@/lib/transform/jobs';

export const POST = withApi({
  auth: 'caller',
  body: JobBody,
  handler: async ({ caller, body }) => createdOrStored(await createJob(caller, body), 202),
});

export const GET = withApi({
  auth: 'caller',
  query: JobListQuery,
  handler: ({ caller, query }) => listJobs(caller, query),
});
