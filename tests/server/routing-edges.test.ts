// What Next's own routing answers before any handler runs, on the built app (`npm start`): paths whose
// percent-encoding does not decode (the router failed on them with a plain-text 500), and the HTML 404
// pages of paths the proxy left out (they had no CSP).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type RunningServer } from '@/tests/support/server-process';
import { createScratchDatabase, dropScratchDatabase } from '@/tests/support/scratch-database';

const serverUrl = process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-onboarding-routing-'));
let databaseUrl: string | undefined;
let server: RunningServer;
let apiKey: string;

beforeAll(async () => {
  if (serverUrl) databaseUrl = await createScratchDatabase(serverUrl, 'routing');
  server = await startProduct({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  apiKey = (await server.waitFor(/API key \(shown once\): (sk_test_\S+)/))[1]!;
  await server.waitFor(/registration link: \S+/);
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl && serverUrl) await dropScratchDatabase(serverUrl, databaseUrl);
});

const ask = (method: string, target: string) =>
  fetch(`${server.url}${target}`, { method, headers: { authorization: `Bearer ${apiKey}` }, redirect: 'manual' });

/** The page headers: a nonce-based CSP that says who may frame the page. */
function expectPageHeaders(response: Response, frameAncestors: string) {
  const policy = response.headers.get('content-security-policy') ?? '';
  expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(policy).toContain(`frame-ancestors ${frameAncestors}`);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
}

describe(`paths Next's router sees first (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it.each([
    ['GET', '/gov-ar/v1/registrations/%E0%A4%A'],
    ['GET', '/gov-ar/v1/registrations/%E0%A4%A/points-of-sale'],
    ['POST', '/gov-ar/v1/registrations/%C0%AF/certificate'],
    ['GET', '/silo/v1/entries/%E0%A4%A'],
    ['PUT', '/silo/v1/entries/%FF'],
    ['GET', '/transform/v1/jobs/%E0%A4%A'],
    ['POST', '/access/v1/apps/%E0%A4%A/connect'],
    ['GET', '/utils/v1/%E0'],
    ['GET', '/silo/v1/nothing/%E0%A4%A'],
    ['POST', '/emulator/portal/%E0%A4%A'],
    ['POST', '/emulator/sandbox/%E0%A4%A/x'],
  ])('%s %s with a broken percent-encoding → 400 malformed_request', async (method, target) => {
    const response = await ask(method, target);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({ code: 'malformed_request', message: expect.any(String) });
    expect(response.headers.get('content-security-policy')).toBeNull();
  });

  it.each([
    ['/reg/%E0%A4%A', "'self'"],
    ['/reg/%C0%AF?embed=1', "'self'"],
    ['/console/suppliers/%E0%A4%A', "'none'"],
    ['/%E0%A4%A/x', "'none'"],
  ])(
    'GET %s with a broken percent-encoding → the HTML 404 page, with the page headers',
    async (target, frameAncestors) => {
      const response = await ask('GET', target);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expectPageHeaders(response, frameAncestors);
      expect(await response.text()).toMatch(/Página no encontrada|Page not found/);
    },
  );

  it.each([
    ['/openapi.jsonx', 'html'],
    ['/openapi.json/x', 'html'],
    ['/console/sessionx', 'html'],
    ['/console/session/x', 'html'],
    ['/_next/x', 'html'],
    ['/favicon.ico', 'html'],
    ['/emulator/portal/x', 'json'],
    ['/emulator/sandbox/x', 'json'],
    ['/emulator/live/wsaa/x', 'json'],
  ])(
    'GET %s (unknown, beside a path the proxy leaves out) → a %s 404; an HTML one has the page headers',
    async (target, kind) => {
      const response = await ask('GET', target);
      expect(response.status).toBe(404);
      if (kind === 'html') {
        expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expectPageHeaders(response, "'none'");
      } else {
        expect(await response.json()).toEqual({ code: 'not_found', message: expect.stringContaining(target) });
      }
    },
  );

  it.each([
    ['GET', '/utils/v1/ping', 200],
    ['GET', '/openapi.json', 200],
    ['GET', '/silo/v1/entries/%20', 404],
    ['GET', '/silo/v1/entries?folder=%25', 200],
    ['GET', '/console/session', 405],
  ])('%s %s: the JSON services still answer without the proxy (%i, no CSP)', async (method, target, status) => {
    const response = await ask(method, target);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-security-policy')).toBeNull();
  });

  it('answers a NUL in a query with 422 naming the parameter', async () => {
    const response = await ask('GET', '/silo/v1/entries?folder=%00');
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      code: 'validation_failed',
      fields: { folder: expect.stringContaining('NUL') },
    });
  });

  it('logged no failure for any of these', () => {
    expect(server.output()).not.toMatch(/failed to decode|URIError|\[api\] .* failed|Internal Server Error/);
  });
});
