// Query and path parameters carrying characters PostgreSQL refuses (a NUL: `%00`) are refused by the
// wrapper with a clear error, whatever the route, instead of failing the query with a 500.
import { describe, expect, it } from 'vitest';
import * as entriesRoute from '@/app/silo/v1/entries/route';
import * as entryRoute from '@/app/silo/v1/entries/[id]/route';
import * as envelopesRoute from '@/app/silo/v1/envelopes/route';
import * as jobsRoute from '@/app/transform/v1/jobs/route';
import * as jobRoute from '@/app/transform/v1/jobs/[id]/route';
import * as workflowsRoute from '@/app/transform/v1/workflows/route';
import * as connectRoute from '@/app/access/v1/apps/[app_id]/connect/route';
import * as registrationRoute from '@/app/gov-ar/v1/registrations/[ref]/route';
import * as pointsOfSaleRoute from '@/app/gov-ar/v1/registrations/[ref]/points-of-sale/route';
import { newId } from '@/lib/ids';
import { call } from '@/tests/support/call';
import { expectDocumented } from '@/tests/support/documented';
import { createWorkspace } from '@/tests/support/scenario';

type Handler = Parameters<typeof call>[0];

describe('query parameters the database cannot take', () => {
  it.each<{ operation: string; handler: Handler; query: Record<string, string>; field: string }>([
    { operation: 'GET /silo/v1/entries', handler: entriesRoute.GET, query: { folder: '\u0000' }, field: 'folder' },
    {
      operation: 'GET /silo/v1/entries',
      handler: entriesRoute.GET,
      query: { folder: 'suppliers\u0000x' },
      field: 'folder',
    },
    { operation: 'GET /silo/v1/entries', handler: entriesRoute.GET, query: { cursor: '\u0000' }, field: 'cursor' },
    { operation: 'GET /silo/v1/entries', handler: entriesRoute.GET, query: { limit: '1\u0000' }, field: 'limit' },
    { operation: 'GET /silo/v1/envelopes', handler: envelopesRoute.GET, query: { cursor: 'x\u0000' }, field: 'cursor' },
    {
      operation: 'GET /transform/v1/jobs',
      handler: jobsRoute.GET,
      query: { silo_entry_id: '\u0000' },
      field: 'silo_entry_id',
    },
    {
      operation: 'GET /transform/v1/workflows',
      handler: workflowsRoute.GET,
      query: { cursor: '\u0000' },
      field: 'cursor',
    },
  ])('$operation with $query → 422 naming $field', async ({ operation, handler, query, field }) => {
    const { api_key } = await createWorkspace();
    const result = await call(handler, { token: api_key, path: operation.split(' ')[1], query });
    expect(result.status).toBe(422);
    expect(result.body).toEqual({
      code: 'validation_failed',
      message: expect.stringContaining(field),
      fields: { [field]: expect.stringContaining('NUL') },
    });
    expectDocumented(operation, result);
  });

  it('still takes ordinary text, accents and all', async () => {
    const { api_key } = await createWorkspace();
    const result = await call(entriesRoute.GET, { token: api_key, query: { folder: 'proveedores ñandú ✓' } });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ list: [], limit: 20 });
  });
});

describe('path parameters the database cannot take', () => {
  it.each<{ operation: string; handler: Handler; params: Record<string, string>; code: string }>([
    {
      operation: 'GET /silo/v1/entries/{id}',
      handler: entryRoute.GET,
      params: { id: `${newId().slice(0, -1)}\u0000` },
      code: 'entry_not_found',
    },
    {
      operation: 'GET /transform/v1/jobs/{id}',
      handler: jobRoute.GET,
      params: { id: '\u0000' },
      code: 'job_not_found',
    },
    {
      operation: 'POST /access/v1/apps/{app_id}/connect',
      handler: connectRoute.POST,
      params: { app_id: 'gov-ar\u0000' },
      code: 'app_not_found',
    },
    {
      operation: 'GET /gov-ar/v1/registrations/{ref}',
      handler: registrationRoute.GET,
      params: { ref: `${'a'.repeat(26)}\u0000` },
      code: 'link_not_found',
    },
    {
      operation: 'GET /gov-ar/v1/registrations/{ref}/points-of-sale',
      handler: pointsOfSaleRoute.GET,
      params: { ref: '\u0000' },
      code: 'link_not_found',
    },
  ])('$operation with $params → 404 $code', async ({ operation, handler, params, code }) => {
    const { api_key } = await createWorkspace();
    const result = await call(handler, { token: api_key, method: operation.split(' ')[0], params });
    expect(result.status).toBe(404);
    expect(result.body.code).toBe(code);
    expectDocumented(operation, result);
  });
});
