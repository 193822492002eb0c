// The emulated WSCT (tourism invoices, type T) spoken to by an independent client, @arcasdk/core (node-soap,
// its own bundled WSDL and CMS signing), and by ours: a ticket for wsct, a T invoice numbered and given a CAE,
// looked up, the manual's refusals by code, a ticket of another service refused, its WSDL served, faults.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientAsync } from 'soap';
import { Arca, MemoryTicketStorage } from '@arcasdk/core';
// The SDK hard-codes AFIP's hosts in this object and reads it on every call (see tests/integration/arcasdk.test.ts).
import { Endpoints } from '@arcasdk/core/lib/infrastructure/soap/config/endpoints.types';
import { prepareArcaInvoice } from '@/lib/ar/arca/prepare';
import { toWsctComprobante } from '@/lib/ar/arca/wsct-comprobante';
import { loginCms } from '@/lib/authority/wsaa-client';
import { wsctDummy, wsctExchangeRate, wsctParameters } from '@/lib/authority/wsct-client';
import { wsctAuthorise, wsctLastNumber, wsctVoucher } from '@/lib/authority/wsct-vouchers';
import { argentinaDate } from '@/lib/emulator/wsfe-values';
import { enrolledCertificate, portal } from '@/tests/support/emulator-client';
import { useEmulator } from '@/tests/support/registration';
import { exampleInput } from '@/tests/support/gobl-examples';

const emulator = useEmulator();
const mutableEndpoints = Endpoints as Record<keyof typeof Endpoints, string>;
const originalEndpoints = { ...Endpoints };
beforeAll(() => {
  mutableEndpoints.WSAA_TEST = `${emulator()}/emulator/sandbox/wsaa/LoginCms`;
  mutableEndpoints.WSCT_TEST = `${emulator()}/emulator/sandbox/wsct/CTService`;
});
afterAll(() => {
  Object.assign(mutableEndpoints, originalEndpoints);
});

const today = () => {
  const day = argentinaDate(new Date());
  return `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;
};

/** A hotel's 195 to a Spanish tourist: one night of lodging, 12100 with its VAT, all of it refunded. */
const invoiceT = (number: number, changes: Record<string, unknown> = {}) => ({
  codigoTipoComprobante: 195,
  numeroPuntoVenta: 3,
  numeroComprobante: number,
  fechaEmision: today(),
  codigoTipoAutorizacion: 'E',
  codigoTipoDocumento: 94,
  numeroDocumento: 'PAB123456',
  idImpositivo: '9',
  codigoPais: 410,
  domicilioReceptor: 'Calle Mayor 10, Madrid',
  codigoRelacionEmisorReceptor: 1,
  importeGravado: 10000,
  importeReintegro: -2100,
  importeTotal: 10000,
  codigoMoneda: 'PES',
  cotizacionMoneda: 1,
  arrayItems: {
    item: [
      {
        tipo: 0,
        codigoTurismo: 1,
        descripcion: 'Habitación doble',
        codigoAlicuotaIVA: 5,
        importeIVA: 2100,
        importeItem: 12100,
      },
    ],
  },
  arraySubtotalesIVA: { subtotalIVA: [{ codigo: 5, importe: 2100 }] },
  ...changes,
});

const sdk = async (cuit: string, services = ['wsct']) => {
  const credential = await enrolledCertificate(emulator(), {
    environment: 'sandbox',
    cuit,
    alias: `ct${cuit}`,
    services,
  });
  return new Arca({
    cert: credential.certificatePem,
    key: credential.privateKeyPem,
    cuit: Number(cuit),
    production: false,
    useSoap12: false,
    ticketStorage: new MemoryTicketStorage({ cuit: Number(cuit), production: false }),
  }).wsctService;
};
const codes = (array: { codigoDescripcion?: { codigo: number } | { codigo: number }[] } | undefined) =>
  [array?.codigoDescripcion ?? []].flat().map((entry) => Number(entry.codigo));

// Each test enrols a certificate and logs in through the emulated WSAA first: slow on a loaded machine.
describe('@arcasdk/core against the emulated WSCT', { timeout: 120_000 }, () => {
  it('issues a T invoice: numbered after the last, given a CAE, found again by its number', async () => {
    const wsct = await sdk('30712345671');
    expect((await wsct.dummy()).dummyReturn).toMatchObject({ appserver: 'OK', dbserver: 'OK', authserver: 'OK' });
    const none = await wsct.consultarUltimoComprobanteAutorizado({ codigoTipoComprobante: 195, numeroPuntoVenta: 3 });
    expect(codes(none.consultarUltimoComprobanteAutorizadoReturn.arrayErrores as never)).toEqual([1002]);

    const issued = await wsct.autorizarComprobante({ comprobanteRequest: invoiceT(1) as never });
    const answer = issued.autorizarComprobanteReturn;
    expect(answer.resultado).toBe('A');
    expect(String(answer.comprobanteResponse?.CAE)).toMatch(/^\d{14}$/);
    // node-soap reads the schema's simple types (NumeroComprobanteSimpleType…) as text, xsd:short as a number.
    expect(answer.comprobanteResponse).toMatchObject({
      numeroComprobante: '1',
      codigoTipoComprobante: 195,
      numeroPuntoVenta: '3',
    });

    const last = await wsct.consultarUltimoComprobanteAutorizado({ codigoTipoComprobante: 195, numeroPuntoVenta: 3 });
    expect(Number(last.consultarUltimoComprobanteAutorizadoReturn.numeroComprobante)).toBe(1);
    const found = await wsct.consultarComprobanteTipoPVentaNro({
      codigoTipoComprobante: 195,
      numeroPuntoVenta: 3,
      numeroComprobante: 1,
    });
    const voucher = found.consultarComprobanteReturn.comprobante;
    expect(String(voucher?.codigoAutorizacion)).toBe(String(answer.comprobanteResponse?.CAE));
    expect(voucher).toMatchObject({ numeroDocumento: 'PAB123456', codigoRelacionEmisorReceptor: 1 });

    const tables = await wsct.consultarCodigosItemTurismo();
    expect(codes(tables.consultarCodigosItemTurismoReturn.arrayCodigosItem as never)).toEqual([1, 2, 5, 20, 21]);
  });

  it.each([
    ['out of sequence', { numeroComprobante: 5 }, [302]],
    ['a refund that is not the lodging VAT', { importeReintegro: -100, importeTotal: 12000 }, [366]],
    ['totals that do not add up', { importeTotal: 12100 }, [369]],
    ['a passport for an agency relation', { codigoRelacionEmisorReceptor: 3 }, [353]],
    ['a tourist in Argentina', { codigoPais: 200 }, [355]],
    ['no address', { domicilioReceptor: undefined }, [350]],
    [
      'an associated voucher on a 195, and one not in the book',
      {
        arrayComprobantesAsociados: {
          comprobanteAsociado: [{ codigoTipoComprobante: 195, numeroPuntoVenta: 3, numeroComprobante: 1 }],
        },
      },
      [800, 803],
    ],
  ] as const)('refuses %s with the manual code, and no number is used', async (_name, changes, expected) => {
    const wsct = await sdk('30500010912');
    const last = Number(
      (await wsct.consultarUltimoComprobanteAutorizado({ codigoTipoComprobante: 195, numeroPuntoVenta: 3 }))
        .consultarUltimoComprobanteAutorizadoReturn.numeroComprobante ?? 0,
    );
    const refused = await wsct.autorizarComprobante({ comprobanteRequest: invoiceT(last + 1, changes) as never });
    expect(refused.autorizarComprobanteReturn.resultado).toBe('R');
    expect(codes(refused.autorizarComprobanteReturn.arrayErrores as never)).toEqual(expected);
    const after = await wsct.consultarUltimoComprobanteAutorizado({ codigoTipoComprobante: 195, numeroPuntoVenta: 3 });
    expect(Number(after.consultarUltimoComprobanteAutorizadoReturn.numeroComprobante ?? 0)).toBe(last);
  });

  it('refuses a ticket WSAA gave for wsfe, as a fault', async () => {
    const credential = await enrolledCertificate(emulator(), {
      environment: 'sandbox',
      cuit: '20111111112',
      alias: 'ctwsfe',
      services: ['wsfe', 'wsct'],
    });
    const ticket = await loginCms('sandbox', 'wsfe', credential);
    const error = await wsctLastNumber(
      'sandbox',
      { ...ticket, cuit: '20111111112' },
      { pointOfSale: 1, docType: 195 },
    ).catch((caught: Error) => caught);
    expect(String(error)).toContain('wscommon_007');
  });
});

describe('our WSCT client against the emulator', { timeout: 120_000 }, () => {
  it("authorises GOBL's tourism example as mapped, settles by lookup, reads the tables, and the WSDL is served", async () => {
    const cuit = '30712345671';
    const credential = await enrolledCertificate(emulator(), {
      environment: 'sandbox',
      cuit,
      alias: 'ctours',
      services: ['wsct'],
    });
    const auth = { ...(await loginCms('sandbox', 'wsct', credential)), cuit };
    expect(await wsctDummy('sandbox')).toEqual({ appServer: 'OK', dbServer: 'OK', authServer: 'OK' });

    const input = exampleInput('invoice-ar-arca-tourism.json');
    input.issue_date = today();
    input.series = '7';
    const prepared = prepareArcaInvoice(input, { path: '' });
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.fields));
    const sequence = { pointOfSale: 7, docType: 195 };
    const number = (await wsctLastNumber('sandbox', auth, sequence)) + 1;
    const result = await wsctAuthorise('sandbox', auth, toWsctComprobante(prepared.doc, number));
    expect(result).toMatchObject({ result: 'A', errors: [] });
    expect(result.cae).toMatch(/^\d{14}$/);
    expect(await wsctLastNumber('sandbox', auth, sequence)).toBe(number);
    const voucher = await wsctVoucher('sandbox', auth, sequence, number);
    expect(voucher).toMatchObject({ number, cae: result.cae });
    expect(voucher?.fields).toMatchObject({ importeTotal: '95000.00', importeReintegro: '-19950.00' });
    expect(await wsctVoucher('sandbox', auth, sequence, number + 1)).toBeUndefined();

    expect(await wsctParameters('sandbox', auth, 'consultarRelacionEmisorReceptor')).toHaveLength(6);
    expect(await wsctParameters('sandbox', auth, 'consultarMonedas')).toContainEqual({
      code: 'DOL',
      description: 'Dólar Estadounidense',
    });

    expect(await wsctExchangeRate('sandbox', auth, 'DOL', today())).toBe('1050.000000');
    const unknown = await wsctExchangeRate('sandbox', auth, 'XYZ', today()).catch((caught: Error) => caught);
    expect(String(unknown)).toContain('WSCT error 210');

    const wsdl = await fetch(`${emulator()}/emulator/sandbox/wsct/CTService?WSDL`);
    expect(wsdl.status).toBe(200);
    const text = await wsdl.text();
    expect(text).toContain('<soap:operation soapAction="http://ar.gob.afip.wsct/CTService/autorizarComprobante"/>');
    expect(text).toContain(`location="${emulator()}/emulator/sandbox/wsct/CTService"`);
  });

  it('answers 503 while the environment is down, but dummy says so; a dropped answer still used the number', async () => {
    const cuit = '27300000008';
    const credential = await enrolledCertificate(emulator(), {
      environment: 'sandbox',
      cuit,
      alias: 'ctdown',
      services: ['wsct'],
    });
    const auth = { ...(await loginCms('sandbox', 'wsct', credential)), cuit };
    const sequence = { pointOfSale: 9, docType: 195 };
    expect(
      (
        await portal(emulator(), 'faults', {
          environment: 'sandbox',
          operation: 'autorizarComprobante',
          fault: 'drop_response',
          count: 1,
        })
      ).status,
    ).toBe(201);
    const voucher = {
      ...invoiceT(1),
      numeroPuntoVenta: 9,
      importeGravado: '10000.00',
      importeReintegro: '-2100.00',
      importeTotal: '10000.00',
    };
    const lost = await wsctAuthorise('sandbox', auth, voucher as never).catch((caught: Error) => caught);
    expect(lost).toBeInstanceOf(Error);
    expect(await wsctLastNumber('sandbox', auth, sequence)).toBe(1);

    expect(
      (await portal(emulator(), 'faults', { environment: 'sandbox', fault: 'down', duration_ms: 60_000, count: 1 }))
        .status,
    ).toBe(201);
    expect(await wsctDummy('sandbox')).toEqual({ appServer: 'FAIL', dbServer: 'FAIL', authServer: 'FAIL' });
    expect(String(await wsctLastNumber('sandbox', auth, sequence).catch((caught: Error) => caught))).toMatch(
      /503|unavailable|could not/i,
    );
    await portal(emulator(), 'faults', { environment: 'sandbox', fault: 'down', duration_ms: 1, count: 0 });
  });
});

describe('node-soap reading our WSDL', { timeout: 120_000 }, () => {
  it('builds a client from ?WSDL alone and calls dummy and a parameter table at the address it names', async () => {
    const cuit = '20222222223';
    const credential = await enrolledCertificate(emulator(), {
      environment: 'sandbox',
      cuit,
      alias: 'ctsoap',
      services: ['wsct'],
    });
    const ticket = await loginCms('sandbox', 'wsct', credential);
    const client = await createClientAsync(`${emulator()}/emulator/sandbox/wsct/CTService?WSDL`);
    const [dummy] = await client.dummyAsync({});
    expect(dummy.dummyReturn).toEqual({ appserver: 'OK', dbserver: 'OK', authserver: 'OK' });
    const [types] = await client.consultarTiposComprobantesAsync({
      authRequest: { token: ticket.token, sign: ticket.sign, cuitRepresentada: cuit },
    });
    expect(types.consultarTiposComprobantesReturn.arrayTiposComprobantes.codigoDescripcion).toEqual([
      { codigo: 195, descripcion: 'Factura T' },
      { codigo: 196, descripcion: 'Nota de Débito T' },
      { codigo: 197, descripcion: 'Nota de Crédito T' },
    ]);
  });
});
