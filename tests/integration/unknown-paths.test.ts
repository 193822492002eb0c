import { describe, expect, it } from 'vitest';
import * as unknownSilo from '@/app/silo/[...path]/route';
import * as unknownTransform from '@/app/transform/[...path]/route';
import * as unknownPortal from '@/app/emulator/portal/[...path]/route';
import * as unknownEmulated from '@/app/emulator/[environment]/[...path]/route';
import { call } from '@/tests/support/call';

describe('paths no service defines', () => {
  it.each([
    [unknownSilo.GET, 'GET', '/silo/v2/entries'],
    [unknownSilo.DELETE, 'DELETE', '/silo/v1/nothing'],
    [unknownTransform.POST, 'POST', '/transform/v1/pipelines'],
    [unknownPortal.GET, 'GET', '/emulator/portal/nothing'],
    [unknownEmulated.GET, 'GET', '/emulator/sandbox/nothing'],
  ])('answer a JSON 404 (%#)', async (handler, method, path) => {
    const result = await call(handler, { method, path });
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ code: 'not_found', message: expect.stringContaining(path) });
    expect(result.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // Opened in a browser, it runs and loads nothing and cannot be framed, like every page's 404.
    expect(result.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
