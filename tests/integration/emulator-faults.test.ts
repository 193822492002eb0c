// The emulator's harsher faults over real HTTP and raw SOAP, each proved by what the authority did and
// what the client saw: a proxy's 502 after the commit, a late answer, lookups behind the book, the whole
// environment down (FEDummy saying so); bad fault bodies refused with a code; and the authority's book,
// paged in reconciliation order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '@/lib/ar/cuit';
import { startEmulatorServer, type EmulatorServer } from '@/tests/support/emulator-server';
import { enrolledCertificate, loginCms, portal, portalGet, ticketOf, wsfe } from '@/tests/support/emulator-client';
import { expectDocumented } from '@/tests/support/documented';
import { consultar, lastNumber, solicitar, voucher, type Auth } from '@/tests/support/wsfe-vouchers';

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
    const cuit = withCheckDigit(`20${String(41_000_000 + ++counter * 13).padStart(8, '0')}`);
    if (cuit) return cuit;
  }
}

/** Faults are per environment; these tests use `live` (its points of sale must be registered first). */
async function issuer(pointsOfSale: number[] = [1]): Promise<Auth> {
  const cuit = newCuit();
  const credential = await enrolledCertificate(url, {
    environment: 'live',
    cuit,
    alias: `ff${cuit}`,
    services: ['wsfe'],
  });
  for (const number of pointsOfSale) {
    expect((await portal(url, 'points-of-sale', { environment: 'live', cuit, number })).status).toBe(201);
  }
  return { ...ticketOf(await loginCms(url, 'live', credential)), cuit };
}

const setFault = async (body: Record<string, unknown>) => {
  const answer = await portal(url, 'faults', { environment: 'live', ...body });
  expectDocumented('POST /emulator/portal/faults', answer);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
};
const issueB = (auth: Auth, number: number, pointOfSale = 1) =>
  solicitar(url, 'live', auth, { pointOfSale, voucherType: 6 }, [voucher('B', number)]);

describe('faults', () => {
  it('error_after_commit: the voucher IS authorised, the client gets a proxy 502 HTML page', async () => {
    const auth = await issuer();
    expect(await setFault({ operation: 'FECAESolicitar', fault: 'error_after_commit', count: 1 })).toEqual({
      environment: 'live',
      operation: 'FECAESolicitar',
      fault: 'error_after_commit',
      count: 1,
    });
    const answer = await issueB(auth, 1);
    expect(answer.reply.status).toBe(502);
    expect(answer.reply.contentType).toMatch(/^text\/html/);
    expect(answer.reply.text).toContain('502 Bad Gateway');
    expect(await lastNumber(url, 'live', auth, 1, 6)).toMatchObject({ CbteNro: '1' });
    expect((await consultar(url, 'live', auth, 1, 6, 1)).result.ResultGet).toMatchObject({ Resultado: 'A' });
    expect((await issueB(auth, 2)).reply.status).toBe(200);
  });

  it('slow: carried out at once, answered after delay_ms', async () => {
    const auth = await issuer();
    await setFault({ operation: 'FECAESolicitar', fault: 'slow', delay_ms: 1500, count: 1 });
    const started = Date.now();
    const pending = issueB(auth, 1);
    // The voucher is in the book while its answer is still on the way.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await lastNumber(url, 'live', auth, 1, 6)).toMatchObject({ CbteNro: '1' });
    const answer = await pending;
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(answer.head.Resultado).toBe('A');
  });

  it.each([
    [600, 300, 600],
    [300, 800, 800],
  ])(
    'with AR_EMULATOR_LATENCY_MS=%i, work of %i ms (a slow fault) is answered at %i ms: the latency runs from arrival',
    async (latency, work, answeredAt) => {
      const auth = await issuer();
      await setFault({ operation: 'FECAESolicitar', fault: 'slow', delay_ms: work, count: 1 });
      process.env.AR_EMULATOR_LATENCY_MS = String(latency);
      try {
        const started = performance.now();
        expect((await issueB(auth, 1)).head.Resultado).toBe('A');
        const elapsed = performance.now() - started;
        expect(elapsed).toBeGreaterThanOrEqual(answeredAt - 5);
        expect(elapsed).toBeLessThan(answeredAt + 250); // not the latency after the work: 900 and 1100
      } finally {
        delete process.env.AR_EMULATOR_LATENCY_MS;
      }
    },
  );

  it('lagging_lookup: the next `count` lookups of that operation do not see vouchers of the last delay_ms', async () => {
    const auth = await issuer();
    expect((await issueB(auth, 1)).head.Resultado).toBe('A');
    await setFault({ operation: 'FECompUltimoAutorizado', fault: 'lagging_lookup', delay_ms: 60_000, count: 1 });
    await setFault({ operation: 'FECompConsultar', fault: 'lagging_lookup', delay_ms: 60_000, count: 1 });
    expect(await lastNumber(url, 'live', auth, 1, 6)).toMatchObject({ CbteNro: '0' });
    expect((await consultar(url, 'live', auth, 1, 6, 1)).result.Errors.Err).toMatchObject({ Code: '602' });
    // Counted per call: the next lookups see the book whole.
    expect(await lastNumber(url, 'live', auth, 1, 6)).toMatchObject({ CbteNro: '1' });
    expect((await consultar(url, 'live', auth, 1, 6, 1)).result.ResultGet).toMatchObject({ Resultado: 'A' });
  });

  it('lagging_lookup still shows what was authorised before the lag', async () => {
    const auth = await issuer();
    expect((await issueB(auth, 1)).head.Resultado).toBe('A');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await issueB(auth, 2)).head.Resultado).toBe('A');
    await setFault({ operation: 'FECompUltimoAutorizado', fault: 'lagging_lookup', delay_ms: 1000, count: 1 });
    expect(await lastNumber(url, 'live', auth, 1, 6)).toMatchObject({ CbteNro: '1' });
  });

  it('down: every operation of the environment refused for duration_ms, FEDummy says so, then all is back', async () => {
    const auth = await issuer();
    const recorded = await setFault({ fault: 'down', duration_ms: 1500, count: 1 });
    expect(recorded).toMatchObject({ operation: '*', fault: 'down', duration_ms: 1500 });
    const refused = await issueB(auth, 1);
    expect(refused.reply.status).toBe(503);
    expect((await wsfe(url, 'live', 'FECompUltimoAutorizado', '')).status).toBe(503);
    const dummy = await wsfe(url, 'live', 'FEDummy');
    expect(dummy.status).toBe(200);
    expect(dummy.body.FEDummyResponse.FEDummyResult).toEqual({
      AppServer: 'FAIL',
      DbServer: 'FAIL',
      AuthServer: 'FAIL',
    });
    // The other environment is not concerned.
    expect((await wsfe(url, 'sandbox', 'FEDummy')).body.FEDummyResponse.FEDummyResult.AppServer).toBe('OK');
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect((await wsfe(url, 'live', 'FEDummy')).body.FEDummyResponse.FEDummyResult.AppServer).toBe('OK');
    expect(await lastNumber(url, 'live', auth, 1, 6)).toMatchObject({ CbteNro: '0' });
    expect((await issueB(auth, 1)).head.Resultado).toBe('A');
  });

  it('down with count 0 lifts the outage at once', async () => {
    await setFault({ fault: 'down', duration_ms: 60_000, count: 1 });
    expect((await wsfe(url, 'live', 'FECompTotXRequest')).status).toBe(503);
    await setFault({ fault: 'down', duration_ms: 1, count: 0 });
    expect((await wsfe(url, 'live', 'FECompTotXRequest')).status).toBe(200);
  });

  it.each([
    [{ operation: 'FECAESolicitar', fault: 'slow', count: 1 }, 'delay_ms missing'],
    [{ operation: 'FECAESolicitar', fault: 'lagging_lookup', delay_ms: 10, count: 1 }, 'not a lookup'],
    [{ fault: 'down', count: 1 }, 'duration_ms missing'],
    [{ operation: 'FECAESolicitar', fault: 'unavailable', count: 1, delay_ms: 5 }, 'a field it does not take'],
    [{ operation: 'FECAESolicitar', fault: 'melt', count: 1 }, 'unknown fault'],
    [{ operation: 'FECAESolicitar', fault: 'slow', delay_ms: -1, count: 1 }, 'negative delay'],
  ] as [Record<string, unknown>, string][])('refuses %j (%s) with 422 validation_failed', async (body) => {
    const answer = await portal(url, 'faults', { environment: 'live', ...body });
    expectDocumented('POST /emulator/portal/faults', answer);
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('validation_failed');
  });
});

describe("the authority's book", () => {
  it('lists every voucher by point of sale, type and number, paged with an opaque cursor', async () => {
    const auth = await issuer([1, 2]);
    for (const number of [1, 2, 3]) expect((await issueB(auth, number, 2)).head.Resultado).toBe('A');
    for (const number of [1, 2]) expect((await issueB(auth, number, 1)).head.Resultado).toBe('A');
    const a = await solicitar(url, 'live', auth, { pointOfSale: 1, voucherType: 1 }, [voucher('A', 1)]);
    expect(a.head.Resultado).toBe('A');

    const seen: { point_of_sale: number; voucher_type: number; number: number; cae: string }[] = [];
    let cursor: string | undefined;
    do {
      const page = await portalGet(
        url,
        `taxpayers/${auth.cuit}/vouchers?environment=live&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expectDocumented('GET /emulator/portal/taxpayers/{cuit}/vouchers', page);
      expect(page.status).toBe(200);
      expect(page.body.limit).toBe(2);
      seen.push(...page.body.list);
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen.map((item) => [item.point_of_sale, item.voucher_type, item.number])).toEqual([
      [1, 1, 1],
      [1, 6, 1],
      [1, 6, 2],
      [2, 6, 1],
      [2, 6, 2],
      [2, 6, 3],
    ]);
    expect(seen[1]).toMatchObject({
      number_to: 1,
      cae: expect.stringMatching(/^\d{14}$/),
      total: '121',
      currency: 'PES',
      receiver: { doc_type: 99, doc_number: '0' },
      service: 'wsfe',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      processed_at: expect.stringMatching(/Z$/),
    });
    expect(seen[0]!.cae).toBe(a.details[0]!.CAE);

    const one = await portalGet(url, `taxpayers/${auth.cuit}/vouchers?environment=live&point_of_sale=2&voucher_type=6`);
    expect(one.body.list.map((item: { number: number }) => item.number)).toEqual([1, 2, 3]);
    expect(one.body.limit).toBe(20);
    expect(one.body.next_cursor).toBeUndefined();
  });

  it.each([
    ['environment=live&cursor=bm90LWEtY3Vyc29y', 400, 'invalid_cursor'],
    ['environment=live&cursor=%25%25', 400, 'invalid_cursor'],
    ['environment=live&limit=0', 400, undefined],
    ['environment=live&limit=101', 400, undefined],
    ['environment=mars', 400, undefined],
  ])('answers ?%s with %i %s, never a 500', async (query, status, code) => {
    const answer = await portalGet(url, `taxpayers/20123456786/vouchers?${query}`);
    expectDocumented('GET /emulator/portal/taxpayers/{cuit}/vouchers', answer);
    expect(answer.status).toBe(status);
    if (code) expect(answer.body.code).toBe(code);
  });
});
