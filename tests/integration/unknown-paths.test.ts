import { describe, expect, it } from 'vitest';
import * as unknownSilo from '@/app/silo/[...path]/route';
import * as unknownTransform from '@/app/transform/[...path]/route';
import { call } from '@/tests/support/call';

describe('paths no service defines', () => {
  it.each([
    [unknownSilo.GET, 'GET', '/silo/v2/entries'],
    [unknownSilo.DELETE, 'DELETE', '/silo/v1/nothing'],
    [unknownTransform.POST, 'POST', '/transform/v1/pipelines'],
  ])('answer a JSON 404 (%#)', async (handler, method, path) => {
    const result = await call(handler, { method, path });
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ code: 'not_found', message: expect.stringContaining(path) });
    expect(result.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });
});
