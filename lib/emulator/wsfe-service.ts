// The emulated WSFEv1 (an ASMX service): the operations of wsfe-operations.ts behind the real service's
// credential checks, answered as Errors/Err inside an HTTP 200 result, not as SOAP faults.
import type { Environment } from '@/lib/ar/environments';
import { outageFor } from '@/lib/emulator/faults';
import { getTicketByTokenHash } from '@/lib/emulator/queries';
import { xmlParser } from '@/lib/ar/xml';
import { isRecord, SoapFaultError, serveSoap, type SoapRequest } from '@/lib/emulator/soap';
import type { Observation } from '@/lib/emulator/voucher-detail';
import { sameDigest, sha256 } from '@/lib/emulator/wsaa-service';
import { WSFE_OPERATIONS } from '@/lib/emulator/wsfe-operations';
import { errorsXml } from '@/lib/emulator/wsfe-xml';

const FEV1 = 'http://ar.gov.afip.dif.FEV1/';

export function serveWsfe(environment: Environment, request: Request): Promise<Response> {
  return serveSoap(
    request,
    {
      prefix: 'soap',
      internalFault: { code: 'soap:Server', message: 'Server was unable to process request.', detail: '' },
      outage: outageFor(environment),
    },
    async (soap, outage) => {
      const name = dispatch(soap);
      const operation = WSFE_OPERATIONS[name]!;
      const now = new Date();
      const seenBy = outage?.fault === 'lagging_lookup' ? new Date(now.getTime() - outage.delayMs) : undefined;
      let result: string;
      if (operation.open) {
        result = await operation.run({ environment, cuit: '', payload: soap.payload, now });
      } else {
        const checked = await checkAuth(environment, soap.payload.Auth, now);
        result =
          'code' in checked
            ? `${operation.onAuthFailure ?? ''}${errorsXml([checked])}`
            : await operation.run({ environment, cuit: checked.cuit, payload: soap.payload, now, seenBy });
      }
      return `<${name}Response xmlns="${FEV1}"><${name}Result>${result}</${name}Result></${name}Response>`;
    },
  );
}

/**
 * ASMX routes by the SOAPAction header (SOAP 1.2: the action parameter) when one is sent, and by the
 * body's element when none is (the real service answers a SOAP 1.1 call without SOAPAction).
 */
function dispatch(soap: SoapRequest): string {
  const known = Object.hasOwn(WSFE_OPERATIONS, soap.operation);
  const actionMatches = soap.action === `${FEV1}${soap.operation}` || soap.action === null;
  if (!known || !actionMatches) {
    throw new SoapFaultError({
      code: 'soap:Client',
      message: `Server did not recognize the value of HTTP Header SOAPAction: ${soap.action ?? ''}.`,
      detail: '',
    });
  }
  return soap.operation;
}

/**
 * The real service's order: the token must decode, its dates must hold, token and sign must be a pair
 * the WSAA issued (for this service), and the CUIT must be among the token's relations.
 */
async function checkAuth(environment: Environment, auth: unknown, now: Date): Promise<{ cuit: string } | Observation> {
  if (!isRecord(auth) || !/^\d{1,11}$/.test(String(auth.Cuit ?? ''))) {
    return { code: 500, message: 'Campo Auth no fue ingresado o esta mal formado.' };
  }
  const token = String(auth.Token ?? '');
  const sso = readSso(token);
  if (!sso) {
    return {
      code: 600,
      message:
        'ValidacionDeToken: No valido token. Excepcion: CargarStringBase64Token: Excepción: CargarNodos: ' +
        'Error al cargar token XML. Excepcion: Data at the root level is invalid. Line 1, position 1.',
    };
  }
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (nowSeconds < sso.genTime || nowSeconds > sso.expTime) {
    return {
      code: 600,
      message: `ValidacionDeToken: No validaron las fechas del token. GenTime=${sso.genTime}, ExpTime=${sso.expTime}, NowUTC=${nowSeconds}`,
    };
  }
  const ticket = await getTicketByTokenHash(environment, sha256(token));
  if (!ticket || !sameDigest(ticket.signHash, sha256(String(auth.Sign ?? '')))) {
    return { code: 600, message: 'ValidacionDeToken: Error al verificar hash: ' };
  }
  // Unverified against the real service; a ticket for wsfex or wsct does not open WSFEv1 here.
  if (ticket.service !== 'wsfe') {
    return {
      code: 600,
      message: `ValidacionDeToken: El token fue emitido para el servicio ${ticket.service}, no para wsfe`,
    };
  }
  const cuit = String(auth.Cuit);
  if (cuit !== ticket.cuit) return { code: 601, message: 'CUIT representada no incluida en Token' };
  return { cuit };
}

export function readSso(token: string): { genTime: number; expTime: number } | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(token)) return undefined;
  const xml = Buffer.from(token, 'base64').toString('utf8');
  if (!/^\s*<\?xml[^>]*>\s*<sso\b/.test(xml)) return undefined;
  const match = /<id\b[^>]*\bgen_time="(\d+)"[^>]*\bexp_time="(\d+)"/.exec(xml);
  if (!match || !isRecord((xmlParser.parse(xml) as Record<string, unknown>).sso)) return undefined;
  return { genTime: Number(match[1]), expTime: Number(match[2]) };
}
