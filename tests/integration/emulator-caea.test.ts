// The emulated WSFEv1's CAEA over real HTTP and raw SOAP, rule by rule (docs/contingency.md): a CAEA per CUIT
// and fortnight, asked within its window; points of sale told apart; vouchers informed in batches on a CAEA
// point of sale, numbered, dated within the CAEA, kept for the lookups and the book; a point of sale informed as
// unused, once; the refusals with the manual's codes (tables: one change to a valid request → its code). The
// clock is set (Date only) so that each rule's day is reachable whatever day the suite runs.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { withCheckDigit } from '@/lib/ar/cuit';
import { startEmulatorServer, type EmulatorServer } from '@/tests/support/emulator-server';
import { enrolledCertificate, loginCms, portal, portalGet, ticketOf, wsfe } from '@/tests/support/emulator-client';
import { expectDocumented } from '@/tests/support/documented';
import { consultar, lastNumber, solicitar, voucher, type Auth } from '@/tests/support/wsfe-vouchers';
import { caeaVoucher, informar, sinMovimiento, solicitarCaea } from '@/tests/support/wsfe-caea';

process.env.AR_AUTHORITY = 'emulator';
let server: EmulatorServer;
let url: string;
beforeAll(async () => {
  server = await startEmulatorServer();
  url = server.url;
  // The first certificate makes the emulator's CA and the database: slow, so not inside a test's time.
  await enrolledCertificate(url, { environment: 'sandbox', cuit: newCuit(), alias: 'caeawarmup' });
});
afterAll(() => server?.stop());
afterEach(() => vi.useRealTimers());

/** Noon in Argentina on the day (yyyy-mm-dd). */
const at = (day: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${day}T12:00:00-03:00`));
};

let counter = 0;
function newCuit(): string {
  for (;;) {
    const cuit = withCheckDigit(`20${String(42_000_000 + ++counter * 19).padStart(8, '0')}`);
    if (cuit) return cuit;
  }
}

const credentials = new Map<string, Parameters<typeof loginCms>[2]>();
/** The same certificate's ticket again, once the clock moved past the first ticket's life. */
const loginCmsAgain = (auth: Auth, environment: 'sandbox' | 'live' = 'sandbox') =>
  loginCms(url, environment, credentials.get(auth.cuit)!);
/** The clock moved to the day, and the supplier's ticket for it. */
const onDay = async (day: string, auth: Auth, environment: 'sandbox' | 'live' = 'live') => {
  at(day);
  return { ...ticketOf(await loginCmsAgain(auth, environment)), cuit: auth.cuit };
};

type Point = { number: number; emission?: 'CAE' | 'CAEA'; blocked?: boolean };

/** A supplier with a wsfe ticket and, registered at the portal, these points of sale. */
async function issuer(environment: 'sandbox' | 'live', points: Point[] = []): Promise<Auth> {
  const cuit = newCuit();
  const credential = await enrolledCertificate(url, { environment, cuit, alias: `ca${cuit}`, services: ['wsfe'] });
  credentials.set(cuit, credential);
  for (const point of points) {
    const answer = await portal(url, 'points-of-sale', { environment, cuit, ...point });
    expectDocumented('POST /emulator/portal/points-of-sale', answer);
    expect(answer.status).toBe(201);
  }
  return { ...ticketOf(await loginCms(url, environment, credential)), cuit };
}
/** In live: a CAE point of sale 1 and a CAEA point of sale 5 (and 6, 7). */
const LIVE_POINTS: Point[] = [
  { number: 1 },
  { number: 5, emission: 'CAEA' },
  { number: 6, emission: 'CAEA' },
  { number: 7, emission: 'CAEA' },
];

async function grantedCaea(environment: 'sandbox' | 'live', auth: Auth, period = 202611, order = 2) {
  const { result, errors } = await solicitarCaea(url, environment, auth, period, order);
  expect(errors).toEqual([]);
  return result!.CAEA!;
}

describe('FECAEASolicitar and FECAEAConsultar', () => {
  it('grants the fortnight a 14-digit CAEA with its validity and reporting deadline, once per CUIT (15008)', async () => {
    at('2026-11-20');
    const auth = await issuer('sandbox');
    const first = await solicitarCaea(url, 'sandbox', auth, 202611, 2);
    expect(first.reply.status).toBe(200);
    expect(first.result).toEqual({
      CAEA: expect.stringMatching(/^\d{14}$/),
      Periodo: '202611',
      Orden: '2',
      FchVigDesde: '20261116',
      FchVigHasta: '20261130',
      FchTopeInf: '20261230',
      FchProceso: expect.stringMatching(/^20261120\d{6}$/),
    });

    const again = await solicitarCaea(url, 'sandbox', auth, 202611, 2);
    expect(again.errors).toEqual(['15008']);
    expect(again.result).toBeUndefined();
    const looked = await solicitarCaea(url, 'sandbox', auth, 202611, 2, 'FECAEAConsultar');
    expect(looked.errors).toEqual([]);
    expect(looked.result).toMatchObject({ CAEA: first.result!.CAEA, FchTopeInf: '20261230', FchProceso: '20261120' });

    // Another CUIT's CAEA for the same fortnight is its own.
    const other = await issuer('sandbox');
    expect(await grantedCaea('sandbox', other)).not.toBe(first.result!.CAEA);
  });

  it.each([
    ['2026-11-10', 202611, 2, ['15006']],
    ['2026-11-11', 202611, 2, []],
    ['2026-11-30', 202611, 2, []],
    ['2026-12-01', 202611, 2, ['15006']],
    ['2026-11-20', 202611, 1, ['15006']],
    ['2026-12-28', 202701, 1, []],
    ['2026-11-20', 202613, 1, ['15004']],
    ['2026-11-20', 202611, 3, ['15005']],
    ['2026-11-20', 2026, 0, ['15004', '15005']],
  ] as const)('on %s, Periodo %i Orden %i → %j', async (day, period, order, expected) => {
    at(day);
    const auth = await issuer('sandbox');
    const { errors, result } = await solicitarCaea(url, 'sandbox', auth, period, order);
    expect(errors).toEqual(expected);
    if (expected.length === 0) expect(result?.CAEA).toMatch(/^\d{14}$/);
  });

  it("15006 says the window in the service's words and dates", async () => {
    at('2026-11-20');
    const auth = await issuer('sandbox');
    const reply = await solicitarCaea(url, 'sandbox', auth, 202612, 1);
    expect(reply.reply.body.FECAEASolicitarResponse.FECAEASolicitarResult.Errors.Err.Msg).toBe(
      'Fecha de envío podrá ser desde 5 días corridos anteriores al inicio hasta el último dia de cada quincena. Del 11/26/2026 hasta 12/15/2026',
    );
  });

  it.each([
    [[], ['15003', '15016']],
    [[{ number: 5, emission: 'CAEA' }], ['15016']],
    [[{ number: 1 }], ['15003']],
    [[{ number: 1 }, { number: 5, emission: 'CAEA', blocked: true }], ['15003']],
    [[{ number: 1 }, { number: 5, emission: 'CAEA' }], []],
  ] as [Point[], string[]][])(
    'live, points of sale %j → %j (a CAEA point, and a CAE one as the main way, RG 5782)',
    async (points, expected) => {
      at('2026-11-20');
      const auth = await issuer('live', points);
      expect((await solicitarCaea(url, 'live', auth, 202611, 2)).errors).toEqual(expected);
    },
  );

  it('observes 15014 for a CUIT owing the reports of 2 consecutive fortnights, listing each fortnight and point', async () => {
    at('2026-09-20');
    let auth = await issuer('live', [{ number: 1 }, { number: 5, emission: 'CAEA' }, { number: 6, emission: 'CAEA' }]);
    const september = await grantedCaea('live', auth, 202609, 2);
    // September's second half: point 5 informed a voucher, point 6 nothing (owed).
    auth = await onDay('2026-09-25', auth);
    const informed = await informar(url, 'live', auth, { pointOfSale: 5, voucherType: 6 }, [
      caeaVoucher('B', 1, september, { CbteFch: '20260925', CbteFchHsGen: '20260925100000' }),
    ]);
    expect(informed.head.Resultado).toBe('A');
    auth = await onDay('2026-10-10', auth);
    const october = await grantedCaea('live', auth, 202610, 1);
    auth = await onDay('2026-10-20', auth);
    expect((await sinMovimiento(url, 'live', auth, october, 5)).result.Resultado).toBe('A');

    // 20 November: both deadlines (30 October, 14 November) passed, and point 6 reported neither.
    auth = await onDay('2026-11-20', auth);
    const owing = await solicitarCaea(url, 'live', auth, 202611, 2);
    expect(owing.errors).toEqual([]);
    expect(owing.result?.CAEA).toMatch(/^\d{14}$/);
    const observation = owing.reply.body.FECAEASolicitarResponse.FECAEASolicitarResult.ResultGet.Observaciones.Obs;
    expect(observation.Code).toBe('15014');
    expect(observation.Msg).toMatch(/: 202609;2;6, 202610;1;6$/);

    // Reported, the CUIT owes nothing: the next fortnight's CAEA comes without it.
    expect((await sinMovimiento(url, 'live', auth, october, 6)).result.Resultado).toBe('A');
    expect((await sinMovimiento(url, 'live', auth, september, 6)).result.Resultado).toBe('A');
    auth = await onDay('2026-11-28', auth);
    const clear = await solicitarCaea(url, 'live', auth, 202612, 1);
    expect(clear.errors).toEqual([]);
    expect(clear.reply.body.FECAEASolicitarResponse.FECAEASolicitarResult.ResultGet.Observaciones).toBeUndefined();
  });

  it('FECAEAConsultar: 602 with Periodo and Orden echoed when the fortnight has no CAEA; its own checks', async () => {
    at('2026-11-20');
    const auth = await issuer('sandbox');
    const none = await solicitarCaea(url, 'sandbox', auth, 202610, 2, 'FECAEAConsultar');
    expect(none.errors).toEqual(['602']);
    expect(none.result).toEqual({ Periodo: '202610', Orden: '2' });
    expect((await solicitarCaea(url, 'sandbox', auth, 202600, 2, 'FECAEAConsultar')).errors).toEqual(['15004']);
    expect((await solicitarCaea(url, 'sandbox', auth, 202610, 0, 'FECAEAConsultar')).errors).toEqual(['15005']);
  });
});

describe('points of sale', () => {
  it('FEParamGetPtosVenta tells CAE and CAEA points of sale apart (EmisionTipo)', async () => {
    const auth = await issuer('live', LIVE_POINTS.slice(0, 2));
    const reply = await wsfe(
      url,
      'live',
      'FEParamGetPtosVenta',
      `<ar:Auth><ar:Token>${auth.token}</ar:Token><ar:Sign>${auth.sign}</ar:Sign><ar:Cuit>${auth.cuit}</ar:Cuit></ar:Auth>`,
    );
    expect(reply.body.FEParamGetPtosVentaResponse.FEParamGetPtosVentaResult.ResultGet.PtoVenta).toEqual([
      { Nro: '1', EmisionTipo: 'CAE', Bloqueado: 'N', FchBaja: 'NULL' },
      { Nro: '5', EmisionTipo: 'CAEA', Bloqueado: 'N', FchBaja: 'NULL' },
    ]);
  });

  it('a CAE point of sale refuses CAEA vouchers (701) and a CAEA one refuses FECAESolicitar (11002)', async () => {
    at('2026-11-20');
    const auth = await issuer('live', LIVE_POINTS);
    const caea = await grantedCaea('live', auth);
    const onCae = await informar(url, 'live', auth, { pointOfSale: 1, voucherType: 6 }, [caeaVoucher('B', 1, caea)]);
    expect(onCae.errors).toEqual(['701']);
    expect(onCae.head.Resultado).toBe('R');
    const onCaea = await solicitar(url, 'live', auth, { pointOfSale: 5, voucherType: 6 }, [voucher('B', 1)]);
    expect(onCaea.errors.map((error) => error.Code)).toEqual(['11002']);
  });
});

describe('FECAEARegInformativo', () => {
  it('informs a batch on the CAEA point of sale: numbered, kept for FECompUltimoAutorizado, FECompConsultar and the book', async () => {
    at('2026-11-20');
    const auth = await issuer('live', LIVE_POINTS);
    const caea = await grantedCaea('live', auth);
    const batch = [1, 2, 3].map((number) => caeaVoucher('B', number, caea));
    const answer = await informar(url, 'live', auth, { pointOfSale: 5, voucherType: 6 }, batch);
    expect(answer.reply.status).toBe(200);
    expect(answer.errors).toEqual([]);
    expect(answer.head).toEqual({
      Cuit: auth.cuit,
      PtoVta: '5',
      CbteTipo: '6',
      FchProceso: expect.stringMatching(/^20261120\d{6}$/),
      CantReg: '3',
      Resultado: 'A',
      Reproceso: 'N',
    });
    expect(answer.details.map((detail) => [detail.CbteDesde, detail.Resultado, detail.CAEA])).toEqual([
      ['1', 'A', caea],
      ['2', 'A', caea],
      ['3', 'A', caea],
    ]);

    expect(await lastNumber(url, 'live', auth, 5, 6)).toMatchObject({ CbteNro: '3' });
    const found = (await consultar(url, 'live', auth, 5, 6, 2)).result.ResultGet;
    expect(found).toMatchObject({
      CbteDesde: '2',
      CbteFch: '20261120',
      Resultado: 'A',
      CodAutorizacion: caea,
      EmisionTipo: 'CAEA',
      FchVto: '20261130',
    });
    const book = await portalGet(url, `taxpayers/${auth.cuit}/vouchers?environment=live`);
    expectDocumented('GET /emulator/portal/taxpayers/{cuit}/vouchers', book);
    expect(book.body.list).toHaveLength(3);
    expect(book.body.list[0]).toMatchObject({ point_of_sale: 5, voucher_type: 6, number: 1, caea });
    expect(book.body.list[0].cae).toBeUndefined();

    // Informing one already informed breaks the numbering (703, once, for the request); nothing is kept twice.
    const again = await informar(url, 'live', auth, { pointOfSale: 5, voucherType: 6 }, [caeaVoucher('B', 2, caea)]);
    expect(again.errors).toEqual(['703']);
    expect(again.head.Resultado).toBe('R');
    expect(await lastNumber(url, 'live', auth, 5, 6)).toMatchObject({ CbteNro: '3' });
  });

  it('a batch answers each detail: P when one is refused, and the ones after it break the numbering', async () => {
    at('2026-11-20');
    const auth = await issuer('sandbox');
    const caea = await grantedCaea('sandbox', auth);
    const answer = await informar(url, 'sandbox', auth, { pointOfSale: 9, voucherType: 6 }, [
      caeaVoucher('B', 1, caea),
      caeaVoucher('B', 2, caea, { Concepto: 9 }),
      caeaVoucher('B', 3, caea),
    ]);
    expect(answer.head.Resultado).toBe('P');
    expect(answer.details.map((detail) => detail.Resultado)).toEqual(['A', 'R', 'R']);
    expect(answer.observations).toEqual([[], ['713'], []]);
    expect(answer.errors).toEqual(['703']);
  });

  it.each([
    ['no CAEA', { CAEA: null }, 'errors', '782'],
    ['a CAEA the book does not hold', { CAEA: '12345678901234' }, 'refused', '780'],
    ['a date before the CAEA', { CbteFch: '20261115', CbteFchHsGen: '20261115103000' }, 'refused', '702'],
    ['a date after the CAEA', { CbteFch: '20261201', CbteFchHsGen: '20261201103000' }, 'refused', '702'],
    ['no CbteFchHsGen (every CAEA point is contingency)', { CbteFchHsGen: null }, 'refused', '1440'],
    ['CbteFchHsGen not yyyymmddhhmiss', { CbteFchHsGen: '20261120' }, 'refused', '1441'],
    [
      'buyers (Compradores)',
      { Compradores: [{ DocTipo: 80, DocNro: '20111111112', Porcentaje: 100 }] },
      'refused',
      '1432',
    ],
    ['Concepto 4', { Concepto: 4 }, 'refused', '713'],
    ['currency XXX', { MonId: 'XXX' }, 'refused', '1401'],
    ['MonCotiz 2 for pesos', { MonCotiz: 2 }, 'refused', '726'],
    ['no receiver condition (RG 5616)', { CondicionIVAReceptorId: null }, 'refused', '826'],
    ['receiver condition 99', { CondicionIVAReceptorId: 99 }, 'refused', '823'],
    ['a total that does not add up', { ImpTotal: 130 }, 'observed', '724'],
    ['receiver condition 1 on a B', { CondicionIVAReceptorId: 1 }, 'observed', '824'],
    ['made 7 days from its date (goods)', { CbteFchHsGen: '20261127103000' }, 'observed', '1445'],
  ] as const)('a B voucher with %s (%j) → %s %s', async (_name, changes, how, code) => {
    at('2026-11-20');
    const auth = await issuer('sandbox');
    const caea = await grantedCaea('sandbox', auth);
    const detail = caeaVoucher('B', 1, caea, changes as never);
    const answer = await informar(url, 'sandbox', auth, { pointOfSale: 9, voucherType: 6 }, [detail]);
    if (how === 'errors') {
      expect(answer.errors).toEqual([code]);
      expect(answer.details[0]!.Resultado).toBe('R');
    } else {
      expect(answer.errors).toEqual([]);
      expect(answer.observations[0]).toContain(code);
      expect(answer.details[0]!.Resultado).toBe(how === 'refused' ? 'R' : 'A');
    }
  });

  it.each([
    ['an A of two numbers', 'A', 1, { CbteHasta: 2 }, '711'],
    ['an A to a DNI', 'A', 1, { DocTipo: 96, DocNro: 30123456 }, '1403'],
    ['a C with IVA', 'C', 11, { Iva: [{ Id: 5, BaseImp: 100, Importe: 21 }] }, '1443'],
  ] as const)('%s → %s', async (_name, kind, voucherType, changes, code) => {
    at('2026-11-20');
    const auth = await issuer('sandbox');
    const caea = await grantedCaea('sandbox', auth);
    const answer = await informar(url, 'sandbox', auth, { pointOfSale: 9, voucherType }, [
      caeaVoucher(kind, 1, caea, changes as never),
    ]);
    expect(answer.observations[0]).toContain(code);
    expect(answer.details[0]!.Resultado).toBe('R');
  });

  it("another CUIT's CAEA is refused (705)", async () => {
    at('2026-11-20');
    const owner = await issuer('sandbox');
    const caea = await grantedCaea('sandbox', owner);
    const auth = await issuer('sandbox');
    const answer = await informar(url, 'sandbox', auth, { pointOfSale: 9, voucherType: 6 }, [
      caeaVoucher('B', 1, caea),
    ]);
    expect(answer.observations[0]).toContain('705');
  });

  it('on the day the CAEA starts, its vouchers cannot be informed yet (1414); the next day they can', async () => {
    at('2026-11-16');
    const auth = await issuer('sandbox');
    const caea = await grantedCaea('sandbox', auth);
    const early = await informar(url, 'sandbox', auth, { pointOfSale: 9, voucherType: 6 }, [caeaVoucher('B', 1, caea)]);
    expect(early.observations[0]).toContain('1414');
    at('2026-11-17');
    const fresh = { ...ticketOf(await loginCmsAgain(auth)), cuit: auth.cuit };
    const next = await informar(url, 'sandbox', fresh, { pointOfSale: 9, voucherType: 6 }, [
      caeaVoucher('B', 1, caea, { CbteFch: '20261116', CbteFchHsGen: '20261116180000' }),
    ]);
    expect(next.head.Resultado).toBe('A');
  });

  it.each([
    ['PtoVta 0', { pointOfSale: 0, voucherType: 6 }, 1, '1300'],
    ['CbteTipo 201 (FCE)', { pointOfSale: 9, voucherType: 201 }, 1, '700'],
    ['CantReg 2 for one detail', { pointOfSale: 9, voucherType: 6, count: 2 }, 1, '10002'],
  ] as const)('the header: %s → %s in Errors, every detail refused', async (_name, header, _n, code) => {
    at('2026-11-20');
    const auth = await issuer('sandbox');
    const caea = await grantedCaea('sandbox', auth);
    const answer = await informar(url, 'sandbox', auth, header, [caeaVoucher('B', 1, caea)]);
    expect(answer.errors).toContain(code);
    expect(answer.head.Resultado).toBe('R');
  });
});

describe('FECAEASinMovimientoInformar and FECAEASinMovimientoConsultar', () => {
  it('informs an unused CAEA point of sale once (1209 after), and looks it up', async () => {
    at('2026-11-20');
    const auth = await issuer('live', LIVE_POINTS);
    const caea = await grantedCaea('live', auth);
    const first = await sinMovimiento(url, 'live', auth, caea, 7);
    expect(first.result).toEqual({ CAEA: caea, FchProceso: '20261120', PtoVta: '7', Resultado: 'A' });
    const again = await sinMovimiento(url, 'live', auth, caea, 7);
    expect(again.errors).toEqual(['1209']);
    expect(again.result.Resultado).toBe('R');
    expect((await sinMovimiento(url, 'live', auth, caea, 6)).result.Resultado).toBe('A');

    const one = await sinMovimiento(url, 'live', auth, caea, 7, 'FECAEASinMovimientoConsultar');
    expect(one.result.ResultGet.FECAEASinMov).toEqual({ CAEA: caea, FchProceso: '20261120', PtoVta: '7' });
    const all = await sinMovimiento(url, 'live', auth, caea, 0, 'FECAEASinMovimientoConsultar');
    expect(all.result.ResultGet.FECAEASinMov.map((row: { PtoVta: string }) => row.PtoVta)).toEqual(['6', '7']);

    // A voucher informed on a point informed as unused is observed (1424).
    const late = await informar(url, 'live', auth, { pointOfSale: 7, voucherType: 6 }, [caeaVoucher('B', 1, caea)]);
    expect(late.head.Resultado).toBe('A');
    expect(late.observations[0]).toContain('1424');
  });

  it("refuses a used point (1202), a code not a CAEA (1200), malformed (1207), a CAE point (1204), out of range (1206), not the CUIT's (1201)", async () => {
    at('2026-11-20');
    const auth = await issuer('live', LIVE_POINTS);
    const caea = await grantedCaea('live', auth);
    expect(
      (await informar(url, 'live', auth, { pointOfSale: 5, voucherType: 6 }, [caeaVoucher('B', 1, caea)])).head
        .Resultado,
    ).toBe('A');
    expect((await sinMovimiento(url, 'live', auth, caea, 5)).errors).toEqual(['1202']);
    expect((await sinMovimiento(url, 'live', auth, '12345678901234', 6)).errors).toEqual(['1200']);
    expect((await sinMovimiento(url, 'live', auth, '1234', 6)).errors).toEqual(['1207']);
    expect((await sinMovimiento(url, 'live', auth, caea, 1)).errors).toEqual(['1204']);
    expect((await sinMovimiento(url, 'live', auth, caea, 0)).errors).toEqual(['1206']);
    const other = await issuer('live', LIVE_POINTS);
    expect((await sinMovimiento(url, 'live', other, caea, 6)).errors).toEqual(['1201']);

    expect((await sinMovimiento(url, 'live', auth, caea, 6, 'FECAEASinMovimientoConsultar')).errors).toEqual(['10102']);
    expect((await sinMovimiento(url, 'live', auth, caea, 5, 'FECAEASinMovimientoConsultar')).errors).toEqual(['10105']);
    expect((await sinMovimiento(url, 'live', auth, 'x', 5, 'FECAEASinMovimientoConsultar')).errors).toEqual(['10100']);
  });

  it('on the day the CAEA starts, a point cannot be informed as unused yet (1203)', async () => {
    at('2026-11-16');
    const auth = await issuer('sandbox');
    const caea = await grantedCaea('sandbox', auth);
    expect((await sinMovimiento(url, 'sandbox', auth, caea, 9)).errors).toEqual(['1203']);
  });
});

describe("the portal's faults on the CAEA operations", () => {
  const setFault = async (body: Record<string, unknown>) => {
    const answer = await portal(url, 'faults', { environment: 'sandbox', count: 1, ...body });
    expectDocumented('POST /emulator/portal/faults', answer);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  };
  /** Today's fortnight, in real time: its window is always open. */
  const current = () => {
    const day = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');
    return { period: Number(day.slice(0, 6)), order: Number(day.slice(6)) <= 15 ? 1 : 2 };
  };

  it('drop_response: the CAEA IS granted, the answer lost; asking again is 15008 and FECAEAConsultar has it', async () => {
    const auth = await issuer('sandbox');
    const { period, order } = current();
    await setFault({ operation: 'FECAEASolicitar', fault: 'drop_response' });
    await expect(solicitarCaea(url, 'sandbox', auth, period, order)).rejects.toThrow();
    expect((await solicitarCaea(url, 'sandbox', auth, period, order)).errors).toEqual(['15008']);
    expect((await solicitarCaea(url, 'sandbox', auth, period, order, 'FECAEAConsultar')).result?.CAEA).toMatch(
      /^\d{14}$/,
    );
  });

  it('unavailable refuses FECAEARegInformativo (503), error_after_commit carries it out behind a proxy 502', async () => {
    at('2026-11-20');
    const auth = await issuer('sandbox');
    const caea = await grantedCaea('sandbox', auth);
    await setFault({ operation: 'FECAEARegInformativo', fault: 'unavailable' });
    const refused = await informar(url, 'sandbox', auth, { pointOfSale: 9, voucherType: 6 }, [
      caeaVoucher('B', 1, caea),
    ]);
    expect(refused.reply.status).toBe(503);
    expect(await lastNumber(url, 'sandbox', auth, 9, 6)).toMatchObject({ CbteNro: '0' });
    await setFault({ operation: 'FECAEARegInformativo', fault: 'error_after_commit' });
    const behindProxy = await informar(url, 'sandbox', auth, { pointOfSale: 9, voucherType: 6 }, [
      caeaVoucher('B', 1, caea),
    ]);
    expect(behindProxy.reply.status).toBe(502);
    expect(await lastNumber(url, 'sandbox', auth, 9, 6)).toMatchObject({ CbteNro: '1' });
  });

  it('lagging_lookup: FECAEAConsultar does not see a CAEA granted in the lag', async () => {
    const auth = await issuer('sandbox');
    const { period, order } = current();
    const caea = await grantedCaea('sandbox', auth, period, order);
    await setFault({ operation: 'FECAEAConsultar', fault: 'lagging_lookup', delay_ms: 5000 });
    expect((await solicitarCaea(url, 'sandbox', auth, period, order, 'FECAEAConsultar')).errors).toEqual(['602']);
    expect((await solicitarCaea(url, 'sandbox', auth, period, order, 'FECAEAConsultar')).result?.CAEA).toBe(caea);
  });

  it('lagging_lookup: FECAEASinMovimientoConsultar does not see a point informed as unused in the lag', async () => {
    at('2026-11-20');
    const auth = await issuer('sandbox');
    const caea = await grantedCaea('sandbox', auth);
    expect((await sinMovimiento(url, 'sandbox', auth, caea, 9)).result.Resultado).toBe('A');
    await setFault({ operation: 'FECAEASinMovimientoConsultar', fault: 'lagging_lookup', delay_ms: 5000 });
    const lookup = () => sinMovimiento(url, 'sandbox', auth, caea, 9, 'FECAEASinMovimientoConsultar');
    expect((await lookup()).errors).toEqual(['10102']);
    expect((await lookup()).result.ResultGet.FECAEASinMov).toMatchObject({ CAEA: caea, PtoVta: '9' });
  });

  it('down for a while refuses every CAEA operation, then ends by itself', async () => {
    at('2026-11-20');
    const auth = await issuer('sandbox');
    await setFault({ fault: 'down', duration_ms: 120_000 });
    expect((await solicitarCaea(url, 'sandbox', auth, 202611, 2)).reply.status).toBe(503);
    expect((await sinMovimiento(url, 'sandbox', auth, '12345678901234', 9)).reply.status).toBe(503);
    expect((await wsfe(url, 'sandbox', 'FEDummy')).body.FEDummyResponse.FEDummyResult.AppServer).toBe('FAIL');
    vi.setSystemTime(new Date('2026-11-20T12:02:01-03:00'));
    expect((await solicitarCaea(url, 'sandbox', auth, 202611, 2)).errors).toEqual([]);
  });
});
