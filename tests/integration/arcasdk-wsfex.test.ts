// A third-party client, @arcasdk/core (node-soap underneath, its own WSAA login and bundled WSDLs), logs in to
// our emulator for `wsfex` and issues an export (E) invoice in dollars: the request Id from FEXGetLast_ID, the
// number from FEXGetLast_CMP, a CAE from FEXAuthorize, the same Id again answering that first CAE (Reproceso S),
// the voucher from FEXGetCMP, the parameter tables, and the refusals a client meets (codes as the manual lists).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Arca, MemoryTicketStorage } from '@arcasdk/core';
// The SDK reads AFIP's hosts from this object on every call; the package has no "exports" map.
import { Endpoints } from '@arcasdk/core/lib/infrastructure/soap/config/endpoints.types';
import { addDays, argentinaDate } from '@/lib/emulator/wsfe-values';
import { startEmulatorServer, type EmulatorServer } from '@/tests/support/emulator-server';
import { enrolledCertificate } from '@/tests/support/emulator-client';
import { freshCuit } from '@/tests/support/scenario';

process.env.AR_AUTHORITY = 'emulator';
const mutableEndpoints = Endpoints as Record<keyof typeof Endpoints, string>;
const originalEndpoints = { ...Endpoints };
let server: EmulatorServer;

beforeAll(async () => {
  server = await startEmulatorServer();
  mutableEndpoints.WSAA_TEST = `${server.url}/emulator/sandbox/wsaa/LoginCms`;
  mutableEndpoints.WSFEX_TEST = `${server.url}/emulator/sandbox/wsfexv1/service.asmx`;
});
afterAll(async () => {
  Object.assign(mutableEndpoints, originalEndpoints);
  await server?.stop();
});

const today = argentinaDate(new Date());

async function exporter(cuit: string, services = ['wsfex']) {
  const credential = await enrolledCertificate(server.url, {
    environment: 'sandbox',
    cuit,
    alias: `fex${cuit}`,
    services,
  });
  const storage = new MemoryTicketStorage({ cuit: Number(cuit), production: false });
  const arca = new Arca({
    cert: credential.certificatePem,
    key: credential.privateKeyPem,
    cuit: Number(cuit),
    production: false,
    ticketStorage: storage,
  });
  return { fex: arca.wsfexService, storage };
}

/** FEXGetLast_CMP carries its point of sale and type inside Auth, which the SDK's own Auth would replace. */
async function lastNumber(client: Awaited<ReturnType<typeof exporter>>, cuit: string, pointOfSale: number, type = 19) {
  await client.fex.getLastId({});
  const ticket = (await client.storage.get('wsfex'))!;
  return client.fex.getLastCmp({
    Auth: {
      Token: ticket.getToken(),
      Sign: ticket.getSign(),
      Cuit: Number(cuit),
      Pto_venta: pointOfSale,
      Cbte_Tipo: type,
    },
  } as never);
}

const dollarInvoice = (id: number, number: number, changes: Record<string, unknown> = {}) => ({
  Cmp: {
    Id: id,
    Fecha_cbte: today,
    Cbte_Tipo: 19,
    Punto_vta: 5,
    Cbte_nro: number,
    Tipo_expo: 1,
    Permiso_existente: 'N',
    Dst_cmp: 212,
    Cliente: 'Global Tech Inc.',
    Cuit_pais_cliente: 50000002124,
    Domicilio_cliente: '123 Market Street, San Francisco, CA 94105',
    Id_impositivo: '98-7654321',
    Moneda_Id: 'DOL',
    Moneda_ctz: 1045.5,
    Imp_total: 22500,
    Forma_pago: 'Wire transfer, 30 days',
    Incoterms: 'FOB',
    Incoterms_Ds: 'Free On Board',
    Idioma_cbte: 2,
    Items: {
      Item: [
        {
          Pro_codigo: 'LTH-1',
          Pro_ds: 'Premium Leather Goods',
          Pro_qty: 500,
          Pro_umed: 7,
          Pro_precio_uni: 45,
          Pro_bonificacion: 0,
          Pro_total_item: 22500,
        },
      ],
    },
    ...changes,
  },
});

describe('@arcasdk/core issues an export invoice in dollars through the emulated WSFEX', () => {
  it('numbers it, gets a CAE, answers the same Id with the same CAE, and looks it up', async () => {
    const cuit = freshCuit('30');
    const client = await exporter(cuit);
    expect(await client.fex.dummy()).toMatchObject({
      FEXDummyResult: { AppServer: 'OK', DbServer: 'OK', AuthServer: 'OK' },
    });

    const lastId = (await client.fex.getLastId({})).FEXGetLast_IDResult.FEXResultGet?.Id;
    expect(Number(lastId)).toBe(0);
    const last = await lastNumber(client, cuit, 5);
    expect(Number(last.FEXGetLast_CMPResult.FEXResult_LastCMP?.Cbte_nro)).toBe(0);

    const authorized = (await client.fex.authorize(dollarInvoice(Number(lastId) + 1, 1) as never)).FEXAuthorizeResult;
    expect(authorized.FEXErr).toMatchObject({ ErrCode: 0 });
    expect(authorized.FEXResultAuth).toMatchObject({
      Id: 1,
      Cbte_tipo: 19,
      Punto_vta: 5,
      Cbte_nro: 1,
      Resultado: 'A',
      Reproceso: 'N',
      Fch_venc_Cae: addDays(today, 10),
    });
    const cae = authorized.FEXResultAuth!.Cae;
    expect(cae).toMatch(/^\d{14}$/);

    // The answer was lost: the same Id again is the first result, not a second voucher.
    const again = (await client.fex.authorize(dollarInvoice(1, 1) as never)).FEXAuthorizeResult;
    expect(again.FEXResultAuth).toMatchObject({ Cae: cae, Reproceso: 'S', Cbte_nro: 1 });
    expect(Number((await client.fex.getLastId({})).FEXGetLast_IDResult.FEXResultGet?.Id)).toBe(1);
    expect(Number((await lastNumber(client, cuit, 5)).FEXGetLast_CMPResult.FEXResult_LastCMP?.Cbte_nro)).toBe(1);

    const found = (await client.fex.getCmp({ Cmp: { Cbte_tipo: 19, Punto_vta: 5, Cbte_nro: 1 } } as never))
      .FEXGetCMPResult;
    expect(found.FEXResultGet).toMatchObject({
      Id: 1,
      Cae: cae,
      Resultado: 'A',
      Moneda_Id: 'DOL',
      Cliente: 'Global Tech Inc.',
      Dst_cmp: 212,
      Incoterms: 'FOB',
    });
    expect(Number(found.FEXResultGet?.Imp_total)).toBe(22500);
    const missing = (await client.fex.getCmp({ Cmp: { Cbte_tipo: 19, Punto_vta: 5, Cbte_nro: 9 } } as never))
      .FEXGetCMPResult;
    expect(missing.FEXErr).toMatchObject({ ErrCode: 1020 });
  });

  it('answers the parameter tables and checks a permit', async () => {
    const { fex } = await exporter(freshCuit('30'));
    const incoterms = (await fex.getParamIncoterms({})).FEXGetPARAM_IncotermsResult.FEXResultGet?.ClsFEXResponse_Inc;
    expect(incoterms).toContainEqual(expect.objectContaining({ Inc_Id: 'FOB', Inc_Ds: 'Free On Board' }));
    const languages = (await fex.getParamIdiomas({})).FEXGetPARAM_IdiomasResult.FEXResultGet?.ClsFEXResponse_Idi;
    expect(languages?.map((row) => Number(row.Idi_Id))).toEqual([1, 2, 3]);
    const countries = (await fex.getParamDstPais({})).FEXGetPARAM_DST_paisResult.FEXResultGet?.ClsFEXResponse_DST_pais;
    expect(countries).toContainEqual(expect.objectContaining({ DST_Codigo: '212', DST_Ds: 'ESTADOS UNIDOS' }));
    const types = (await fex.getParamTipoExpo({})).FEXGetPARAM_Tipo_ExpoResult.FEXResultGet?.ClsFEXResponse_Tex;
    expect(types?.map((row) => Number(row.Tex_Id))).toEqual([1, 2, 4]);
    const permit = await fex.checkPermiso({ ID_Permiso: '26001EC01000123X', Dst_merc: 212 } as never);
    expect(permit.FEXCheck_PermisoResult.FEXResultGet?.Status).toBe('OK');
  });

  it.each([
    ['a number out of sequence', { Cbte_nro: 2 }, 1535],
    ['an unknown incoterm', { Incoterms: 'XYZ' }, 1640],
    ['no destination country', { Dst_cmp: 0 }, 1560],
    ['a foreign currency without its rate', { Moneda_ctz: 0 }, 1602],
    ['items that do not add up to the total', { Imp_total: 22000 }, 1610],
    ['a type the service does not issue', { Cbte_Tipo: 1 }, 1530],
    ['a permit announced and not sent', { Permiso_existente: 'S' }, 1720],
  ])('refuses %s with %s', async (_name, changes, code) => {
    const { fex } = await exporter(freshCuit('30'));
    const refused = (await fex.authorize(dollarInvoice(1, 1, changes) as never)).FEXAuthorizeResult;
    expect(refused.FEXErr).toMatchObject({ ErrCode: code });
    expect(refused.FEXResultAuth).toMatchObject({ Resultado: 'R' });
  });

  it('without wsfex authorised at the portal, WSAA refuses the login for it', async () => {
    const { fex } = await exporter(freshCuit('30'), ['wsfe']);
    const refused = await fex.getLastId({}).catch((error: unknown) => error);
    expect(String(refused)).toMatch(/autorizado|notAuthorized/i);
  });
});
