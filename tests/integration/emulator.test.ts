import { X509Certificate, createPublicKey, generateKeyPair, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as certificatesRoute from '@/app/emulator/portal/certificates/route';
import * as loginCmsRoute from '@/app/emulator/[environment]/wsaa/LoginCms/route';
import { emulatorCa, emulatorTrustAnchors } from '@/lib/emulator/ca';
import { sha256 } from '@/lib/emulator/wsaa-service';
import { issueTicketUnlessValid } from '@/lib/emulator/queries';
import { withCheckDigit } from '@/lib/ar/cuit';
import { getDb } from '@/lib/db/client';
import { emulatorTickets } from '@/lib/db/schema';
import { call } from '@/tests/support/call';
import { startEmulatorServer, type EmulatorServer } from '@/tests/support/emulator-server';
import {
  authXml,
  enrolledCertificate,
  loginCms,
  loginCmsEnvelope,
  portal,
  postSoap,
  soapParser,
  ticketOf,
  wsfe,
} from '@/tests/support/emulator-client';
import { craftedRsaKey, identityExponentKey } from '@/tests/support/crafted-keys';
import {
  caFromPem,
  makeCa,
  makeCsr,
  makeLeaf,
  pkcs8Pem,
  prepareKeys,
  testKey,
  type TestLeaf,
} from '@/tests/support/pki';

process.env.AR_AUTHORITY = 'emulator';
let server: EmulatorServer;
let url: string;
beforeAll(async () => {
  server = await startEmulatorServer();
  url = server.url;
});
afterAll(() => server?.stop());

let counter = 0;
function newCuit(): string {
  for (;;) {
    const cuit = withCheckDigit(`20${String(30_000_000 + ++counter * 13).padStart(8, '0')}`);
    if (cuit) return cuit;
  }
}
const enroll = (options: { environment?: 'sandbox' | 'live'; services?: string[]; cuit?: string } = {}) => {
  const cuit = options.cuit ?? newCuit();
  return enrolledCertificate(url, {
    environment: options.environment ?? 'sandbox',
    cuit,
    alias: `fe${cuit}`,
    services: options.services ?? ['wsfe'],
  });
};
const tra = (generation: number, expiration: number, service = 'wsfe') => {
  const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
  return (
    `<loginTicketRequest version="1.0"><header><uniqueId>7</uniqueId><generationTime>${at(generation)}</generationTime>` +
    `<expirationTime>${at(expiration)}</expirationTime></header><service>${service}</service></loginTicketRequest>`
  );
};
const HOUR = 3_600_000;
const otherKeyPem = () => pkcs8Pem(testKey('rsa', { slot: 'other' }));
const credentialOf = (leaf: TestLeaf) => ({ certificatePem: leaf.certificatePem, privateKeyPem: leaf.keyPem });

describe('emulator portal', () => {
  it.each([
    ['sandbox', 'C=AR\nO=AFIP\nCN=Computadores Test'],
    ['live', 'C=AR\nO=AFIP\nCN=Computadores'],
  ] as const)(
    'issues a %s certificate from a CSR: that CA, CN=alias, serialNumber=CUIT, two years',
    async (environment, issuerDn) => {
      const cuit = newCuit();
      const key = testKey('rsa', { slot: 'leaf' });
      const csr = makeCsr({ key, cuit, alias: 'miAlias', organization: 'Razón Social S.A.' }).pem;
      const { status, body } = await portal(url, 'certificates', { environment, alias: 'miAlias', csr });
      expect(status).toBe(200);
      const certificate = new X509Certificate(body.certificate);
      expect(certificate.issuer).toBe(issuerDn);
      expect(certificate.subject).toBe(`CN=miAlias\nserialNumber=CUIT ${cuit}\nO=Razón Social S.A.`);
      const years = (Date.parse(certificate.validTo) - Date.parse(certificate.validFrom)) / (365.25 * 24 * HOUR);
      expect(years).toBeCloseTo(2, 1);
      expect(Math.abs(Date.parse(certificate.validFrom) - Date.now())).toBeLessThan(5 * 60_000);
      const ca = new X509Certificate(emulatorCa(environment).certificatePem);
      expect(certificate.checkIssued(ca) && certificate.verify(ca.publicKey)).toBe(true);
      expect(certificate.publicKey.export({ type: 'spki', format: 'pem' })).toBe(
        createPublicKey(key).export({ type: 'spki', format: 'pem' }),
      );
      expect(emulatorTrustAnchors()[environment]).toEqual([emulatorCa(environment).certificatePem]);
    },
  );

  // The key is read from the request's DER and held to the limits before its signature is checked (on the
  // thread pool): node-forge's check ran its JavaScript RSA with the caller's exponent, 10 s and a 500 for 8192 bits.
  it.each([
    ['a 1024-bit key', () => testKey('rsa', { bits: 1024, slot: 'csr' }), /at least 2048 bits/],
    ['a 4097-bit key', () => craftedRsaKey({ bits: 4097 }), /at most 4096 bits/],
    [
      'public exponent 1 (its signature verifies)',
      () => identityExponentKey(testKey('rsa', { slot: 'leaf' })),
      /public exponent/,
    ],
    ['an even public exponent', () => craftedRsaKey({ exponent: 65_536 }), /public exponent/],
    ['a public exponent of 8192 bits', () => craftedRsaKey({ exponent: 2n ** 8191n + 1n }), /public exponent/],
  ])('refuses a CSR with %s → 422 naming csr, at once', async (_name, key, reason) => {
    const cuit = newCuit();
    const csr = makeCsr({ key: key(), cuit, alias: `fe${cuit}` }).pem;
    const started = Date.now();
    const result = await portal(url, 'certificates', { environment: 'sandbox', alias: `fe${cuit}`, csr });
    expect([result.status, result.body.code]).toEqual([422, 'validation_failed']);
    expect(result.body.fields.csr).toMatch(reason);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('issues from CSRs with a 4096-bit key and with public exponent 3', async () => {
    const { privateKey: exponent3 } = await new Promise<{ privateKey: KeyObject }>((resolve, reject) =>
      generateKeyPair('rsa', { modulusLength: 2048, publicExponent: 3 }, (error, _, privateKey) =>
        error ? reject(error) : resolve({ privateKey }),
      ),
    );
    await prepareKeys([{ bits: 4096, slot: 'csr' }]);
    for (const key of [testKey('rsa', { bits: 4096, slot: 'csr' }), exponent3]) {
      const cuit = newCuit();
      const result = await portal(url, 'certificates', {
        environment: 'sandbox',
        alias: `fe${cuit}`,
        csr: makeCsr({ key, cuit, alias: `fe${cuit}` }).pem,
      });
      expect(result.status).toBe(200);
    }
  }, 60_000);

  it('keeps its CAs apart and in the data directory', () => {
    const sandbox = new X509Certificate(emulatorCa('sandbox').certificatePem);
    const live = new X509Certificate(emulatorCa('live').certificatePem);
    expect(sandbox.ca && live.ca).toBe(true);
    expect(sandbox.publicKey.equals(live.publicKey)).toBe(false);
    expect(sandbox.subject).toBe('C=AR\nO=AFIP\nCN=Computadores Test');
  });

  it.each([
    ['certificates', { environment: 'sandbox', alias: 'x' }, 'csr'],
    ['certificates', { environment: 'sandbox', alias: 'x', csr: 'garbage' }, 'csr'],
    [
      'certificates',
      {
        environment: 'sandbox',
        alias: 'x',
        csr: makeCsr({ key: testKey(), cuit: null, alias: 'x', organization: null }).pem,
      },
      'csr',
    ],
    ['certificates', { environment: 'staging', alias: 'x', csr: 'x' }, 'environment'],
    ['certificates', { environment: 'sandbox', alias: 'bad,alias', csr: 'x' }, 'alias'],
    ['authorizations', { environment: 'sandbox', cuit: '20123456780', alias: 'x', service: 'wsfe' }, 'cuit'],
    ['authorizations', { environment: 'sandbox', cuit: '20123456786', alias: 'x', service: 'wsxx' }, 'service'],
    ['authorizations', { environment: 'sandbox', cuit: '20123456786', alias: 'x', service: 'wsfe', extra: 1 }, ''],
    ['revocations', { environment: 'sandbox', certificate: 'not a certificate' }, 'certificate'],
    ['revocations', { environment: 'sandbox', certificate: makeCa('live').certificatePem }, 'certificate'],
    ['points-of-sale', { environment: 'live', cuit: '20123456786', number: 0 }, 'number'],
    ['points-of-sale', { environment: 'live', cuit: '20123456786', number: 1, dropped_on: '2025-02-31' }, 'dropped_on'],
  ])('refuses %s %j → 422 naming %s', async (resource, body, field) => {
    const result = await portal(url, resource, body);
    expect(result.status).toBe(422);
    expect(result.body.code).toBe('validation_failed');
    if (field) expect(Object.keys(result.body.fields ?? {})).toContain(field);
  });

  it('answers 415 and 400 for a body that is not JSON', async () => {
    expect((await call(certificatesRoute.POST, { raw: 'x', headers: { 'content-type': 'text/plain' } })).status).toBe(
      415,
    );
    expect(
      (await call(certificatesRoute.POST, { raw: '{', headers: { 'content-type': 'application/json' } })).status,
    ).toBe(400);
  });
});

describe('emulated WSAA loginCms', () => {
  it('issues a 12 h ticket in the real format, keeping only digests', async () => {
    const credential = await enroll();
    const reply = await loginCms(url, 'sandbox', credential);
    expect(reply.status).toBe(200);
    expect(reply.contentType).toMatch(/^text\/xml/);
    expect(reply.text).toContain(
      '<loginCmsResponse xmlns="http://wsaa.view.sua.dvadac.desein.afip.gov"><loginCmsReturn>&lt;?xml',
    );
    const ticket = ticketOf(reply);
    expect(ticket.header.source).toBe('CN=wsaahomo, O=AFIP, C=AR, SERIALNUMBER=CUIT 33693450239');
    expect(ticket.header.destination).toBe(`SERIALNUMBER=CUIT ${credential.cuit}, CN=${credential.alias}`);
    const lifetime = Date.parse(ticket.header.expirationTime) - Date.parse(ticket.header.generationTime);
    expect(lifetime).toBe(12 * HOUR);
    expect(ticket.header.expirationTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}-03:00$/);
    const sso = Buffer.from(ticket.token, 'base64').toString('utf8');
    expect(sso).toContain(`<relation key="${credential.cuit}" reltype="4"/>`);
    expect(sso).toContain('dst="CN=wsfe, O=AFIP, C=AR"');
    const rows = await (await getDb())
      .select()
      .from(emulatorTickets)
      .where(eq(emulatorTickets.tokenHash, sha256(ticket.token)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.signHash).toBe(sha256(ticket.sign));
    expect(JSON.stringify(rows)).not.toContain(ticket.sign);
  });

  it('refuses a second login for the same certificate and service, not for another service', async () => {
    const credential = await enroll({ services: ['wsfe', 'wsfex'] });
    expect((await loginCms(url, 'sandbox', credential)).status).toBe(200);
    const again = await loginCms(url, 'sandbox', credential);
    expect(again.fault).toEqual({
      code: 'ns1:coe.alreadyAuthenticated',
      message: 'El CEE ya posee un TA valido para el acceso al WSN solicitado',
    });
    expect((await loginCms(url, 'sandbox', credential, { service: 'wsfex' })).status).toBe(200);
  });

  it('lets exactly one of many simultaneous logins through, and a new one once the lockout after it has passed', async () => {
    const now = new Date();
    const ticket = (n: number, expiresAt: Date) => ({
      environment: 'sandbox' as const,
      fingerprint: `fp-${now.getTime()}`,
      service: 'wsfe',
      cuit: '20111111112',
      tokenHash: `token-${now.getTime()}-${n}`,
      signHash: `sign-${n}`,
      expiresAt,
    });
    const inTwelveHours = new Date(now.getTime() + 12 * HOUR);
    const lockout = 10 * 60_000;
    const issued = await Promise.all(
      Array.from({ length: 10 }, (_, n) => issueTicketUnlessValid(ticket(n, inTwelveHours), now, lockout)),
    );
    expect(issued.filter(Boolean)).toHaveLength(1);
    // Within the lockout, a valid ticket stands; past it, a client that lost its ticket gets a new one.
    const soon = new Date(now.getTime() + lockout - 1000);
    expect(await issueTicketUnlessValid(ticket(11, new Date(soon.getTime() + 12 * HOUR)), soon, lockout)).toBe(false);

    const later = new Date(now.getTime() + lockout + 1);
    expect(await issueTicketUnlessValid(ticket(10, new Date(later.getTime() + 12 * HOUR)), later, lockout)).toBe(true);
    const rows = await (await getDb())
      .select()
      .from(emulatorTickets)
      .where(eq(emulatorTickets.fingerprint, `fp-${now.getTime()}`));
    expect(rows.map((row) => row.tokenHash)).toEqual([`token-${now.getTime()}-10`]);
  });

  it('answers a fault in the real shape: HTTP 500, Axis ns1 code, LoginFault detail', async () => {
    const reply = await postSoap(
      `${url}/emulator/sandbox/wsaa/LoginCms`,
      loginCmsEnvelope(Buffer.from('hello').toString('base64')),
      {
        'content-type': 'text/xml; charset=utf-8',
        soapaction: '""',
      },
    );
    expect(reply.status).toBe(500);
    expect(reply.text).toContain(
      '<faultcode xmlns:ns1="http://xml.apache.org/axis/">ns1:cms.bad</faultcode><faultstring>El CMS no es valido</faultstring>',
    );
    expect(reply.text).toContain('gov.afip.desein.dvadac.sua.view.wsaa.LoginFault');
  });

  const faults: [string, string, string, () => Promise<Awaited<ReturnType<typeof loginCms>>>][] = [
    [
      'the other environment’s certificate',
      'ns1:cms.cert.untrusted',
      'Certificado no emitido por AC de confianza',
      async () => loginCms(url, 'live', await enroll()),
    ],
    [
      'a look-alike CA’s certificate',
      'ns1:cms.cert.untrusted',
      'Certificado no emitido por AC de confianza',
      async () => {
        const cuit = newCuit();
        return loginCms(
          url,
          'sandbox',
          credentialOf(makeLeaf({ ca: makeCa('lookalike-sandbox'), cuit, alias: `fe${cuit}` })),
        );
      },
    ],
    [
      'an expired certificate from the right CA',
      'ns1:cms.cert.expired',
      'Certificado expirado',
      async () => {
        const cuit = newCuit();
        await portal(url, 'authorizations', { environment: 'sandbox', cuit, alias: `fe${cuit}`, service: 'wsfe' });
        const expired = makeLeaf({
          ca: caFromPem(emulatorCa('sandbox')),
          cuit,
          alias: `fe${cuit}`,
          notBefore: new Date(Date.now() - 800 * 24 * HOUR),
          notAfter: new Date(Date.now() - 24 * HOUR),
        });
        return loginCms(url, 'sandbox', credentialOf(expired));
      },
    ],
    [
      'a revoked certificate',
      'ns1:cms.cert.revoked',
      'Certificado revocado',
      async () => {
        const credential = await enroll();
        expect(
          (await portal(url, 'revocations', { environment: 'sandbox', certificate: credential.certificatePem })).status,
        ).toBe(201);
        return loginCms(url, 'sandbox', credential);
      },
    ],
    [
      'a certificate with no authorization',
      'ns1:coe.notAuthorized',
      'Computador no autorizado a acceder al servicio',
      async () => loginCms(url, 'sandbox', await enroll({ services: [] })),
    ],
    [
      'a service the certificate is not authorised for',
      'ns1:coe.notAuthorized',
      'Computador no autorizado a acceder al servicio',
      async () => loginCms(url, 'sandbox', await enroll(), { service: 'wsct' }),
    ],
    [
      'an unknown service',
      'ns1:wsn.notFound',
      'Servicio informado inexistente',
      async () => loginCms(url, 'sandbox', await enroll(), { service: 'wsnada' }),
    ],
    [
      'a generationTime over 24 h old',
      'ns1:xml.generationTime.invalid',
      expect.stringContaining('generationTime'),
      async () => loginCms(url, 'sandbox', await enroll(), { tra: tra(-25 * HOUR, HOUR) }),
    ],
    [
      'a generationTime in the future',
      'ns1:xml.generationTime.invalid',
      expect.stringContaining('generationTime'),
      async () => loginCms(url, 'sandbox', await enroll(), { tra: tra(HOUR, 2 * HOUR) }),
    ],
    [
      'an expirationTime over 24 h ahead',
      'ns1:xml.expirationTime.invalid',
      'El tiempo de expiración del documento es superior a 24 horas',
      async () => loginCms(url, 'sandbox', await enroll(), { tra: tra(-HOUR, 25 * HOUR) }),
    ],
    [
      'an expirationTime in the past',
      'ns1:xml.expirationTime.expired',
      'El tiempo de expiración es inferior a la hora actual',
      async () => loginCms(url, 'sandbox', await enroll(), { tra: tra(-2 * HOUR, -HOUR) }),
    ],
    [
      'a TRA that is not XML',
      'ns1:xml.bad',
      'No se ha podido interpretar el XML contra el SCHEMA',
      async () => loginCms(url, 'sandbox', await enroll(), { tra: 'hola' }),
    ],
    [
      'garbage that is not a CMS',
      'ns1:cms.bad',
      'El CMS no es valido',
      async () =>
        postSoap(`${url}/emulator/sandbox/wsaa/LoginCms`, loginCmsEnvelope(Buffer.from('garbage').toString('base64')), {
          soapaction: '',
        }),
    ],
    [
      'garbage that is not base64',
      'ns1:cms.bad.base64',
      'No se puede decodificar el BASE64',
      async () => postSoap(`${url}/emulator/sandbox/wsaa/LoginCms`, loginCmsEnvelope('%%%'), { soapaction: '' }),
    ],
    [
      'a certificate of the CA whose key has public exponent 1 (anyone can forge its signatures)',
      'ns1:cms.sign.invalid',
      'Firma inválida o algoritmo no soportado',
      async () => {
        const cuit = newCuit();
        await portal(url, 'authorizations', { environment: 'sandbox', cuit, alias: `fe${cuit}`, service: 'wsfe' });
        const forgeable = makeLeaf({
          ca: caFromPem(emulatorCa('sandbox')),
          cuit,
          alias: `fe${cuit}`,
          key: identityExponentKey(testKey('rsa', { slot: 'leaf' })),
        });
        return loginCms(url, 'sandbox', credentialOf(forgeable));
      },
    ],
    [
      'a signature that does not verify',
      'ns1:cms.sign.invalid',
      'Firma inválida o algoritmo no soportado',
      async () => {
        const credential = await enroll();
        return loginCms(url, 'sandbox', { certificatePem: credential.certificatePem, privateKeyPem: otherKeyPem() });
      },
    ],
    [
      'no SOAPAction header',
      'ns1:Client.NoSOAPAction',
      'no SOAPAction header!',
      async () =>
        postSoap(`${url}/emulator/sandbox/wsaa/LoginCms`, loginCmsEnvelope('AAAA'), { 'content-type': 'text/xml' }),
    ],
  ];

  it.each(faults)('refuses %s → %s', async (_name, code, message, attempt) => {
    const reply = await attempt();
    expect(reply.status).toBe(500);
    expect(reply.fault).toEqual({ code, message });
  });

  it('writes non-ASCII in fault strings as character references, like Axis', async () => {
    const credential = await enroll();
    const reply = await loginCms(url, 'sandbox', {
      certificatePem: credential.certificatePem,
      privateKeyPem: otherKeyPem(),
    });
    expect(reply.text).toContain('<faultstring>Firma inv&#xE1;lida o algoritmo no soportado</faultstring>');
  });

  it('answers SOAP 1.2 in SOAP 1.2', async () => {
    const envelope =
      '<env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope" xmlns:w="http://wsaa.view.sua.dvadac.desein.afip.gov">' +
      '<env:Body><w:loginCms><w:in0>aGVsbG8=</w:in0></w:loginCms></env:Body></env:Envelope>';
    const reply = await postSoap(`${url}/emulator/sandbox/wsaa/LoginCms`, envelope, {
      'content-type': 'application/soap+xml; charset=utf-8',
    });
    expect(reply.status).toBe(500);
    expect(reply.contentType).toMatch(/^application\/soap\+xml/);
    expect(reply.fault).toEqual({ code: 'ns1:cms.bad', message: 'El CMS no es valido' });
  });
});

describe('emulated WSFEv1', () => {
  it('answers FEDummy', async () => {
    const reply = await wsfe(url, 'live', 'FEDummy');
    expect(reply.status).toBe(200);
    expect(reply.body.FEDummyResponse.FEDummyResult).toEqual({ AppServer: 'OK', DbServer: 'OK', AuthServer: 'OK' });
  });

  it('lists the points of sale registered at the portal, blocked and dropped ones included', async () => {
    const credential = await enroll({ environment: 'live' });
    for (const point of [{ number: 3 }, { number: 1, blocked: true }, { number: 2, dropped_on: '2025-06-30' }]) {
      expect(
        (await portal(url, 'points-of-sale', { environment: 'live', cuit: credential.cuit, ...point })).status,
      ).toBe(201);
    }
    const ticket = ticketOf(await loginCms(url, 'live', credential));
    const reply = await wsfe(url, 'live', 'FEParamGetPtosVenta', authXml({ ...ticket, cuit: credential.cuit }));
    expect(reply.status).toBe(200);
    expect(reply.body.FEParamGetPtosVentaResponse.FEParamGetPtosVentaResult.ResultGet.PtoVenta).toEqual([
      { Nro: '1', EmisionTipo: 'CAE', Bloqueado: 'S', FchBaja: 'NULL' },
      { Nro: '2', EmisionTipo: 'CAE', Bloqueado: 'N', FchBaja: '20250630' },
      { Nro: '3', EmisionTipo: 'CAE', Bloqueado: 'N', FchBaja: 'NULL' },
    ]);
  });

  it('takes a point of sale sent again to the portal in its new state, and still reports a dropped one (no 602)', async () => {
    const credential = await enroll({ environment: 'live' });
    const ticket = ticketOf(await loginCms(url, 'live', credential));
    const reported = async () => {
      const reply = await wsfe(url, 'live', 'FEParamGetPtosVenta', authXml({ ...ticket, cuit: credential.cuit }));
      return reply.body.FEParamGetPtosVentaResponse.FEParamGetPtosVentaResult;
    };
    expect((await reported()).Errors.Err).toMatchObject({ Code: '602' });
    const states = [
      [{ blocked: true }, { Bloqueado: 'S', FchBaja: 'NULL' }],
      [{ blocked: false }, { Bloqueado: 'N', FchBaja: 'NULL' }],
      [{ dropped_on: '2026-01-31' }, { Bloqueado: 'N', FchBaja: '20260131' }],
    ] as const;
    for (const [state, expected] of states) {
      const answer = await portal(url, 'points-of-sale', {
        environment: 'live',
        cuit: credential.cuit,
        number: 5,
        ...state,
      });
      expect(answer).toMatchObject({ status: 201, body: { number: 5, blocked: 'blocked' in state && state.blocked } });
      expect(await reported()).toEqual({ ResultGet: { PtoVenta: { Nro: '5', EmisionTipo: 'CAE', ...expected } } });
    }
    // The sandbox's points of sale are its own.
    const sandbox = await enroll({ environment: 'sandbox', cuit: credential.cuit });
    const sandboxTicket = ticketOf(await loginCms(url, 'sandbox', sandbox));
    const reply = await wsfe(
      url,
      'sandbox',
      'FEParamGetPtosVenta',
      authXml({ ...sandboxTicket, cuit: credential.cuit }),
    );
    expect(reply.body.FEParamGetPtosVentaResponse.FEParamGetPtosVentaResult.Errors.Err).toMatchObject({ Code: '602' });
  });

  describe('with a ticket', () => {
    let auth: { token: string; sign: string; cuit: string };
    beforeAll(async () => {
      const credential = await enroll({ environment: 'live' });
      auth = { ...ticketOf(await loginCms(url, 'live', credential)), cuit: credential.cuit };
    });
    const errorOf = async (inner: string) => {
      const reply = await wsfe(url, 'live', 'FEParamGetPtosVenta', inner);
      expect(reply.status).toBe(200);
      // Read from the text: the parser would trim the real message's trailing space.
      const [, code, message] =
        /<Errors><Err><Code>(\d+)<\/Code><Msg>([^<]*)<\/Msg><\/Err><\/Errors>/.exec(reply.text) ?? [];
      return { Code: code, Msg: message };
    };
    const staleToken = Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sso version="2.0"><id src="x" dst="CN=wsfe, O=AFIP, C=AR" unique_id="1" gen_time="1573830140" exp_time="1573873400"/></sso>',
    ).toString('base64');

    it.each([
      ['no points of sale', () => authXml(auth), '602', 'Sin Resultados: - Metodo FEParamGetPtosVenta'],
      [
        'the wrong sign',
        () => authXml({ ...auth, sign: Buffer.alloc(128, 1).toString('base64') }),
        '600',
        'ValidacionDeToken: Error al verificar hash: ',
      ],
      [
        'a token that is not one',
        () => authXml({ ...auth, token: 'bm9wZQ==' }),
        '600',
        expect.stringMatching(/^ValidacionDeToken: No valido token/),
      ],
      [
        'an expired token',
        () => authXml({ ...auth, token: staleToken }),
        '600',
        expect.stringMatching(
          /^ValidacionDeToken: No validaron las fechas del token\. GenTime=1573830140, ExpTime=1573873400, NowUTC=\d+$/,
        ),
      ],
      [
        'a CUIT the ticket does not cover',
        () => authXml({ ...auth, cuit: '20123456786' }),
        '601',
        'CUIT representada no incluida en Token',
      ],
      ['no Auth', () => '', '500', 'Campo Auth no fue ingresado o esta mal formado.'],
    ])('answers %s with error %s', async (_name, inner, code, message) => {
      expect(await errorOf(inner())).toEqual({ Code: code, Msg: message });
    });

    it('refuses a SOAPAction it does not serve, as ASMX does', async () => {
      const reply = await postSoap(
        `${url}/emulator/live/wsfev1/service.asmx`,
        '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><FEDummy xmlns="http://ar.gov.afip.dif.FEV1/"/></soap:Body></soap:Envelope>',
        { 'content-type': 'text/xml', soapaction: '"http://ar.gov.afip.dif.FEV1/FECAESolicitar"' },
      );
      expect(reply.status).toBe(500);
      expect(reply.fault?.code).toBe('soap:Client');
    });
  });

  it('answers in SOAP 1.2 when asked in SOAP 1.2', async () => {
    const envelope =
      '<soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope"><soap12:Body><FEDummy xmlns="http://ar.gov.afip.dif.FEV1/"/></soap12:Body></soap12:Envelope>';
    const reply = await postSoap(`${url}/emulator/sandbox/wsfev1/service.asmx`, envelope, {
      'content-type': 'application/soap+xml; charset=utf-8; action="http://ar.gov.afip.dif.FEV1/FEDummy"',
    });
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('http://www.w3.org/2003/05/soap-envelope');
    expect(soapParser.parse(reply.text).Envelope.Body.FEDummyResponse.FEDummyResult.AppServer).toBe('OK');
  });
});

describe('emulator availability', () => {
  it('is a JSON 404 for an unknown environment', async () => {
    const reply = await postSoap(`${url}/emulator/staging/wsaa/LoginCms`, loginCmsEnvelope('AAAA'), { soapaction: '' });
    expect(reply.status).toBe(404);
    expect(JSON.parse(reply.text).code).toBe('not_found');
  });

  it('is off (404) against the real authority', async () => {
    process.env.AR_AUTHORITY = 'afip';
    try {
      const portalReply = await call(certificatesRoute.POST, {
        body: { environment: 'sandbox', alias: 'x', csr: 'x' },
      });
      expect(portalReply.status).toBe(404);
      expect(portalReply.body.code).toBe('not_found');
      const soapReply = await call(loginCmsRoute.POST, {
        raw: loginCmsEnvelope('AAAA'),
        params: { environment: 'sandbox' },
        headers: { soapaction: '' },
      });
      expect(soapReply.status).toBe(404);
    } finally {
      process.env.AR_AUTHORITY = 'emulator';
    }
  });
});
