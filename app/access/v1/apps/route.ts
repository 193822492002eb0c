import { withApi, json } from '@/lib/http/with-api';
import { AppBody } from '@/lib/access/schemas';
import { createApp } from '@/lib/access/enrollments';

export const POST = withApi({
  auth: 'workspace',
  body: AppBody,
  handler: async ({ caller, body }) => json(await createApp(caller, body.name), 201),
});
