import { withApi } from '@/lib/http/with-api';

export const dynamic = 'force-dynamic';

export const GET = withApi({ auth: 'none', handler: async () => ({ ping: 'pong' }) });
