// Every emulated SOAP service (WSAA, WSFEv1, WSFEX, the register) answers `GET <path>?WSDL` with a WSDL of ours that lists exactly the operations it
// serves, addressed at the emulator; and node-soap (the engine under @arcasdk/core), built from nothing but our
// WSFEX and WSFEv1 documents fetched over HTTP, calls the emulator: FEXGetLast_CMP and a dollar export's CAE.
import { beforeAll, describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { SoapClient } from '@arcasdk/core/lib/infrastructure/soap/soap-client';
import { loginCms } from '@/lib/authority/wsaa-client';
import { WSFE_OPERATION_NAMES } from '@/lib/emulator/wsfe-operations';
import { WSFEX_OPERATION_NAMES } from '@/lib/emulator/wsfex-operations';
import { argentinaDate } from '@/lib/emulator/wsfe-values';
import { portal } from '@/tests/support/emulator-client';
import { makeCa, makeLeaf, prepareKeys } from '@/tests/support/pki';
import { useEmulator } from '@/tests/support/registration';
import { freshCuit } from '@/tests/support/scenario';

beforeAll(() => prepareKeys());
const emulator = useEmulator();
const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true });

const SERVICES = [
  ['WSAA', 'wsaa/LoginCms', ['loginCms']],
  ['WSFEv1', 'wsfev1/service.asmx', WSFE_OPERATION_NAMES],
  ['WSFEX', 'wsfexv1/service.asmx', WSFEX_OPERATION_NAMES],
  ['the register', 'sr-padron/webservices/personaServiceA5', ['dummy', 'getPersona_v2']],
] as const;

describe('GET ?WSDL', () => {
  it.each(SERVICES)(
    '%s: a WSDL of the operations it serves, addressed at the emulator',
    async (_name, path, operations) => {
      const url = `${emulator()}/emulator/live/${path}`;
      const response = await fetch(`${url}?WSDL`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/xml');
      const text = await response.text();
      expect(XMLValidator.validate(text)).toBe(true);
      const definitions = parser.parse(text).definitions;
      const portOperations = [definitions.portType.operation]
        .flat()
        .map((operation: Record<string, string>) => operation['@_name']);
      expect(portOperations.sort()).toEqual([...operations].sort());
      const ports = [definitions.service.port].flat();
      expect(ports.map((port: { address: { '@_location': string } }) => port.address['@_location'])).toEqual([
        url,
        url,
      ]);
    },
  );

  it('another GET of a service path, or one outside the two environments, is a 404', async () => {
    expect((await fetch(`${emulator()}/emulator/sandbox/wsfexv1/service.asmx`)).status).toBe(404);
    expect((await fetch(`${emulator()}/emulator/staging/wsfexv1/service.asmx?WSDL`)).status).toBe(404);
  });
});

type SoapAnswer = Promise<[Record<string, any>]>;
interface NodeSoapClient {
  FEXGetLast_CMPAsync(input: unknown): SoapAnswer;
  FEXAuthorizeAsync(input: unknown): SoapAnswer;
  FEDummyAsync(input: unknown): SoapAnswer;
  FECAEASolicitarAsync(input: unknown): SoapAnswer;
  FECAEASinMovimientoConsultarAsync(input: unknown): SoapAnswer;
  dummyAsync(input: unknown): SoapAnswer;
}

async function soapClientFor(path: string) {
  const wsdl = await (await fetch(`${emulator()}/emulator/sandbox/${path}?wsdl`)).text();
  // node-soap's client is built at run time from the WSDL: its methods have no static types.
  return (await new SoapClient().createClient('', { wsdlContent: wsdl })) as unknown as NodeSoapClient;
}

describe('node-soap from our WSDLs alone', () => {
  it('WSFEX: FEXGetLast_CMP, then a CAE for an export invoice in dollars', async () => {
    const cuit = freshCuit('30');
    const leaf = makeLeaf({ ca: makeCa('sandbox'), cuit, alias: 'wsdlfex' });
    await portal(emulator(), 'authorizations', { environment: 'sandbox', cuit, alias: 'wsdlfex', service: 'wsfex' });
    const ticket = await loginCms('sandbox', 'wsfex', {
      certificatePem: leaf.certificatePem,
      privateKeyPem: leaf.keyPem,
    });
    const client = await soapClientFor('wsfexv1/service.asmx');
    const auth = { Token: ticket.token, Sign: ticket.sign, Cuit: cuit };

    const [last] = await client.FEXGetLast_CMPAsync({ Auth: { ...auth, Pto_venta: 2, Cbte_Tipo: 19 } });
    expect(Number(last.FEXGetLast_CMPResult.FEXResult_LastCMP.Cbte_nro)).toBe(0);
    const [authorized] = await client.FEXAuthorizeAsync({
      Auth: auth,
      Cmp: {
        Id: 1,
        Fecha_cbte: argentinaDate(new Date()),
        Cbte_Tipo: 19,
        Punto_vta: 2,
        Cbte_nro: 1,
        Tipo_expo: 1,
        Permiso_existente: 'N',
        Dst_cmp: 203,
        Cliente: 'Importadora Paulista Ltda.',
        Cuit_pais_cliente: 50000000016,
        Domicilio_cliente: 'Av. Paulista 1000, São Paulo',
        Moneda_Id: 'DOL',
        Moneda_ctz: '1045.5',
        Imp_total: '1000.00',
        Forma_pago: 'Transferencia',
        Incoterms: 'CIF',
        Idioma_cbte: 3,
        Items: {
          Item: [
            {
              Pro_ds: 'Vino Malbec',
              Pro_qty: 100,
              Pro_umed: 7,
              Pro_precio_uni: 10,
              Pro_bonificacion: 0,
              Pro_total_item: '1000.00',
            },
          ],
        },
      },
    });
    const result = authorized.FEXAuthorizeResult;
    expect(Number(result.FEXErr.ErrCode)).toBe(0);
    expect(result.FEXResultAuth).toMatchObject({ Resultado: 'A', Reproceso: 'N' });
    expect(Number(result.FEXResultAuth.Cbte_nro)).toBe(1);
    expect(result.FEXResultAuth.Cae).toMatch(/^\d{14}$/);
  });

  it('the register: dummy', async () => {
    const client = await soapClientFor('sr-padron/webservices/personaServiceA5');
    const [dummy] = await client.dummyAsync({});
    expect(dummy.return).toEqual({ appserver: 'OK', authserver: 'OK', dbserver: 'OK' });
  });

  it("WSFEv1: this fortnight's CAEA (FECAEASolicitar), then FECAEASinMovimientoConsultar of it", async () => {
    const cuit = freshCuit('30');
    const leaf = makeLeaf({ ca: makeCa('sandbox'), cuit, alias: 'wsdlcaea' });
    await portal(emulator(), 'authorizations', { environment: 'sandbox', cuit, alias: 'wsdlcaea', service: 'wsfe' });
    const ticket = await loginCms('sandbox', 'wsfe', {
      certificatePem: leaf.certificatePem,
      privateKeyPem: leaf.keyPem,
    });
    const client = await soapClientFor('wsfev1/service.asmx');
    const auth = { Token: ticket.token, Sign: ticket.sign, Cuit: cuit };
    const today = argentinaDate(new Date());
    const order = Number(today.slice(6)) <= 15 ? 1 : 2;

    const [granted] = await client.FECAEASolicitarAsync({
      Auth: auth,
      Periodo: Number(today.slice(0, 6)),
      Orden: order,
    });
    const caea = granted.FECAEASolicitarResult.ResultGet;
    expect(caea.CAEA).toMatch(/^\d{14}$/);
    expect(Number(caea.Orden)).toBe(order);
    const [idle] = await client.FECAEASinMovimientoConsultarAsync({ Auth: auth, CAEA: caea.CAEA, PtoVta: 3 });
    expect(Number(idle.FECAEASinMovimientoConsultarResult.Errors.Err[0].Code)).toBe(10102);
  });

  it('WSFEv1: FEDummy', async () => {
    const client = await soapClientFor('wsfev1/service.asmx');
    const [dummy] = await client.FEDummyAsync({});
    expect(dummy.FEDummyResult).toEqual({ AppServer: 'OK', DbServer: 'OK', AuthServer: 'OK' });
  });
});
