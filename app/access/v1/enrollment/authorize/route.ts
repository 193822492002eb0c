import { clientAddress } from '@/lib/api/rate-limit';
import { withApi } from '@/lib/http/with-api';
import { AuthorizeBody } from '@/lib/access/schemas';
import { authorizeEnrollment } from '@/lib/access/enrollments';

export const POST = withApi({
  auth: 'optional',
  body: AuthorizeBody,
  handler: ({ caller, body, request }) => authorizeEnrollment(body, caller, clientAddress(request)),
});
