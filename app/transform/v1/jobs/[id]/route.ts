import { json, withApi } from '@/lib/http/with-api';
import { IdParams, JobBody, JobWaitQuery } from '@/lib/transform/schemas';
import { createJobAndWait, getJob } from '@/lib/transform/jobs';

export const GET = withApi({
  auth: 'caller',
  params: IdParams,
  notFound: 'job_not_found',
  handler: ({ caller, params }) => getJob(caller, params.id),
});

export const PUT = withApi({
  auth: 'caller',
  params: IdParams,
  notFound: 'job_not_found',
  body: JobBody,
  query: JobWaitQuery,
  handler: async ({ caller, params, body, query }) => {
    const { status, job } = await createJobAndWait(caller, body, query.wait, params.id);
    return json(job, status);
  },
});
