// A third-party client from the npm registry, @arcasdk/core (node-soap underneath, its own CMS signing,
// bundled WSDLs), logs in to our emulator and calls WSFEv1 — points of sale, and vouchers numbered,
// authorised, refused and looked up: the emulator speaks the real protocol.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Arca, MemoryTicketStorage } from '@arcasdk/core';
import type { IVoucher } from '@arcasdk/core/lib/domain/types/voucher.types';
import { addDays, argentinaDate } from '@/lib/emulator/wsfe-values';
// The SDK hard-codes AFIP's hosts in this object and reads it on every call; it is not re-exported from
// the package root, but the package has no "exports" map, so the module is reachable by its path.
import { Endpoints } from '@arcasdk/core/lib/infrastructure/soap/config/endpoints.types';
import { startEmulatorServer, type EmulatorServer } from '@/tests/support/emulator-server';
import { enrolledCertificate, portal } from '@/tests/support/emulator-client';

process.env.AR_AUTHORITY = 'emulator';
const mutableEndpoints = Endpoints as Record<keyof typeof Endpoints, string>;
const originalEndpoints = { ...Endpoints };
let server: EmulatorServer;

beforeAll(async () => {
  server = await startEmulatorServer();
  mutableEndpoints.WSAA_TEST = `${server.url}/emulator/sandbox/wsaa/LoginCms`;
  mutableEndpoints.WSFEV1_TEST = `${server.url}/emulator/sandbox/wsfev1/service.asmx`;
  mutableEndpoints.WSAA = `${server.url}/emulator/live/wsaa/LoginCms`;
  mutableEndpoints.WSFEV1 = `${server.url}/emulator/live/wsfev1/service.asmx`;
});
afterAll(async () => {
  Object.assign(mutableEndpoints, originalEndpoints);
  await server?.stop();
});

describe('@arcasdk/core against the emulator', () => {
  it.each([
    ['sandbox', false, true, '27300000008'],
    ['live', true, true, '27300000016'],
    ['sandbox over SOAP 1.1', false, false, '27300000024'],
  ] as const)(
    '%s: logs in through WSAA and lists the points of sale through WSFEv1',
    async (_name, production, useSoap12, cuit) => {
      const environment = production ? 'live' : 'sandbox';
      const credential = await enrolledCertificate(server.url, {
        environment,
        cuit,
        alias: `arca${cuit}`,
        services: ['wsfe'],
      });
      expect((await portal(server.url, 'points-of-sale', { environment, cuit, number: 4, blocked: true })).status).toBe(
        201,
      );
      const arca = new Arca({
        cert: credential.certificatePem,
        key: credential.privateKeyPem,
        cuit: Number(cuit),
        production,
        useSoap12,
        // Its default ticket store writes into node_modules.
        ticketStorage: new MemoryTicketStorage({ cuit: Number(cuit), production }),
      });

      expect(await arca.electronicBillingService.getServerStatus()).toEqual({
        appServer: 'OK',
        dbServer: 'OK',
        authServer: 'OK',
      });
      const points = await arca.electronicBillingService.getSalesPoints();
      expect(points.errors).toBeUndefined();
      expect(points.resultGet?.ptoVenta).toEqual([{ nro: 4, emisionTipo: 'CAE', bloqueado: 'S', fechaBaja: 'NULL' }]);
    },
  );
});

describe("@arcasdk/core's electronic billing against the emulator", () => {
  const today = argentinaDate(new Date());
  const invoiceB = (number: number, changes: Partial<IVoucher> = {}): IVoucher => ({
    CantReg: 1,
    PtoVta: 2,
    CbteTipo: 6,
    Concepto: 1,
    DocTipo: 99,
    DocNro: 0,
    CbteDesde: number,
    CbteHasta: number,
    CbteFch: today,
    ImpTotal: 121,
    ImpTotConc: 0,
    ImpNeto: 100,
    ImpOpEx: 0,
    ImpIVA: 21,
    ImpTrib: 0,
    MonId: 'PES',
    MonCotiz: 1,
    CondicionIVAReceptorId: 5,
    Iva: [{ Id: 5, BaseImp: 100, Importe: 21 }],
    ...changes,
  });
  const client = async (cuit: string, useSoap12: boolean) => {
    const credential = await enrolledCertificate(server.url, {
      environment: 'sandbox',
      cuit,
      alias: `arca${cuit}`,
      services: ['wsfe'],
    });
    return new Arca({
      cert: credential.certificatePem,
      key: credential.privateKeyPem,
      cuit: Number(cuit),
      production: false,
      useSoap12,
      ticketStorage: new MemoryTicketStorage({ cuit: Number(cuit), production: false }),
    }).electronicBillingService;
  };
  const codes = (list: unknown) =>
    (Array.isArray(list) ? list : list ? [list] : []).map((item: { Code: number }) => Number(item.Code));

  it.each([
    ['SOAP 1.2', true, '27300000032'],
    ['SOAP 1.1', false, '27300000040'],
  ] as const)(
    '%s: numbers, creates and looks up a voucher, with the sequence and the maximum per request',
    async (_name, useSoap12, cuit) => {
      const billing = await client(cuit, useSoap12);
      expect(await billing.getMaxRecordsPerRequest()).toMatchObject({ resultGet: 250 });
      expect(await billing.getLastVoucher(2, 6)).toMatchObject({ cbteNro: 0, ptoVta: 2, cbteTipo: 6 });

      const created = await billing.createVoucher(invoiceB(1));
      expect(created.response.FeCabResp).toMatchObject({ Resultado: 'A', CantReg: 1, PtoVta: 2, CbteTipo: 6 });
      expect(created.cae).toMatch(/^\d{14}$/);
      expect(created.caeFchVto).toBe(addDays(today, 10));
      expect(await billing.getLastVoucher(2, 6)).toMatchObject({ cbteNro: 1 });

      const info = await billing.getVoucherInfo(1, 2, 6);
      expect(info).toMatchObject({
        codAutorizacion: created.cae,
        emisionTipo: 'CAE',
        resultado: 'A',
        fchVto: addDays(today, 10),
        cbteDesde: 1,
        cbteFch: today,
        impTotal: 121,
        impNeto: 100,
        impIVA: 21,
        monId: 'PES',
        docTipo: 99,
      });
      expect(await billing.getVoucherInfo(99, 2, 6)).toBeNull();
    },
  );

  it("gets the authority's refusals: out of sequence, bad totals, a missing receiver condition, a C from a Responsable Inscripto", async () => {
    const billing = await client('27300000059', true);
    expect((await billing.createVoucher(invoiceB(1))).cae).toMatch(/^\d{14}$/);

    const outOfSequence = await billing.createVoucher(invoiceB(5));
    expect(outOfSequence.cae).toBe('');
    expect(outOfSequence.response.FeCabResp?.Resultado).toBe('R');
    expect(codes(outOfSequence.response.Errors?.Err)).toEqual([10016]);

    const badTotal = await billing.createVoucher(invoiceB(2, { ImpTotal: 150 }));
    expect(badTotal.cae).toBe('');
    expect(codes(badTotal.response.FeDetResp?.FECAEDetResponse?.[0]?.Observaciones?.Obs)).toEqual([10048]);

    const badIva = await billing.createVoucher(
      invoiceB(2, { ImpTotal: 130, ImpIVA: 30, Iva: [{ Id: 5, BaseImp: 100, Importe: 30 }] }),
    );
    expect(codes(badIva.response.FeDetResp?.FECAEDetResponse?.[0]?.Observaciones?.Obs)).toEqual([10051]);

    const noCondition = await billing.createVoucher(
      invoiceB(2, { CondicionIVAReceptorId: undefined as unknown as number }),
    );
    expect(codes(noCondition.response.FeDetResp?.FECAEDetResponse?.[0]?.Observaciones?.Obs)).toEqual([10246]);

    const invoiceC = await billing.createVoucher(
      invoiceB(1, { CbteTipo: 11, ImpTotal: 100, ImpIVA: 0, Iva: undefined }),
    );
    expect(invoiceC.response.FeCabResp?.Resultado).toBe('R');
    expect(codes(invoiceC.response.Errors?.Err)).toEqual([10000]);

    // None of the refusals used a number.
    expect(await billing.getLastVoucher(2, 6)).toMatchObject({ cbteNro: 1 });
    expect((await billing.createVoucher(invoiceB(2))).cae).toMatch(/^\d{14}$/);
  });
});
