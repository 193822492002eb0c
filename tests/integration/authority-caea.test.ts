// Our WSFEv1 CAEA client against the emulated authority over real HTTP: the fortnight's CAEA asked (and asked
// again: the same one), looked up, refused outside its window; the points of sale with their EmisionTipo; vouchers
// informed in a batch, each with its result, and a lost answer reported as such, never sent again by itself
// (the vouchers were informed: the lookups show them); a point of sale informed as unused, once, and looked up;
// and the authority `down`. The clock is set (Date only) so that the rules' days are reachable any day.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FECAEDetRequest } from '@/lib/ar/arca/wsfe-detail';
import { withCheckDigit } from '@/lib/ar/cuit';
import { loginCms } from '@/lib/authority/wsaa-client';
import { feParamGetPtosVenta } from '@/lib/authority/wsfe-client';
import {
  feCaeaConsultar,
  feCaeaRegInformativo,
  feCaeaSinMovimientoConsultar,
  feCaeaSinMovimientoInformar,
  feCaeaSolicitar,
  type CaeaDetail,
} from '@/lib/authority/wsfe-caea';
import { feCompConsultar, feCompUltimoAutorizado } from '@/lib/authority/wsfe-vouchers';
import { problemOf } from '@/tests/support/authority';
import { enrolledCertificate, portal } from '@/tests/support/emulator-client';
import { prepareKeys } from '@/tests/support/pki';
import { useEmulator } from '@/tests/support/registration';

beforeAll(() => prepareKeys());
const emulator = useEmulator();
afterEach(() => vi.useRealTimers());
// The first certificate and login make the database and the keys: slow, so not inside a test's time.
beforeAll(async () => {
  await enrolledCertificate(emulator(), { environment: 'live', cuit: newCuit(), alias: 'caeaclientwarmup' });
});

/** Noon in Argentina on the day (yyyy-mm-dd). */
const at = (day: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${day}T12:00:00-03:00`));
};

let counter = 0;
const newCuit = () => {
  for (;;) {
    const cuit = withCheckDigit(`20${String(43_000_000 + ++counter * 23).padStart(8, '0')}`);
    if (cuit) return cuit;
  }
};

/** A live supplier with a CAE point of sale 1 and CAEA points of sale 5 and 6, and its wsfe ticket. */
async function supplier() {
  const cuit = newCuit();
  const credential = await enrolledCertificate(emulator(), {
    environment: 'live',
    cuit,
    alias: `caeaclient${cuit}`,
    services: ['wsfe'],
  });
  for (const point of [{ number: 1 }, { number: 5, emission: 'CAEA' }, { number: 6, emission: 'CAEA' }]) {
    expect((await portal(emulator(), 'points-of-sale', { environment: 'live', cuit, ...point })).status).toBe(201);
  }
  const ticket = await loginCms('live', 'wsfe', credential);
  return { token: ticket.token, sign: ticket.sign, cuit };
}

/** A B voucher to a final consumer, made on the 20th in contingency. */
const bVoucher = (number: number, caea: string): CaeaDetail => {
  const detail: FECAEDetRequest = {
    Concepto: 1,
    DocTipo: 99,
    DocNro: 0,
    CbteDesde: number,
    CbteHasta: number,
    CbteFch: '20261120',
    ImpTotal: '121.00',
    ImpTotConc: '0.00',
    ImpNeto: '100.00',
    ImpOpEx: '0.00',
    ImpTrib: '0.00',
    ImpIVA: '21.00',
    MonId: 'PES',
    MonCotiz: '1',
    CondicionIVAReceptorId: 5,
    Iva: { AlicIva: [{ Id: 5, BaseImp: '100.00', Importe: '21.00' }] },
  };
  return { ...detail, CAEA: caea, CbteFchHsGen: `20261120${String(100000 + number).slice(-6)}` };
};

const NOVEMBER_SECOND = { period: 202611, half: 2 } as const;

describe('the CAEA of a fortnight', () => {
  it('is asked, asked again (the same one), looked up, and refused outside its window with the code kept', async () => {
    at('2026-11-20');
    const auth = await supplier();
    const caea = await feCaeaSolicitar('live', auth, NOVEMBER_SECOND);
    expect(caea).toEqual({
      caea: expect.stringMatching(/^\d{14}$/),
      fortnight: NOVEMBER_SECOND,
      validFrom: '20261116',
      validTo: '20261130',
      reportBy: '20261230',
      processedAt: expect.stringMatching(/^20261120\d{6}$/),
      observations: [],
    });
    expect((await feCaeaSolicitar('live', auth, NOVEMBER_SECOND)).caea).toBe(caea.caea);
    expect((await feCaeaConsultar('live', auth, NOVEMBER_SECOND))?.caea).toBe(caea.caea);
    expect(await feCaeaConsultar('live', auth, { period: 202611, half: 1 })).toBeUndefined();

    const early = await problemOf(feCaeaSolicitar('live', auth, { period: 202612, half: 1 }));
    expect(early.problem).toBe('rejected');
    expect(early.detail?.faultCode).toBe('15006');
  });

  it('the points of sale say which are CAE and which CAEA', async () => {
    const auth = await supplier();
    expect((await feParamGetPtosVenta('live', auth)).map((point) => [point.number, point.emissionType])).toEqual([
      [1, 'CAE'],
      [5, 'CAEA'],
      [6, 'CAEA'],
    ]);
  });
});

describe('informing vouchers issued under it', () => {
  it('a batch answers each voucher; the lookups then show them under the CAEA', async () => {
    at('2026-11-20');
    const auth = await supplier();
    const { caea } = await feCaeaSolicitar('live', auth, NOVEMBER_SECOND);
    const sequence = { pointOfSale: 5, docType: 6 };
    const report = await feCaeaRegInformativo('live', auth, sequence, [bVoucher(1, caea), bVoucher(2, caea)]);
    expect(report).toEqual({
      result: 'A',
      processedAt: expect.stringMatching(/^20261120\d{6}$/),
      errors: [],
      details: [
        { number: 1, numberTo: 1, accepted: true, caea, observations: [] },
        { number: 2, numberTo: 2, accepted: true, caea, observations: [] },
      ],
    });
    expect(await feCompUltimoAutorizado('live', auth, sequence)).toBe(2);
    expect(await feCompConsultar('live', auth, sequence, 2)).toMatchObject({
      number: 2,
      cae: caea,
      caeDue: '20261130',
    });

    const refused = await feCaeaRegInformativo('live', auth, sequence, [
      bVoucher(3, caea),
      { ...bVoucher(4, caea), Concepto: 7 },
    ]);
    expect(refused.result).toBe('P');
    expect(refused.details.map((detail) => [detail.number, detail.accepted])).toEqual([
      [3, true],
      [4, false],
    ]);
    expect(refused.details[1]!.observations.map((observation) => observation.code)).toEqual(['713']);
  });

  it('a lost answer is reported, not sent again: the authority has the vouchers, as its lookups say', async () => {
    at('2026-11-20');
    const auth = await supplier();
    const { caea } = await feCaeaSolicitar('live', auth, NOVEMBER_SECOND);
    const fault = { environment: 'live', operation: 'FECAEARegInformativo', fault: 'drop_response', count: 1 };
    expect((await portal(emulator(), 'faults', fault)).status).toBe(201);
    const sequence = { pointOfSale: 5, docType: 6 };
    const lost = await problemOf(feCaeaRegInformativo('live', auth, sequence, [bVoucher(1, caea)]));
    expect(lost.problem).toBe('unavailable');
    // Sent once: had the client sent it again, the authority would have answered 703 and the client returned it.
    expect(await feCompUltimoAutorizado('live', auth, sequence)).toBe(1);
    expect(await feCompConsultar('live', auth, sequence, 1)).toMatchObject({ cae: caea });
  });
});

describe('a point of sale unused during the fortnight', () => {
  it('is informed once (again: already informed), and looked up', async () => {
    at('2026-11-20');
    const auth = await supplier();
    const { caea } = await feCaeaSolicitar('live', auth, NOVEMBER_SECOND);
    expect(await feCaeaSinMovimientoInformar('live', auth, caea, 6)).toEqual({
      alreadyInformed: false,
      processedOn: '20261120',
    });
    expect(await feCaeaSinMovimientoInformar('live', auth, caea, 6)).toEqual({
      alreadyInformed: true,
      processedOn: '20261120',
    });
    expect(await feCaeaSinMovimientoConsultar('live', auth, caea, 6)).toEqual([
      { caea, pointOfSale: 6, processedOn: '20261120' },
    ]);
    expect(await feCaeaSinMovimientoConsultar('live', auth, caea, 5)).toEqual([]);
    const onCae = await problemOf(feCaeaSinMovimientoInformar('live', auth, caea, 1));
    expect(onCae.detail?.faultCode).toBe('1204');
  });
});

describe('the authority down', () => {
  it('refuses the CAEA operations until the outage ends by itself', async () => {
    at('2026-11-20');
    const auth = await supplier();
    const down = { environment: 'live', fault: 'down', duration_ms: 60_000, count: 1 };
    expect((await portal(emulator(), 'faults', down)).status).toBe(201);
    expect((await problemOf(feCaeaSolicitar('live', auth, NOVEMBER_SECOND))).problem).toBe('unavailable');
    expect((await problemOf(feCaeaConsultar('live', auth, NOVEMBER_SECOND))).problem).toBe('unavailable');
    vi.setSystemTime(new Date('2026-11-20T12:01:01-03:00'));
    expect((await feCaeaSolicitar('live', auth, NOVEMBER_SECOND)).caea).toMatch(/^\d{14}$/);
  });
});
