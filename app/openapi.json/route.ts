import { json, withApi } from '@/lib/http/with-api';
import { openApiDocument } from '@/lib/openapi/document';

// Answered by the running server like every API route, not prerendered at build time.
export const dynamic = 'force-dynamic';

export const GET = withApi({
  auth: 'none',
  // The document changes only with a deploy; clients and caches may keep it a few minutes.
  handler: async () => json(openApiDocument(), 200, { 'cache-control': 'public, max-age=300' }),
});
