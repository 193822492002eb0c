// The emulated WSFEv1's invoicing over real HTTP and raw SOAP: numbering, CAE and lookups, the
// authority's refusals with their codes (tables: one change to a valid voucher → the code it earns),
// batches, concurrency on one sequence, the portal's taxpayers and faults, and the answer latency.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '@/lib/ar/cuit';
import { addDays } from '@/lib/emulator/wsfe-values';
import { startEmulatorServer, type EmulatorServer } from '@/tests/support/emulator-server';
import {
  authXml,
  enrolledCertificate,
  loginCms,
  portal,
  portalGet,
  postSoap,
  ticketOf,
  wsfe,
} from '@/tests/support/emulator-client';
import { expectDocumented } from '@/tests/support/documented';
import {
  consultar,
  lastNumber,
  list,
  RECEIVER_CUIT,
  requestXml,
  solicitar,
  today,
  voucher,
  type Auth,
  type Detail,
} from '@/tests/support/wsfe-vouchers';

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
    const cuit = withCheckDigit(`20${String(40_000_000 + ++counter * 17).padStart(8, '0')}`);
    if (cuit) return cuit;
  }
}

/** A supplier with a wsfe ticket, and its IVA condition set at the portal when asked. */
async function issuer(environment: 'sandbox' | 'live' = 'sandbox', vatStatus?: string): Promise<Auth> {
  const cuit = newCuit();
  const credential = await enrolledCertificate(url, { environment, cuit, alias: `fe${cuit}`, services: ['wsfe'] });
  if (vatStatus)
    expect((await portal(url, 'taxpayers', { environment, cuit, vat_status: vatStatus })).status).toBe(201);
  return { ...ticketOf(await loginCms(url, environment, credential)), cuit };
}

const CAE = /^\d{14}$/;

describe('numbering, CAE and lookups', () => {
  it('authorises the next number with a 14-digit CAE, due ten days after the voucher, and keeps it for FECompConsultar', async () => {
    const auth = await issuer();
    expect(await lastNumber(url, 'sandbox', auth, 3, 1)).toEqual({ PtoVta: '3', CbteTipo: '1', CbteNro: '0' });

    const answer = await solicitar(url, 'sandbox', auth, { pointOfSale: 3, voucherType: 1 }, [
      voucher('A', 1, {
        Tributos: [{ Id: 99, Desc: 'Impuesto Municipal', BaseImp: 100, Alic: 1, Importe: 1 }],
        ImpTrib: 1,
        ImpTotal: '122.00',
      }),
    ]);
    expect(answer.reply.status).toBe(200);
    expect(answer.head).toEqual({
      Cuit: auth.cuit,
      PtoVta: '3',
      CbteTipo: '1',
      FchProceso: expect.stringMatching(/^\d{14}$/),
      CantReg: '1',
      Resultado: 'A',
      Reproceso: 'N',
    });
    expect(answer.head.FchProceso?.slice(0, 8)).toBe(today());
    const [detail] = answer.details;
    expect(detail).toEqual({
      Concepto: '1',
      DocTipo: '80',
      DocNro: RECEIVER_CUIT,
      CbteDesde: '1',
      CbteHasta: '1',
      CbteFch: today(),
      Resultado: 'A',
      CAE: expect.stringMatching(CAE),
      CAEFchVto: addDays(today(), 10),
    });
    expect(answer.errors).toEqual([]);
    expect(await lastNumber(url, 'sandbox', auth, 3, 1)).toMatchObject({ CbteNro: '1' });

    const { result } = await consultar(url, 'sandbox', auth, 3, 1, 1);
    expect(result.ResultGet).toEqual({
      Concepto: '1',
      DocTipo: '80',
      DocNro: RECEIVER_CUIT,
      CbteDesde: '1',
      CbteHasta: '1',
      CbteFch: today(),
      ImpTotal: '122',
      ImpTotConc: '0',
      ImpNeto: '100',
      ImpOpEx: '0',
      ImpTrib: '1',
      ImpIVA: '21',
      FchServDesde: '',
      FchServHasta: '',
      FchVtoPago: '',
      MonId: 'PES',
      MonCotiz: '1',
      CondicionIVAReceptorId: '1',
      Tributos: { Tributo: { Id: '99', Desc: 'Impuesto Municipal', BaseImp: '100', Alic: '1', Importe: '1' } },
      Iva: { AlicIva: { Id: '5', BaseImp: '100', Importe: '21' } },
      Resultado: 'A',
      CodAutorizacion: detail!.CAE,
      EmisionTipo: 'CAE',
      FchVto: addDays(today(), 10),
      FchProceso: answer.head.FchProceso,
      PtoVta: '3',
      CbteTipo: '1',
    });
  });

  it.each([
    ['the same number again', 1, today()],
    ['a number past the next', 3, today()],
    ['a date before the last voucher', 2, addDays(today(), -1)],
  ])('refuses %s with Err 10016 and no CAE', async (_name, number, date) => {
    const auth = await issuer();
    expect(
      (await solicitar(url, 'sandbox', auth, { pointOfSale: 1, voucherType: 6 }, [voucher('B', 1)])).head.Resultado,
    ).toBe('A');
    const answer = await solicitar(url, 'sandbox', auth, { pointOfSale: 1, voucherType: 6 }, [
      voucher('B', number, { CbteFch: date }),
    ]);
    expect(answer.head.Resultado).toBe('R');
    expect(answer.details[0]).toMatchObject({ Resultado: 'R', CAE: '', CAEFchVto: '' });
    expect(answer.errors).toEqual([
      {
        Code: '10016',
        Msg: 'El numero o fecha del comprobante no se corresponde con el proximo a autorizar. Consultar metodo FECompUltimoAutorizado.',
      },
    ]);
    expect(await lastNumber(url, 'sandbox', auth, 1, 6)).toMatchObject({ CbteNro: '1' });
  });

  it('answers each detail of a batch on its own: P when some are refused, and the numbers after a refusal break the sequence', async () => {
    const auth = await issuer();
    const answer = await solicitar(url, 'sandbox', auth, { pointOfSale: 2, voucherType: 6 }, [
      voucher('B', 1),
      voucher('B', 2),
      voucher('B', 3, { ImpTotal: 999 }),
      voucher('B', 4),
    ]);
    expect(answer.head).toMatchObject({ Resultado: 'P', CantReg: '4' });
    expect(answer.details.map((detail) => detail.Resultado)).toEqual(['A', 'A', 'R', 'R']);
    expect(answer.observations).toEqual([[], [], ['10048'], []]);
    expect(answer.errors.map((error) => error.Code)).toEqual(['10016']);
    expect(new Set(answer.details.slice(0, 2).map((detail) => detail.CAE)).size).toBe(2);
    expect(await lastNumber(url, 'sandbox', auth, 2, 6)).toMatchObject({ CbteNro: '2' });
    expect((await consultar(url, 'sandbox', auth, 2, 6, 3)).result.Errors.Err).toEqual({
      Code: '602',
      Msg: 'No existen datos en nuestros registros para los parametros ingresados.',
    });
  });

  it('numbers a range of B vouchers to final consumers as one detail, and finds each of its numbers', async () => {
    const auth = await issuer();
    const answer = await solicitar(url, 'sandbox', auth, { pointOfSale: 5, voucherType: 6 }, [
      voucher('B', 1, {
        CbteHasta: 3,
        ImpTotal: 363,
        ImpNeto: 300,
        ImpIVA: 63,
        Iva: [{ Id: 5, BaseImp: 300, Importe: 63 }],
      }),
    ]);
    expect(answer.details[0]).toMatchObject({ Resultado: 'A', CbteDesde: '1', CbteHasta: '3' });
    expect(await lastNumber(url, 'sandbox', auth, 5, 6)).toMatchObject({ CbteNro: '3' });
    expect((await consultar(url, 'sandbox', auth, 5, 6, 2)).result.ResultGet).toMatchObject({
      CbteDesde: '1',
      CbteHasta: '3',
    });
  });

  it('gives one number to exactly one of several concurrent requests for it; the others get 10016', async () => {
    const auth = await issuer('sandbox', 'monotributo');
    const answers = await Promise.all(
      [1, 2, 3].map(() => solicitar(url, 'sandbox', auth, { pointOfSale: 9, voucherType: 11 }, [voucher('C', 1)])),
    );
    expect(answers.map((answer) => answer.head.Resultado).sort()).toEqual(['A', 'R', 'R']);
    expect(
      answers.filter((answer) => answer.head.Resultado === 'R').every((answer) => answer.errors[0]?.Code === '10016'),
    ).toBe(true);
    expect(await lastNumber(url, 'sandbox', auth, 9, 11)).toMatchObject({ CbteNro: '1' });
  }, 30_000);

  it('observes a voucher A to a Monotributista (10217) and a note whose associated voucher it does not hold (10041), authorising both', async () => {
    const auth = await issuer();
    const receiver = newCuit();
    expect(
      (await portal(url, 'taxpayers', { environment: 'sandbox', cuit: receiver, vat_status: 'monotributo' })).status,
    ).toBe(201);
    const invoice = await solicitar(url, 'sandbox', auth, { pointOfSale: 4, voucherType: 1 }, [
      voucher('A', 1, { DocNro: receiver, CondicionIVAReceptorId: 6 }),
    ]);
    expect(invoice.details[0]).toMatchObject({ Resultado: 'A', Observaciones: { Obs: { Code: '10217' } } });

    const notes = await solicitar(url, 'sandbox', auth, { pointOfSale: 4, voucherType: 3 }, [
      voucher('A', 1, { CbtesAsoc: [{ Tipo: 1, PtoVta: 4, Nro: 1, Cuit: auth.cuit, CbteFch: today() }] }),
      voucher('A', 2, { CbtesAsoc: [{ Tipo: 1, PtoVta: 4, Nro: 77 }] }),
    ]);
    expect(notes.details.map((detail) => detail.Resultado)).toEqual(['A', 'A']);
    expect(notes.observations).toEqual([[], ['10041']]);
    expect((await consultar(url, 'sandbox', auth, 4, 3, 2)).result.ResultGet).toMatchObject({
      CbtesAsoc: { CbteAsoc: { Tipo: '1', PtoVta: '4', Nro: '77' } },
      Observaciones: { Obs: { Code: '10041' } },
    });
  });

  it('answers in SOAP 1.2 when asked in SOAP 1.2', async () => {
    const auth = await issuer('sandbox', 'exento');
    const envelope =
      '<soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope" xmlns:ar="http://ar.gov.afip.dif.FEV1/">' +
      `<soap12:Body><ar:FECAESolicitar>${requestXml(auth, { pointOfSale: 1, voucherType: 11 }, [voucher('C', 1)])}</ar:FECAESolicitar></soap12:Body></soap12:Envelope>`;
    const reply = await postSoap(`${url}/emulator/sandbox/wsfev1/service.asmx`, envelope, {
      'content-type': 'application/soap+xml; charset=utf-8',
    });
    expect(reply.contentType).toContain('application/soap+xml');
    expect(reply.body.FECAESolicitarResponse.FECAESolicitarResult.FeDetResp.FECAEDetResponse).toMatchObject({
      Resultado: 'A',
      CAE: expect.stringMatching(CAE),
    });
  });

  it('routes a SOAP 1.1 call without SOAPAction by its body, as the real service does', async () => {
    const envelope =
      '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ar="http://ar.gov.afip.dif.FEV1/">' +
      '<soap:Body><ar:FEDummy/></soap:Body></soap:Envelope>';
    const reply = await postSoap(`${url}/emulator/sandbox/wsfev1/service.asmx`, envelope, {
      'content-type': 'text/xml; charset=utf-8',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.FEDummyResponse.FEDummyResult.AppServer).toBe('OK');
  });

  it('cannot read a request whose number does not parse: a soap:Client fault, as ASMX answers', async () => {
    const auth = await issuer('sandbox', 'monotributo');
    const reply = await wsfe(
      url,
      'sandbox',
      'FECAESolicitar',
      requestXml(auth, { pointOfSale: 1, voucherType: 11 }, [voucher('C', 1, { ImpTotal: 'cien' })]),
    );
    expect(reply.status).toBe(500);
    expect(reply.fault).toMatchObject({
      code: 'soap:Client',
      message: expect.stringMatching(/^Server was unable to read request/),
    });
  });
});

describe("the authority's refusals", () => {
  let responsable: Auth;
  let monotributista: Auth;
  beforeAll(async () => {
    [responsable, monotributista] = await Promise.all([issuer('sandbox'), issuer('sandbox', 'monotributo')]);
  });

  const services = { Concepto: 2, FchServDesde: today(), FchServHasta: today(), FchVtoPago: today() };
  // One change to a valid voucher → the observation code that refuses it (none of these consumes a number).
  const cases: [string, 'A' | 'B' | 'C', Detail, string][] = [
    ['a total that is not the sum of its parts', 'A', { ImpTotal: 150 }, '10048'],
    [
      'an IVA amount that is not its base at its rate',
      'A',
      { ImpIVA: 30, ImpTotal: 130, Iva: [{ Id: 5, BaseImp: 100, Importe: 30 }] },
      '10051',
    ],
    ['IVA lines that do not add up to ImpIVA', 'A', { Iva: [{ Id: 5, BaseImp: 100, Importe: 20 }] }, '10023'],
    ['IVA bases that do not add up to ImpNeto', 'A', { ImpNeto: 200, ImpTotal: 221 }, '10061'],
    ['a negative amount', 'A', { ImpOpEx: -1, ImpTotal: 120 }, '10044'],
    ['an IVA rate id that does not exist', 'A', { Iva: [{ Id: 7, BaseImp: 100, Importe: 21 }] }, '10019'],
    ['IVA without its lines', 'A', { Iva: null }, '10018'],
    ['no CondicionIVAReceptorId', 'A', { CondicionIVAReceptorId: null }, '10246'],
    ['a CondicionIVAReceptorId that does not exist', 'A', { CondicionIVAReceptorId: 2 }, '10242'],
    ['a final consumer on a voucher A', 'A', { CondicionIVAReceptorId: 5 }, '10243'],
    ['a Responsable Inscripto on a voucher B', 'B', { CondicionIVAReceptorId: 1 }, '10243'],
    ['a voucher A to someone without a CUIT', 'A', { DocTipo: 96, DocNro: 30123456 }, '10013'],
    [
      'a CUIT whose check digit is wrong',
      'A',
      { DocNro: `${RECEIVER_CUIT.slice(0, 10)}${(Number(RECEIVER_CUIT[10]) + 1) % 10}` },
      '10284',
    ],
    ['an unidentified consumer with a number', 'B', { DocNro: 123 }, '10015'],
    ['a document type that does not exist', 'B', { DocTipo: 42, DocNro: 123 }, '10015'],
    [
      'an unidentified consumer over RG 4444',
      'B',
      {
        ImpTotal: 12_100_000,
        ImpNeto: 10_000_000,
        ImpIVA: 2_100_000,
        Iva: [{ Id: 5, BaseImp: 10_000_000, Importe: 2_100_000 }],
      },
      '10015',
    ],
    ['the issuer as its own receiver', 'A', { DocNro: 'SELF' }, '10069'],
    ['a date six days ago for goods', 'B', { CbteFch: addDays(today(), -6) }, '10016'],
    ['a date that is not one', 'B', { CbteFch: '20261341' }, '10016'],
    ['services without their dates', 'B', { Concepto: 2 }, '10049'],
    ['services paid before the voucher', 'B', { ...services, FchVtoPago: addDays(today(), -1) }, '10036'],
    ['a concept that does not exist', 'B', { Concepto: 4 }, '10030'],
    ['pesos at a rate other than 1', 'B', { MonCotiz: 2 }, '10039'],
    ['a currency that does not exist', 'B', { MonId: 'XXX' }, '10037'],
    ['dollars at a fraction of their rate', 'B', { MonId: 'DOL', MonCotiz: 1 }, '10119'],
    ['a third decimal', 'B', { ImpTotal: '121.001' }, '10056'],
    ['a tribute amount without its tributes', 'B', { ImpTrib: 1, ImpTotal: 122 }, '10024'],
    [
      'a tribute 99 without a description',
      'B',
      { ImpTrib: 1, ImpTotal: 122, Tributos: [{ Id: 99, BaseImp: 100, Alic: 1, Importe: 1 }] },
      '10042',
    ],
    [
      'an invoice with a period of associated vouchers',
      'B',
      { PeriodoAsoc: { FchDesde: today(), FchHasta: today() } },
      '10198',
    ],
    ['optionals that are not in the table', 'B', { Opcionales: [{ Id: '9999', Valor: 'x' }] }, '10053'],
  ];

  it.each(cases)('refuses %s (%s) → %s', async (_name, kind, changes, code) => {
    const auth = kind === 'C' ? monotributista : responsable;
    const detail = voucher(kind, 1, { ...changes, ...(changes.DocNro === 'SELF' ? { DocNro: auth.cuit } : {}) });
    const answer = await solicitar(
      url,
      'sandbox',
      auth,
      { pointOfSale: 10, voucherType: kind === 'A' ? 1 : kind === 'B' ? 6 : 11 },
      [detail],
    );
    expect(answer.head.Resultado).toBe('R');
    expect(answer.details[0]).toMatchObject({ Resultado: 'R', CAE: '' });
    expect(answer.observations[0]).toContain(code);
    expect(answer.errors).toEqual([]);
  });

  it.each([
    ['IVA on a voucher C', { Iva: [{ Id: 5, BaseImp: 100, Importe: 21 }] }, '10071'],
    ['an IVA amount on a voucher C', { ImpIVA: 21, ImpTotal: 121 }, '10047'],
    ['a total C that is not ImpNeto + ImpTrib', { ImpTotal: 121 }, '10048'],
    ['a note C without what it adjusts', { voucherType: 13 }, '10197'],
  ] as const)('refuses %s → %s', async (_name, changes, code) => {
    const { voucherType = 11, ...fields } = changes as Detail & { voucherType?: number };
    const answer = await solicitar(
      url,
      'sandbox',
      monotributista,
      { pointOfSale: 11, voucherType: voucherType as number },
      [voucher('C', 1, fields)],
    );
    expect(answer.details[0]).toMatchObject({ Resultado: 'R' });
    expect(answer.observations[0]).toContain(code);
  });

  it.each([
    [
      'a voucher C from a Responsable Inscripto',
      () => responsable,
      11,
      [voucher('C', 1)],
      [
        {
          Code: '10000',
          Msg: 'NO AUTORIZADO A EMITIR COMPROBANTES - LA CUIT INFORMADA NO CORRESPONDE A RESPONSABLE MONOTRIBUTO',
        },
      ],
    ],
    [
      'a voucher A from a Monotributista',
      () => monotributista,
      1,
      [voucher('A', 1)],
      [
        {
          Code: '10000',
          Msg: 'NO AUTORIZADO A EMITIR COMPROBANTES - LA CUIT INFORMADA NO CORRESPONDE A UN RESPONSABLE INSCRIPTO EN EL IMPUESTO IVA.',
        },
      ],
    ],
    ['a voucher type it does not authorise', () => responsable, 201, [voucher('A', 1)], [{ Code: '10007' }]],
    [
      'more details than FECompTotXRequest allows',
      () => responsable,
      6,
      Array.from({ length: 251 }, (_, i) => voucher('B', i + 1)),
      [{ Code: '10003' }],
    ],
  ] as const)('refuses %s for the whole request (Errors)', async (_name, who, voucherType, details, errors) => {
    const answer = await solicitar(url, 'sandbox', who(), { pointOfSale: 12, voucherType }, [...details]);
    expect(answer.head).toMatchObject({ Resultado: 'R', CbteTipo: String(voucherType) });
    expect(answer.details.every((detail) => detail.Resultado === 'R' && detail.CAE === '')).toBe(true);
    expect(answer.errors).toMatchObject(errors);
  });

  it('refuses a CantReg that is not the number of details (10002)', async () => {
    const answer = await solicitar(url, 'sandbox', responsable, { pointOfSale: 12, voucherType: 6, count: 2 }, [
      voucher('B', 1),
    ]);
    expect(answer.errors).toEqual([
      { Code: '10002', Msg: 'Campo CantReg debe ser igual a lo informado en detalle. Informado: 2, Enviado:1' },
    ]);
  });
});

describe('points of sale', () => {
  it('takes any point of sale in the sandbox, but not one registered there as blocked', async () => {
    const auth = await issuer('sandbox');
    expect(
      (await solicitar(url, 'sandbox', auth, { pointOfSale: 4321, voucherType: 6 }, [voucher('B', 1)])).head.Resultado,
    ).toBe('A');
    expect(
      (await portal(url, 'points-of-sale', { environment: 'sandbox', cuit: auth.cuit, number: 8, blocked: true }))
        .status,
    ).toBe(201);
    const answer = await solicitar(url, 'sandbox', auth, { pointOfSale: 8, voucherType: 6 }, [voucher('B', 1)]);
    expect(answer.errors.map((error) => error.Code)).toEqual(['11002']);
  });

  it.each([
    ['not registered', null, '11002', '11002'],
    ['blocked', { blocked: true }, '11002', '11002'],
    ['dropped', { dropped_on: '2024-01-31' }, '11002', '11002'],
    ['registered and active', {}, null, null],
  ] as const)('in live, a point of sale %s', async (_name, registration, solicitarCode, ultimoCode) => {
    const auth = await issuer('live');
    if (registration)
      expect(
        (await portal(url, 'points-of-sale', { environment: 'live', cuit: auth.cuit, number: 6, ...registration }))
          .status,
      ).toBe(201);
    const answer = await solicitar(url, 'live', auth, { pointOfSale: 6, voucherType: 6 }, [voucher('B', 1)]);
    expect(answer.errors.map((error) => error.Code)).toEqual(solicitarCode ? [solicitarCode] : []);
    const last = await lastNumber(url, 'live', auth, 6, 6);
    expect(list(last.Errors?.Err).map((error: { Code: string }) => error.Code)).toEqual(ultimoCode ? [ultimoCode] : []);
    expect(last.CbteNro).toBe(ultimoCode ? '0' : '1');
  });
});

describe('parameters and lookups', () => {
  let auth: Auth;
  beforeAll(async () => {
    auth = await issuer();
  });
  const call = (operation: string, inner = '') =>
    wsfe(url, 'sandbox', operation, `${authXml(auth)}${inner}`).then(
      (reply) => reply.body[`${operation}Response`][`${operation}Result`],
    );

  it('answers the parameter tables with Id, Desc, FchDesde and FchHasta as the service does', async () => {
    expect((await call('FEParamGetTiposIva')).ResultGet.IvaTipo).toEqual([
      { Id: '3', Desc: '0%', FchDesde: '20090220', FchHasta: 'NULL' },
      { Id: '4', Desc: '10.5%', FchDesde: '20090220', FchHasta: 'NULL' },
      { Id: '5', Desc: '21%', FchDesde: '20090220', FchHasta: 'NULL' },
      { Id: '6', Desc: '27%', FchDesde: '20090220', FchHasta: 'NULL' },
      { Id: '8', Desc: '5%', FchDesde: '20141020', FchHasta: 'NULL' },
      { Id: '9', Desc: '2.5%', FchDesde: '20141020', FchHasta: 'NULL' },
    ]);
    expect((await call('FEParamGetTiposCbte')).ResultGet.CbteTipo[0]).toEqual({
      Id: '1',
      Desc: 'Factura A',
      FchDesde: '20100917',
      FchHasta: 'NULL',
    });
    expect((await call('FEParamGetTiposConcepto')).ResultGet.ConceptoTipo.map((row: { Id: string }) => row.Id)).toEqual(
      ['1', '2', '3'],
    );
    expect((await call('FEParamGetTiposDoc')).ResultGet.DocTipo[0]).toEqual({
      Id: '80',
      Desc: 'CUIT',
      FchDesde: '20080725',
      FchHasta: 'NULL',
    });
    expect((await call('FEParamGetTiposMonedas')).ResultGet.Moneda[1]).toEqual({
      Id: 'DOL',
      Desc: 'Dólar Estadounidense',
      FchDesde: '20090403',
      FchHasta: 'NULL',
    });
    expect(
      (await call('FEParamGetTiposTributos')).ResultGet.TributoTipo.map((row: { Id: string }) => row.Id),
    ).toContain('99');
    expect((await call('FECompTotXRequest')).RegXReq).toBe('250');
  });

  it.each([
    ['A', ['1', '6', '13', '16']],
    ['B', ['4', '5', '7', '8', '9', '10', '15']],
    ['49', ['5']],
  ])('lists the receiver conditions a class %s voucher accepts', async (kind, ids) => {
    const rows = list<{ Id: string; Cmp_Clase: string }>(
      (await call('FEParamGetCondicionIvaReceptor', `<ar:ClaseCmp>${kind}</ar:ClaseCmp>`)).ResultGet
        .CondicionIvaReceptor,
    );
    expect(rows.map((row) => row.Id)).toEqual(ids);
  });

  it('lists every receiver condition with its classes, and refuses a class that is not one (10244)', async () => {
    const rows = (await call('FEParamGetCondicionIvaReceptor')).ResultGet.CondicionIvaReceptor;
    expect(rows).toHaveLength(11);
    expect(rows[0]).toEqual({ Id: '1', Desc: 'IVA Responsable Inscripto', Cmp_Clase: 'A/M/C' });
    expect((await call('FEParamGetCondicionIvaReceptor', '<ar:ClaseCmp>Z</ar:ClaseCmp>')).Errors.Err.Code).toBe(
      '10244',
    );
  });

  it.each([
    [
      'DOL',
      '<ar:MonId>DOL</ar:MonId>',
      { ResultGet: { MonId: 'DOL', MonCotiz: '1000', FchCotiz: expect.stringMatching(/^\d{8}$/) } },
    ],
    [
      'DOL on a date',
      '<ar:MonId>DOL</ar:MonId><ar:FchCotiz>20260102</ar:FchCotiz>',
      { ResultGet: { MonId: 'DOL', MonCotiz: '1000', FchCotiz: '20260102' } },
    ],
    ['no currency', '', { Errors: { Err: { Code: '12001', Msg: 'Campo MonId es obligatorio ingresarlo.' } } }],
    [
      'a currency that does not exist',
      '<ar:MonId>XXX</ar:MonId>',
      { Errors: { Err: expect.objectContaining({ Code: '12000' }) } },
    ],
    [
      'a date that is not one',
      '<ar:MonId>DOL</ar:MonId><ar:FchCotiz>2026-01-02</ar:FchCotiz>',
      { Errors: { Err: expect.objectContaining({ Code: '12002' }) } },
    ],
    [
      'a currency without a reference rate',
      '<ar:MonId>019</ar:MonId>',
      { Errors: { Err: expect.objectContaining({ Code: '602' }) } },
    ],
  ])('quotes %s', async (_name, inner, expected) => {
    expect(await call('FEParamGetCotizacion', inner)).toEqual(expected);
  });

  it.each([
    ['FECompUltimoAutorizado', { PtoVta: '0', CbteTipo: '0', CbteNro: '0' }],
    ['FECompTotXRequest', { RegXReq: '0' }],
    ['FECAESolicitar', {}],
    ['FEParamGetTiposIva', {}],
  ])(
    'answers %s with bad credentials as the service does: its required integers as 0, and Err 600',
    async (operation, zeros) => {
      const reply = await wsfe(
        url,
        'sandbox',
        operation,
        authXml({ ...auth, sign: Buffer.alloc(64, 7).toString('base64') }),
      );
      expect(reply.body[`${operation}Response`][`${operation}Result`]).toEqual({
        ...zeros,
        Errors: { Err: { Code: '600', Msg: expect.stringMatching(/^ValidacionDeToken: Error al verificar hash/) } },
      });
    },
  );

  it.each([
    ['a point of sale out of range', { PtoVta: 0, CbteTipo: 1, CbteNro: 1 }, '10200'],
    ['a voucher type that does not exist', { PtoVta: 1, CbteTipo: 0, CbteNro: 1 }, '10201'],
    ['no number', { PtoVta: 1, CbteTipo: 1, CbteNro: 0 }, '10202'],
    ['a voucher never authorised', { PtoVta: 1, CbteTipo: 1, CbteNro: 5 }, '602'],
  ])('FECompConsultar refuses %s → %s', async (_name, query, code) => {
    const { result } = await consultar(url, 'sandbox', auth, query.PtoVta, query.CbteTipo, query.CbteNro);
    expect(result.ResultGet).toBeUndefined();
    expect(list<{ Code: string }>(result.Errors.Err).map((error) => error.Code)).toEqual([code]);
  });
});

describe('the portal: taxpayers and faults', () => {
  it("sets a CUIT's IVA condition, and shows it with the CUIT's vouchers, newest first", async () => {
    const auth = await issuer('sandbox');
    const before = await portalGet(url, `taxpayers/${auth.cuit}?environment=sandbox`);
    expectDocumented('GET /emulator/portal/taxpayers/{cuit}', before);
    expect(before.body).toEqual({
      environment: 'sandbox',
      cuit: auth.cuit,
      vat_status: 'responsable_inscripto',
      vouchers: [],
    });

    await solicitar(url, 'sandbox', auth, { pointOfSale: 1, voucherType: 6 }, [voucher('B', 1)]);
    await solicitar(url, 'sandbox', auth, { pointOfSale: 1, voucherType: 6 }, [
      voucher('B', 2, { ImpTotal: '121.5', ImpTotConc: '0.5' }),
    ]);
    const set = await portal(url, 'taxpayers', { environment: 'sandbox', cuit: auth.cuit, vat_status: 'monotributo' });
    expectDocumented('POST /emulator/portal/taxpayers', set);
    expect(set).toMatchObject({
      status: 201,
      body: { environment: 'sandbox', cuit: auth.cuit, vat_status: 'monotributo' },
    });

    const after = await portalGet(url, `taxpayers/${auth.cuit}?environment=sandbox`);
    expectDocumented('GET /emulator/portal/taxpayers/{cuit}', after);
    expect(after.body.vat_status).toBe('monotributo');
    expect(after.body.vouchers.map((item: { number: number; total: string }) => [item.number, item.total])).toEqual([
      [2, '121.5'],
      [1, '121'],
    ]);
    expect(after.body.vouchers[0]).toMatchObject({
      point_of_sale: 1,
      voucher_type: 6,
      receiver: { doc_type: 99, doc_number: '0' },
      currency: 'PES',
      cae: expect.stringMatching(CAE),
      date: `${today().slice(0, 4)}-${today().slice(4, 6)}-${today().slice(6)}`,
    });
    expect((await portalGet(url, `taxpayers/${auth.cuit}?environment=live`)).body.vouchers).toEqual([]);
  });

  it.each([
    ['taxpayers', { environment: 'sandbox', cuit: '20123456786', vat_status: 'autonomo' }, 'vat_status'],
    ['taxpayers', { environment: 'sandbox', cuit: '20123456780', vat_status: 'exento' }, 'cuit'],
    ['faults', { environment: 'sandbox', operation: 'FEXXX', fault: 'unavailable', count: 1 }, 'operation'],
    ['faults', { environment: 'sandbox', operation: 'FEDummy', fault: 'melt', count: 1 }, 'fault'],
    ['faults', { environment: 'sandbox', operation: 'FEDummy', fault: 'unavailable', count: -1 }, 'count'],
    ['faults', { environment: 'test', operation: 'FEDummy', fault: 'unavailable', count: 1 }, 'environment'],
  ])('refuses %s %j on its field', async (resource, body, field) => {
    const answer = await portal(url, resource, body);
    expectDocumented(`POST /emulator/portal/${resource}`, answer);
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.fields)).toEqual([field]);
  });

  it('answers 404 for a taxpayer path that is not a CUIT, and 400 without the environment', async () => {
    expect((await portalGet(url, 'taxpayers/123?environment=sandbox')).status).toBe(404);
    const missing = await portalGet(url, 'taxpayers/20123456786');
    expectDocumented('GET /emulator/portal/taxpayers/{cuit}', missing);
    expect(missing.body.code).toBe('invalid_parameter');
  });

  it('drop_response: the voucher IS authorised but its answer is lost (the connection is cut), for `count` calls', async () => {
    const auth = await issuer('sandbox');
    const set = await portal(url, 'faults', {
      environment: 'sandbox',
      operation: 'FECAESolicitar',
      fault: 'drop_response',
      count: 1,
    });
    expectDocumented('POST /emulator/portal/faults', set);
    expect(set).toEqual({
      status: 201,
      body: { environment: 'sandbox', operation: 'FECAESolicitar', fault: 'drop_response', count: 1 },
    });

    await expect(
      solicitar(url, 'sandbox', auth, { pointOfSale: 1, voucherType: 6 }, [voucher('B', 1)]),
    ).rejects.toThrow();
    expect(await lastNumber(url, 'sandbox', auth, 1, 6)).toMatchObject({ CbteNro: '1' });
    const { result } = await consultar(url, 'sandbox', auth, 1, 6, 1);
    expect(result.ResultGet).toMatchObject({ Resultado: 'A', CodAutorizacion: expect.stringMatching(CAE) });
    // The fault was for one call: the next one answers.
    expect(
      (await solicitar(url, 'sandbox', auth, { pointOfSale: 1, voucherType: 6 }, [voucher('B', 2)])).head.Resultado,
    ).toBe('A');
  });

  it('unavailable: HTTP 503 and nothing done, for `count` calls, only in its environment', async () => {
    const auth = await issuer('sandbox');
    expect(
      (
        await portal(url, 'faults', {
          environment: 'sandbox',
          operation: 'FECAESolicitar',
          fault: 'unavailable',
          count: 2,
        })
      ).status,
    ).toBe(201);
    for (const attempt of [1, 2]) {
      const answer = await solicitar(url, 'sandbox', auth, { pointOfSale: 1, voucherType: 6 }, [voucher('B', 1)]);
      expect(answer.reply.status, `attempt ${attempt}`).toBe(503);
      expect(answer.reply.text).toContain('HTTP Error 503. The service is unavailable.');
    }
    expect(await lastNumber(url, 'sandbox', auth, 1, 6)).toMatchObject({ CbteNro: '0' });
    expect(
      (await solicitar(url, 'sandbox', auth, { pointOfSale: 1, voucherType: 6 }, [voucher('B', 1)])).head.Resultado,
    ).toBe('A');
  });

  it("drop_response on WSAA's loginCms: the ticket is issued, so the next login is already authenticated", async () => {
    const cuit = newCuit();
    const credential = await enrolledCertificate(url, {
      environment: 'live',
      cuit,
      alias: `fe${cuit}`,
      services: ['wsfe'],
    });
    expect(
      (await portal(url, 'faults', { environment: 'live', operation: 'loginCms', fault: 'drop_response', count: 1 }))
        .status,
    ).toBe(201);
    await expect(loginCms(url, 'live', credential)).rejects.toThrow();
    expect((await loginCms(url, 'live', credential)).fault?.code).toBe('ns1:coe.alreadyAuthenticated');
  });

  it('clears a fault with count 0', async () => {
    expect(
      (await portal(url, 'faults', { environment: 'live', operation: 'FEDummy', fault: 'unavailable', count: 3 }))
        .status,
    ).toBe(201);
    expect((await wsfe(url, 'live', 'FEDummy')).status).toBe(503);
    expect(
      (await portal(url, 'faults', { environment: 'live', operation: 'FEDummy', fault: 'unavailable', count: 0 }))
        .status,
    ).toBe(201);
    expect((await wsfe(url, 'live', 'FEDummy')).status).toBe(200);
  });
});

describe('AR_EMULATOR_LATENCY_MS', () => {
  afterAll(() => {
    delete process.env.AR_EMULATOR_LATENCY_MS;
  });

  it('delays every SOAP answer without holding the event loop', async () => {
    process.env.AR_EMULATOR_LATENCY_MS = '400';
    let ticks = 0;
    const ticker = setInterval(() => {
      ticks += 1;
    }, 20);
    const started = performance.now();
    const replies = await Promise.all([wsfe(url, 'sandbox', 'FEDummy'), wsfe(url, 'live', 'FEDummy')]);
    const elapsed = performance.now() - started;
    clearInterval(ticker);
    expect(replies.map((reply) => reply.status)).toEqual([200, 200]);
    expect(elapsed).toBeGreaterThanOrEqual(395);
    // Two answers in parallel take one delay, not two, and timers kept firing meanwhile.
    expect(elapsed).toBeLessThan(790);
    expect(ticks).toBeGreaterThan(10);

    delete process.env.AR_EMULATOR_LATENCY_MS;
    const quick = performance.now();
    await wsfe(url, 'sandbox', 'FEDummy');
    expect(performance.now() - quick).toBeLessThan(300);
  });
});
