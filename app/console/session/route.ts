import { withApi } from '@/lib/http/with-api';
import { ConsoleSessionBody } from '@/lib/console/schemas';
import { closeConsoleSession, openConsoleSession } from '@/lib/console/session';

export const POST = withApi({
  auth: 'none',
  body: ConsoleSessionBody,
  handler: ({ body, request }) => openConsoleSession(body.api_key, request),
});

export const DELETE = withApi({
  auth: 'none',
  handler: async ({ request }) => closeConsoleSession(request),
});
