import { stored, withApi } from '@/lib/api/with-api';
import { JobBody } from '@/lib/transform/schemas';
import { createJob } from '@/lib/transform/jobs';

export const POST = withApi({
  auth: 'caller',
  body: JobBody,
  handler: async ({ caller, body }) => stored(await createJob(caller, body), 202),
});
