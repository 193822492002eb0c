import { createdOrStored, withApi } from '@/lib/api/with-api';
import { IdParams, JobBody } from '@/lib/transform/schemas';
import { createJob, getJob } from '@/lib/transform/jobs';

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
  handler: async ({ caller, params, body }) => createdOrStored(await createJob(caller, body, params.id), 202),
});
