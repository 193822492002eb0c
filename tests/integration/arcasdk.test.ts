// A third-party client from the npm registry, @arcasdk/core (node-soap underneath, its own CMS signing,
// bundled WSDLs), logs in to our emulator and calls WSFEv1: the emulator speaks the real protocol.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Arca, MemoryTicketStorage } from '@arcasdk/core';
// The SDK hard-codes AFIP's hosts in this object and reads it on every call; it is not re-exported from
// the package root, but the package has no "exports" map, so the module is reachable by its path.
import { Endpoints } from '@arcasdk/core/lib/infrastructure/soap/config/endpoints.types';
import { startEmulatorServer, type EmulatorServer } from '../support/emulator-server';
import { enrolledCertificate, portal } from '../support/emulator-client';

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
  ] as const)('%s: logs in through WSAA and lists the points of sale through WSFEv1', async (_name, production, useSoap12, cuit) => {
    const environment = production ? 'live' : 'sandbox';
    const credential = await enrolledCertificate(server.url, { environment, cuit, alias: `arca${cuit}`, services: ['wsfe'] });
    expect((await portal(server.url, 'points-of-sale', { environment, cuit, number: 4, blocked: true })).status).toBe(201);
    const arca = new Arca({
      cert: credential.certificatePem,
      key: credential.privateKeyPem,
      cuit: Number(cuit),
      production,
      useSoap12,
      // Its default ticket store writes into node_modules.
      ticketStorage: new MemoryTicketStorage({ cuit: Number(cuit), production }),
    });

    expect(await arca.electronicBillingService.getServerStatus()).toEqual({ appServer: 'OK', dbServer: 'OK', authServer: 'OK' });
    const points = await arca.electronicBillingService.getSalesPoints();
    expect(points.errors).toBeUndefined();
    expect(points.resultGet?.ptoVenta).toEqual([{ nro: 4, emisionTipo: 'CAE', bloqueado: 'S', fechaBaja: 'NULL' }]);
  });
});
