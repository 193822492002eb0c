// Our WSFEX client against the emulated authority over real HTTP: a GOBL export invoice mapped, numbered from
// FEXGetLast_CMP under the request Id FEXGetLast_ID gives, authorised once and settled again by its Id, looked up
// by FEXGetCMP (also lagging behind the book); the parameter tables; a ticket for another service (1000) or
// another CUIT (1001); and `down`.
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareArcaInvoice } from '@/lib/ar/arca/prepare';
import { toFexRequest, withExportNumber } from '@/lib/ar/arca/wsfex-mapping';
import { loginCms } from '@/lib/authority/wsaa-client';
import { fexDummy, fexExchangeRate, fexParameters } from '@/lib/authority/wsfex-client';
import { fexAuthorize, fexCheckPermiso, fexGetCmp, fexGetLastCmp, fexGetLastId } from '@/lib/authority/wsfex-vouchers';
import { portal } from '@/tests/support/emulator-client';
import { invoiceDoc } from '@/tests/support/invoice-docs';
import { makeCa, makeLeaf, prepareKeys } from '@/tests/support/pki';
import { useEmulator } from '@/tests/support/registration';
import { freshCuit } from '@/tests/support/scenario';
import { problemOf } from '@/tests/support/authority';

beforeAll(() => prepareKeys());
const emulator = useEmulator();
let aliases = 0;

async function ticketFor(service: 'wsfex' | 'wsfe', cuit = freshCuit('30')) {
  const alias = `fexclient${++aliases}`;
  const leaf = makeLeaf({ ca: makeCa('sandbox'), cuit, alias });
  expect((await portal(emulator(), 'authorizations', { environment: 'sandbox', cuit, alias, service })).status).toBe(
    201,
  );
  const ticket = await loginCms('sandbox', service, {
    certificatePem: leaf.certificatePem,
    privateKeyPem: leaf.keyPem,
  });
  return { token: ticket.token, sign: ticket.sign, cuit };
}

const today = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

function dollarExport(cuit: string) {
  const prepared = prepareArcaInvoice(
    structuredClone(
      invoiceDoc(cuit, {
        series: '4',
        issue_date: today(),
        currency: 'USD',
        exchange_rates: [{ from: 'USD', to: 'ARS', amount: '1045.5' }],
        tax: { ext: { 'ar-arca-doc-letter': 'E', 'ar-fex-language': '2' } },
      }),
    ),
  );
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.fields));
  return toFexRequest(prepared.doc);
}

describe('an export through our WSFEX client', () => {
  it('is numbered after the last, authorised under the next request Id, settled by that Id again, and found', async () => {
    const auth = await ticketFor('wsfex');
    expect(await fexDummy('sandbox')).toEqual({ appServer: 'OK', dbServer: 'OK', authServer: 'OK' });
    const sequence = { pointOfSale: 4, docType: 19 };
    expect(await fexGetLastCmp('sandbox', auth, sequence)).toEqual({ number: 0, date: null });
    const id = (await fexGetLastId('sandbox', auth)) + 1;
    const request = withExportNumber(dollarExport(auth.cuit), id, 1);

    const first = await fexAuthorize('sandbox', auth, request);
    expect(first).toMatchObject({ id, number: 1, approved: true, reprocessed: false });
    expect(first.cae).toMatch(/^\d{14}$/);
    const again = await fexAuthorize('sandbox', auth, request);
    expect(again).toMatchObject({ approved: true, reprocessed: true, cae: first.cae });

    expect(await fexGetLastId('sandbox', auth)).toBe(id);
    expect((await fexGetLastCmp('sandbox', auth, sequence)).number).toBe(1);
    const found = await fexGetCmp('sandbox', auth, sequence, 1);
    expect(found).toMatchObject({ id, number: 1, cae: first.cae, caeDue: first.caeDue });
    expect(found?.fields).toMatchObject({ Moneda_Id: 'DOL', Moneda_ctz: '1045.500000', Imp_total: '200.00' });
    expect(await fexGetCmp('sandbox', auth, sequence, 2)).toBeUndefined();
  });

  it('a used Id for another voucher is refused (1014), a number out of sequence too (1535)', async () => {
    const auth = await ticketFor('wsfex');
    const voucher = dollarExport(auth.cuit);
    expect((await fexAuthorize('sandbox', auth, withExportNumber(voucher, 7, 1))).approved).toBe(true);
    const reused = await fexAuthorize('sandbox', auth, withExportNumber(voucher, 7, 2));
    expect(reused).toMatchObject({ approved: false, error: { code: '1014' } });
    const skipped = await fexAuthorize('sandbox', auth, withExportNumber(voucher, 8, 3));
    expect(skipped).toMatchObject({ approved: false, error: { code: '1535' } });
  });

  it('the same Id sent twice at once is one voucher: both answers carry its CAE, one of them reprocessed', async () => {
    const auth = await ticketFor('wsfex');
    const request = withExportNumber(dollarExport(auth.cuit), 1, 1);
    const answers = await Promise.all([fexAuthorize('sandbox', auth, request), fexAuthorize('sandbox', auth, request)]);
    expect(answers.map((answer) => answer.approved)).toEqual([true, true]);
    expect(answers[0]!.cae).toBe(answers[1]!.cae);
    expect(answers.map((answer) => answer.reprocessed).sort()).toEqual([false, true]);
    expect((await fexGetLastCmp('sandbox', auth, { pointOfSale: 4, docType: 19 })).number).toBe(1);
  });

  it('a lagging lookup (fault lagging_lookup) sees the book as it was: no voucher yet, then the voucher', async () => {
    const auth = await ticketFor('wsfex');
    const sequence = { pointOfSale: 4, docType: 19 };
    expect((await fexAuthorize('sandbox', auth, withExportNumber(dollarExport(auth.cuit), 1, 1))).approved).toBe(true);
    for (const operation of ['FEXGetLast_CMP', 'FEXGetCMP']) {
      const fault = { environment: 'sandbox', operation, fault: 'lagging_lookup', count: 1, delay_ms: 60_000 };
      expect((await portal(emulator(), 'faults', fault)).status).toBe(201);
    }
    expect((await fexGetLastCmp('sandbox', auth, sequence)).number).toBe(0);
    expect(await fexGetCmp('sandbox', auth, sequence, 1)).toBeUndefined();
    expect((await fexGetLastCmp('sandbox', auth, sequence)).number).toBe(1);
    expect((await fexGetCmp('sandbox', auth, sequence, 1))?.number).toBe(1);
  });

  it('reads the parameter tables, a rate and a permit', async () => {
    const auth = await ticketFor('wsfex');
    expect(await fexParameters('sandbox', auth, 'exportTypes')).toEqual([
      { code: '1', description: 'Exportación definitiva de bienes' },
      { code: '2', description: 'Servicios' },
      { code: '4', description: 'Otros' },
    ]);
    expect(await fexParameters('sandbox', auth, 'currencies')).toContainEqual({
      code: 'DOL',
      description: 'Dólar Estadounidense',
    });
    expect(await fexParameters('sandbox', auth, 'units')).toContainEqual({ code: '7', description: 'UNIDAD' });
    expect(await fexParameters('sandbox', auth, 'countryCuits')).toContainEqual({
      code: '50000002124',
      description: 'ESTADOS UNIDOS - Persona Física',
    });
    expect((await fexExchangeRate('sandbox', auth, 'DOL')).rate).toBe('1000');
    expect(await fexCheckPermiso('sandbox', auth, '26001EC01000123X', 212)).toBe(true);
    expect(await fexCheckPermiso('sandbox', auth, 'not-a-permit', 212)).toBe(false);
  });

  it.each([
    ['a ticket for wsfe', async () => ticketFor('wsfe'), '1000'],
    ['another CUIT than the ticket’s', async () => ({ ...(await ticketFor('wsfex')), cuit: freshCuit('30') }), '1001'],
  ])('%s is refused (%s)', async (_name, auth, code) => {
    const error = await problemOf(fexGetLastId('sandbox', await auth()));
    expect(error.problem).toBe('rejected');
    expect(error.detail?.faultCode).toBe(code);
  });

  it('while the environment is down, FEXDummy says so and the rest is unavailable', async () => {
    const auth = await ticketFor('wsfex');
    expect(
      (await portal(emulator(), 'faults', { environment: 'sandbox', fault: 'down', count: 1, duration_ms: 60_000 }))
        .status,
    ).toBe(201);
    try {
      expect(await fexDummy('sandbox')).toEqual({ appServer: 'FAIL', dbServer: 'FAIL', authServer: 'FAIL' });
      expect((await problemOf(fexGetLastId('sandbox', auth))).problem).toBe('unavailable');
    } finally {
      await portal(emulator(), 'faults', { environment: 'sandbox', fault: 'down', count: 0, duration_ms: 1 });
    }
  });
});
