// The emulator in production (AR_EMULATOR_IN_PRODUCTION=1, or start-up refuses): its portal issues
// certificates this server trusts, so its JSON endpoints and its pages are the operator's alone
// (ADMIN_TOKEN, as a Bearer token or as a browser's Basic password), while the SOAP endpoints the
// service itself calls stay as they are. Outside production the portal is open, as before.
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as pointsOfSaleRoute from '@/app/emulator/portal/points-of-sale/route';
import * as certificatesRoute from '@/app/emulator/portal/certificates/route';
import * as wsfeRoute from '@/app/emulator/[environment]/wsfev1/service.asmx/route';
import { resetRateLimits } from '@/lib/api/rate-limit';
import { withCheckDigit } from '@/lib/ar/cuit';
import { proxy } from '@/proxy';
import { appRoutes, HTTP_METHODS } from '@/tests/support/app-routes';
import { call } from '@/tests/support/call';

const ADMIN = process.env.ADMIN_TOKEN!;
const basic = (password: string, user = 'operador') => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

const saved = {
  APP_ENV: process.env.APP_ENV,
  AR_AUTHORITY: process.env.AR_AUTHORITY,
  RATE_LIMITS: process.env.RATE_LIMITS,
};
beforeAll(() => {
  process.env.AR_AUTHORITY = 'emulator';
  process.env.RATE_LIMITS = 'on';
});
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});
beforeEach(async () => {
  process.env.APP_ENV = 'production';
  process.env.ADMIN_TOKEN = ADMIN;
  await resetRateLimits();
});

let cuits = 0;
function pointOfSale() {
  for (;;) {
    const cuit = withCheckDigit(`30${75_000_000 + ++cuits * 7}`);
    if (cuit) return { environment: 'live', cuit, number: 3 };
  }
}
const addPointOfSale = (authorization?: string) =>
  call(pointsOfSaleRoute.POST, { body: pointOfSale(), headers: authorization ? { authorization } : {} });

describe("the emulator's portal endpoints in production", () => {
  it.each([
    ['no credentials', '401', undefined, 401, 'unauthorized'],
    ['a wrong Bearer token', '401', 'Bearer not-the-admin-token-at-all-not-at-all', 401, 'unauthorized'],
    ['a workspace API key', '401', 'Bearer sk_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 401, 'unauthorized'],
    ['a wrong Basic password', '401', basic('not-the-admin-token'), 401, 'unauthorized'],
    [
      'the token as a Basic user name, not the password',
      '401',
      `Basic ${Buffer.from(`${ADMIN}:`).toString('base64')}`,
      401,
      'unauthorized',
    ],
    ['ADMIN_TOKEN as a Bearer token', 'served', `Bearer ${ADMIN}`, 201, undefined],
    ["ADMIN_TOKEN as a browser's Basic password", 'served', basic(ADMIN), 201, undefined],
  ])('%s: %s', async (_, _outcome, authorization, status, code) => {
    const result = await addPointOfSale(authorization);
    expect(result.status).toBe(status);
    if (code) expect(result.body).toEqual({ code, message: expect.any(String) });
  });

  it('refuses every portal endpoint before reading its body', async () => {
    const result = await call(certificatesRoute.POST, { body: { environment: 'live', alias: 'x', csr: 'not a csr' } });
    expect(result.status).toBe(401);
  });

  // Every route under /emulator/portal, found on disk, so a portal endpoint added later cannot stay open.
  const portalRoutes = appRoutes().filter((route) => route.template?.startsWith('/emulator/portal/'));
  it.each(
    portalRoutes.flatMap((route) =>
      HTTP_METHODS.map((method) => [`${method} ${route.template}`, route, method] as const),
    ),
  )('%s needs ADMIN_TOKEN', async (_, route, method) => {
    const handlers = (await import(route.file)) as Record<string, Parameters<typeof call>[0] | undefined>;
    const handler = handlers[method];
    if (!handler) return;
    const params = Object.fromEntries(
      [...route.template!.matchAll(/\{([^}]+)\}/g)].map(([, name]) => [name!, '30712345671']),
    );
    const result = await call(handler, { method, params, body: method === 'GET' ? undefined : {} });
    expect(result.status).toBe(401);
  });

  it('is closed (403) when the server has no ADMIN_TOKEN', async () => {
    delete process.env.ADMIN_TOKEN;
    const result = await addPointOfSale(`Bearer ${ADMIN}`);
    expect(result.status).toBe(403);
    expect(result.body.code).toBe('forbidden');
  });

  it('counts wrong tokens as guesses: 429 after 10, even for the right one', async () => {
    for (let i = 0; i < 10; i++) expect((await addPointOfSale(`Bearer wrong-${i}`)).status).toBe(401);
    const refused = await addPointOfSale(`Bearer ${ADMIN}`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('leaves the SOAP endpoints the service calls as they are', async () => {
    const envelope =
      '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><FEDummy xmlns="http://ar.gov.afip.dif.FEV1/"/></soap:Body></soap:Envelope>';
    const response = await wsfeRoute.POST(
      new Request('http://localhost/emulator/live/wsfev1/service.asmx', {
        method: 'POST',
        body: envelope,
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: 'http://ar.gov.afip.dif.FEV1/FEDummy' },
      }),
      { params: Promise.resolve({ environment: 'live' }) },
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<AppServer>OK</AppServer>');
  });

  it('is open outside production, as before', async () => {
    process.env.APP_ENV = 'development';
    expect((await addPointOfSale()).status).toBe(201);
  });
});

describe("the emulator's pages (/emulator) in production", () => {
  const loadPage = (authorization?: string) =>
    proxy(
      new NextRequest('http://localhost/emulator?environment=live', {
        headers: authorization ? { authorization } : {},
      }),
    );

  it.each([
    ['no credentials: the browser is asked for them', undefined, 401],
    ['a wrong Basic password', basic('nope'), 401],
    ['ADMIN_TOKEN as the Basic password (what the browser sends once the person typed it)', basic(ADMIN), 200],
    ['ADMIN_TOKEN as a Bearer token', `Bearer ${ADMIN}`, 200],
  ])('%s', async (_, authorization, status) => {
    const response = await loadPage(authorization);
    expect(response.status).toBe(status);
    if (status === 401) {
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic realm="[^"]+", charset="UTF-8"$/);
      expect(await response.text()).toMatch(/ADMIN_TOKEN|admin token/);
    } else {
      expect(response.headers.get('content-security-policy')).toContain('nonce-');
    }
  });

  it('renders as before outside production', async () => {
    process.env.APP_ENV = 'development';
    expect((await loadPage()).status).toBe(200);
  });
});
