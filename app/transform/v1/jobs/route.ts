import { json, withApi } from '@/lib/http/with-api';
import { JobBody, JobListQuery, JobWaitQuery } from '@/lib/transform/schemas';
import { createJobAndWait, listJobs } from '@/lib/transform/jobs';

export const POST = withApi({
  auth: 'caller',
  body: JobBody,
  query: JobWaitQuery,
  handler: async ({ caller, body, query }) => {
    const { status, job } = await createJobAndWait(caller, body, query.wait);
    return json(job, status);
  },
});

export const GET = withApi({
  auth: 'caller',
  query: JobListQuery,
  handler: ({ caller, query }) => listJobs(caller, query),
});
