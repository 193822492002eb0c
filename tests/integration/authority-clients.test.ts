// Our WSAA and WSFEv1 clients against the emulated authority over real HTTP: a login, every WSAA fault
// as our problem, points of sale, transport failures, the endpoints, and the CMS we post checked by openssl.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type http from 'node:http';
import { globalAgent as httpAgent } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorityProblem } from '@/lib/authority/authority-error';
import { authorityEndpoint } from '@/lib/authority/endpoints';
import { loginCms } from '@/lib/authority/wsaa-client';
import { feDummy, feParamGetPtosVenta } from '@/lib/authority/wsfe-client';
import { portal, soapParser } from '@/tests/support/emulator-client';
import { makeCa, makeLeaf, prepareKeys, type Environment } from '@/tests/support/pki';
import { useEmulator } from '@/tests/support/registration';
import { freshCuit } from '@/tests/support/scenario';
import { closedPort, listen, problemOf, withEnv } from '@/tests/support/authority';

beforeAll(() => prepareKeys());
const emulator = useEmulator();

let aliases = 0;
const HOUR_MS = 3_600_000;

/** A certificate from `issuer`'s CA for a new CUIT, authorised for wsfe at `environment`'s portal unless told not to. */
async function supplierCertificate(
  environment: Environment,
  options: { issuer?: Environment; authorized?: boolean; notBefore?: Date; notAfter?: Date } = {},
) {
  const cuit = freshCuit('20');
  const alias = `clients${++aliases}`;
  const leaf = makeLeaf({
    ca: makeCa(options.issuer ?? environment),
    cuit,
    alias,
    notBefore: options.notBefore,
    notAfter: options.notAfter,
  });
  if (options.authorized !== false) {
    expect((await portal(emulator(), 'authorizations', { environment, cuit, alias, service: 'wsfe' })).status).toBe(
      201,
    );
  }
  return { cuit, alias, certificatePem: leaf.certificatePem, privateKeyPem: leaf.keyPem };
}

describe('loginCms', () => {
  it.each(['sandbox', 'live'] as const)(
    '%s: answers a token, a sign and a ticket that lives 12 h',
    async (environment) => {
      const credential = await supplierCertificate(environment);
      const ticket = await loginCms(environment, 'wsfe', credential);
      expect(Buffer.from(ticket.token, 'base64').toString('utf8')).toContain('<sso version="2.0">');
      expect(ticket.sign).toMatch(/^[A-Za-z0-9+/]{100,}={0,2}$/);
      expect(ticket.expiresAt.getTime() - Date.now()).toBeGreaterThan(12 * HOUR_MS - 60_000);
      expect(ticket.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(12 * HOUR_MS);
    },
  );

  const faults: [
    string,
    AuthorityProblem,
    string,
    string,
    () => Promise<{ certificatePem: string; privateKeyPem: string }>,
  ][] = [
    [
      'no authorization at the portal',
      'not_authorized',
      'ns1:coe.notAuthorized',
      'Computador no autorizado a acceder al servicio',
      () => supplierCertificate('sandbox', { authorized: false }),
    ],
    [
      'a revoked certificate',
      'revoked',
      'ns1:cms.cert.revoked',
      'Certificado revocado',
      async () => {
        const credential = await supplierCertificate('sandbox');
        expect(
          (await portal(emulator(), 'revocations', { environment: 'sandbox', certificate: credential.certificatePem }))
            .status,
        ).toBe(201);
        return credential;
      },
    ],
    [
      'a live certificate at the sandbox',
      'untrusted',
      'ns1:cms.cert.untrusted',
      'Certificado no emitido por AC de confianza',
      () => supplierCertificate('sandbox', { issuer: 'live' }),
    ],
    [
      'an expired certificate',
      'expired',
      'ns1:cms.cert.expired',
      'Certificado expirado',
      () =>
        supplierCertificate('sandbox', {
          notBefore: new Date(Date.now() - 800 * 24 * HOUR_MS),
          notAfter: new Date(Date.now() - 24 * HOUR_MS),
        }),
    ],
    [
      'a second login while the ticket is valid',
      'already_authenticated',
      'ns1:coe.alreadyAuthenticated',
      'El CEE ya posee un TA valido para el acceso al WSN solicitado',
      async () => {
        const credential = await supplierCertificate('sandbox');
        await loginCms('sandbox', 'wsfe', credential);
        return credential;
      },
    ],
  ];

  it.each(faults)('%s → %s', async (_name, problem, faultCode, message, prepare) => {
    const credential = await prepare();
    const error = await problemOf(loginCms('sandbox', 'wsfe', credential));
    expect(error.problem).toBe(problem);
    expect(error.message).toBe(message);
    expect(error.detail).toMatchObject({ faultCode, service: 'wsfe' });
  });

  it('reports a live certificate at the live WSAA as trusted, and a sandbox one as untrusted', async () => {
    expect(
      (await problemOf(loginCms('live', 'wsfe', await supplierCertificate('live', { issuer: 'sandbox' })))).problem,
    ).toBe('untrusted');
    await expect(loginCms('live', 'wsfe', await supplierCertificate('live'))).resolves.toHaveProperty('token');
  });

  it('keeps the fault string readable: the accents Axis writes as character references are decoded', async () => {
    const credential = await supplierCertificate('sandbox');
    // A TRA generated two days ago is outside the WSAA's 24 h window.
    const error = await problemOf(loginCms('sandbox', 'wsfe', credential, new Date(Date.now() - 48 * HOUR_MS)));
    expect(error.problem).toBe('rejected');
    expect(error.detail?.faultCode).toBe('ns1:xml.generationTime.invalid');
    expect(error.message).toBe(
      'generationTime posee formato o dato inválido (ej: en el futuro o más de 24 horas de antigüedad)',
    );
    expect(error.message).not.toContain('&#');
  });
});

describe('WSFEv1', () => {
  it.each(['sandbox', 'live'] as const)('%s: FEDummy answers OK for every server', async (environment) => {
    expect(await feDummy(environment)).toEqual({ appServer: 'OK', dbServer: 'OK', authServer: 'OK' });
  });

  it('FEParamGetPtosVenta lists the points of sale, [] when there are none (error 602)', async () => {
    const credential = await supplierCertificate('live');
    const ticket = await loginCms('live', 'wsfe', credential);
    const auth = { token: ticket.token, sign: ticket.sign, cuit: credential.cuit };
    expect(await feParamGetPtosVenta('live', auth)).toEqual([]);

    for (const point of [{ number: 2 }, { number: 5, blocked: true }, { number: 9, dropped_on: '2025-03-31' }]) {
      expect(
        (await portal(emulator(), 'points-of-sale', { environment: 'live', cuit: credential.cuit, ...point })).status,
      ).toBe(201);
    }
    expect(await feParamGetPtosVenta('live', auth)).toEqual([
      { number: 2, emissionType: 'CAE', blocked: false, droppedOn: null },
      { number: 5, emissionType: 'CAE', blocked: true, droppedOn: null },
      { number: 9, emissionType: 'CAE', blocked: false, droppedOn: '2025-03-31' },
    ]);
  });

  it("refuses a token it did not issue, or a sign that is not the token's, as rejected", async () => {
    const credential = await supplierCertificate('sandbox');
    const ticket = await loginCms('sandbox', 'wsfe', credential);
    const forged = Buffer.from('not a ticket').toString('base64');
    for (const auth of [
      { token: forged, sign: ticket.sign },
      { token: ticket.token, sign: Buffer.alloc(128, 1).toString('base64') },
    ]) {
      const error = await problemOf(feParamGetPtosVenta('sandbox', { ...auth, cuit: credential.cuit }));
      expect(error.problem).toBe('rejected');
      expect(error.detail?.faultCode).toBe('600');
    }
  });
});

describe('transport', () => {
  it('answers unavailable at once when nothing listens on the port', async () => {
    const started = Date.now();
    const error = await withEnv({ AR_EMULATOR_URL: `http://127.0.0.1:${await closedPort()}` }, () =>
      problemOf(feDummy('sandbox')),
    );
    expect(error.problem).toBe('unavailable');
    expect(error.message).toMatch(/ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('answers unavailable after AR_AUTHORITY_TIMEOUT_MS when the server never answers', async () => {
    const silent = await listen(() => {
      /* never answers */
    });
    try {
      const credential = await supplierCertificate('sandbox');
      const started = Date.now();
      const error = await withEnv({ AR_EMULATOR_URL: silent.url, AR_AUTHORITY_TIMEOUT_MS: '300' }, () =>
        problemOf(loginCms('sandbox', 'wsfe', credential)),
      );
      expect(error.problem).toBe('unavailable');
      expect(error.message).toContain('timed out');
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await silent.stop();
    }
  });
});

describe('kept-alive connections', () => {
  const FE_DUMMY_REPLY =
    '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>' +
    '<FEDummyResponse xmlns="http://ar.gov.afip.dif.FEV1/"><FEDummyResult><AppServer>OK</AppServer><DbServer>OK</DbServer>' +
    '<AuthServer>OK</AuthServer></FEDummyResult></FEDummyResponse></soap:Body></soap:Envelope>';

  // What a server closing an idle keep-alive connection looks like to the client that reuses it just then
  // (the fuzz suite met it as a 503 for a valid upload): the second request on a connection is reset.
  it('sends again, once and on a new connection, a request whose reused connection was reset', async () => {
    const served = new WeakMap<object, number>();
    let requests = 0;
    const server = await listen((request, response) => {
      requests++;
      const count = (served.get(request.socket) ?? 0) + 1;
      served.set(request.socket, count);
      if (count > 1) return void request.socket.resetAndDestroy();
      response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(FE_DUMMY_REPLY);
    });
    try {
      await withEnv({ AR_EMULATOR_URL: server.url }, async () => {
        expect((await feDummy('sandbox')).appServer).toBe('OK');
        expect((await feDummy('sandbox')).appServer).toBe('OK');
      });
      expect(requests).toBe(3);
    } finally {
      await server.stop();
    }
  });

  it('a connection reused again and again gathers no listeners', async () => {
    const sockets = new Set<object>();
    const server = await listen((request, response) => {
      sockets.add(request.socket);
      response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(FE_DUMMY_REPLY);
    });
    try {
      await withEnv({ AR_EMULATOR_URL: server.url }, async () => {
        for (let call = 0; call < 15; call++) expect((await feDummy('sandbox')).appServer).toBe('OK');
      });
      expect(sockets.size).toBe(1);
      const port = new URL(server.url).port;
      const kept = Object.entries(httpAgent.freeSockets)
        .filter(([name]) => name.includes(`:${port}:`))
        .flatMap(([, free]) => free ?? []);
      expect(kept).toHaveLength(1);
      expect(kept[0]!.listenerCount('connect')).toBe(0);
    } finally {
      await server.stop();
    }
  });

  it('does not send again when a new connection is reset', async () => {
    let requests = 0;
    const server = await listen((request) => {
      requests++;
      request.socket.resetAndDestroy();
    });
    try {
      const error = await withEnv({ AR_EMULATOR_URL: server.url }, () => problemOf(feDummy('sandbox')));
      expect(error.problem).toBe('unavailable');
      expect(requests).toBe(1);
    } finally {
      await server.stop();
    }
  });
});

describe('authorityEndpoint', () => {
  it("names AFIP's hosts, with the legacy TLS setting, when AR_AUTHORITY=afip", () => {
    withEnv({ AR_AUTHORITY: 'afip' }, () => {
      expect(authorityEndpoint('live', 'wsaa')).toEqual({
        url: 'https://wsaa.afip.gov.ar/ws/services/LoginCms',
        legacyTls: true,
      });
      expect(authorityEndpoint('sandbox', 'wsaa')).toEqual({
        url: 'https://wsaahomo.afip.gov.ar/ws/services/LoginCms',
        legacyTls: true,
      });
      expect(authorityEndpoint('live', 'wsfe').url).toBe('https://servicios1.afip.gov.ar/wsfev1/service.asmx');
      expect(authorityEndpoint('sandbox', 'wsfe').url).toBe('https://wswhomo.afip.gov.ar/wsfev1/service.asmx');
    });
  });

  it('names the emulator under AR_EMULATOR_URL in emulator mode', () => {
    for (const environment of ['sandbox', 'live'] as const) {
      expect(authorityEndpoint(environment, 'wsaa')).toEqual({
        url: `${emulator()}/emulator/${environment}/wsaa/LoginCms`,
        legacyTls: false,
      });
      expect(authorityEndpoint(environment, 'wsfe').url).toBe(
        `${emulator()}/emulator/${environment}/wsfev1/service.asmx`,
      );
    }
  });
});

describe('the CMS loginCms posts', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'authority-cms-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const openssl = (...args: string[]) =>
    execFileSync('openssl', args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();

  it('is verified by `openssl cms -verify` against the CA and carries the TRA for wsfe, ±10 min around now', async () => {
    const requests: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const recorder = await listen((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        requests.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(500, { 'content-type': 'text/xml; charset=utf-8' });
        response.end(
          '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><soapenv:Fault>' +
            '<faultcode xmlns:ns1="http://xml.apache.org/axis/">ns1:cms.bad</faultcode><faultstring>El CMS no es valido</faultstring>' +
            '</soapenv:Fault></soapenv:Body></soapenv:Envelope>',
        );
      });
    });
    const credential = await supplierCertificate('sandbox', { authorized: false });
    const now = Date.now();
    try {
      const error = await withEnv({ AR_EMULATOR_URL: recorder.url }, () =>
        problemOf(loginCms('sandbox', 'wsfe', credential)),
      );
      expect(error.problem).toBe('rejected');
    } finally {
      await recorder.stop();
    }

    expect(requests).toHaveLength(1);
    const [{ headers, body }] = requests as [(typeof requests)[number]];
    expect(headers.soapaction).toBe('""');
    expect(headers['content-type']).toMatch(/^text\/xml/);
    const in0 = soapParser.parse(body).Envelope.Body.loginCms.in0 as string;
    const cmsFile = path.join(dir, 'login.der');
    const caFile = path.join(dir, 'sandbox-ca.pem');
    const contentFile = path.join(dir, 'tra.xml');
    fs.writeFileSync(cmsFile, Buffer.from(in0, 'base64'));
    fs.writeFileSync(caFile, makeCa('sandbox').certificatePem);
    openssl(
      'cms',
      '-verify',
      '-inform',
      'DER',
      '-in',
      cmsFile,
      '-CAfile',
      caFile,
      '-purpose',
      'any',
      '-out',
      contentFile,
    );
    expect(openssl('cms', '-cmsout', '-print', '-inform', 'DER', '-in', cmsFile)).toMatch(/sha256/);
    // The control: that verification means something only because another anchor fails it.
    const otherCaFile = path.join(dir, 'live-ca.pem');
    fs.writeFileSync(otherCaFile, makeCa('live').certificatePem);
    expect(() =>
      openssl(
        'cms',
        '-verify',
        '-inform',
        'DER',
        '-in',
        cmsFile,
        '-CAfile',
        otherCaFile,
        '-purpose',
        'any',
        '-out',
        `${contentFile}.x`,
      ),
    ).toThrow();

    const tra = soapParser.parse(fs.readFileSync(contentFile, 'utf8')).loginTicketRequest;
    expect(tra.service).toBe('wsfe');
    const generated = Date.parse(tra.header.generationTime);
    const expires = Date.parse(tra.header.expirationTime);
    expect(Math.abs(generated - (now - 10 * 60_000))).toBeLessThan(60_000);
    expect(Math.abs(expires - (now + 10 * 60_000))).toBeLessThan(60_000);
    expect(tra.header.uniqueId).toMatch(/^\d+$/);
  });
});
