// A third-party client, @arcasdk/core (node-soap and its own bundled WSDL), asks our emulator for a fortnight's
// CAEA, looks it up, and informs a point of sale as unused: the emulated CAEA operations speak the real
// protocol. The clock is set (Date only) to a day inside the fortnight's window.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Arca, MemoryTicketStorage } from '@arcasdk/core';
// The SDK hard-codes AFIP's hosts in this object and reads it on every call (see arcasdk.test.ts).
import { Endpoints } from '@arcasdk/core/lib/infrastructure/soap/config/endpoints.types';
import { startEmulatorServer, type EmulatorServer } from '@/tests/support/emulator-server';
import { enrolledCertificate } from '@/tests/support/emulator-client';

process.env.AR_AUTHORITY = 'emulator';
const mutableEndpoints = Endpoints as Record<keyof typeof Endpoints, string>;
const originalEndpoints = { ...Endpoints };
let server: EmulatorServer;

beforeAll(async () => {
  server = await startEmulatorServer();
  mutableEndpoints.WSAA_TEST = `${server.url}/emulator/sandbox/wsaa/LoginCms`;
  mutableEndpoints.WSFEV1_TEST = `${server.url}/emulator/sandbox/wsfev1/service.asmx`;
  // The first certificate makes the emulator's CA and the database: slow, so not inside a test's time.
  await enrolledCertificate(server.url, { environment: 'sandbox', cuit: '27300000059', alias: 'arcacaeawarmup' });
});
afterAll(async () => {
  Object.assign(mutableEndpoints, originalEndpoints);
  await server?.stop();
});
afterEach(() => vi.useRealTimers());

describe('@arcasdk/core asks the emulator for a CAEA', () => {
  it.each([
    ['SOAP 1.2', true, '27300000032'],
    ['SOAP 1.1', false, '27300000040'],
  ] as const)(
    'over %s: getCaea, consultCaea, informCaeaNoMovement, consultCaeaNoMovement',
    async (_name, useSoap12, cuit) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-20T12:00:00-03:00'));
      const credential = await enrolledCertificate(server.url, {
        environment: 'sandbox',
        cuit,
        alias: `arcacaea${cuit}`,
        services: ['wsfe'],
      });
      const billing = new Arca({
        cert: credential.certificatePem,
        key: credential.privateKeyPem,
        cuit: Number(cuit),
        production: false,
        useSoap12,
        ticketStorage: new MemoryTicketStorage({ cuit: Number(cuit), production: false }),
      }).electronicBillingService;

      const granted = await billing.getCaea(202611, 2);
      expect(granted.errors ?? []).toEqual([]);
      expect(granted.resultGet).toMatchObject({
        caea: expect.stringMatching(/^\d{14}$/),
        fchVigDesde: '20261116',
        fchVigHasta: '20261130',
        fchTopeInf: '20261230',
      });
      const caea = granted.resultGet!.caea;
      expect((await billing.consultCaea(202611, 2)).resultGet?.caea).toBe(caea);

      const idle = await billing.informCaeaNoMovement(caea, 3);
      expect(idle.errors ?? []).toEqual([]);
      expect(String(idle.resultGet?.[0]?.caea)).toBe(caea);
      const found = await billing.consultCaeaNoMovement(caea, 3);
      expect(found.resultGet?.map((row) => [String(row.caea), Number(row.ptoVta)])).toEqual([[caea, 3]]);
    },
  );
});
