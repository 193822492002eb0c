// The emulated WSFEX (exports, an ASMX service at wsfexv1/service.asmx): the operations of
// wsfex-operations.ts behind the service's credential checks, answered as FEXErr inside an HTTP 200 result.
// A WSAA ticket opens it only when it was asked for service `wsfex`.
import type { Environment } from '@/lib/ar/environments';
import { outageFor } from '@/lib/emulator/faults';
import { getTicketByTokenHash } from '@/lib/emulator/queries';
import { isRecord, SoapFaultError, serveSoap, type SoapRequest } from '@/lib/emulator/soap';
import type { Observation } from '@/lib/emulator/voucher-detail';
import { sameDigest, sha256 } from '@/lib/emulator/wsaa-service';
import { readSso } from '@/lib/emulator/wsfe-service';
import { WSFEX_OPERATIONS } from '@/lib/emulator/wsfex-operations';
import { fexErrXml } from '@/lib/emulator/wsfex-xml';

const FEXV1 = 'http://ar.gov.afip.dif.fexv1/';
const UNAUTHORISED = 'Usuario no autorizado a realizar esta operacion. ';

export function serveWsfex(environment: Environment, request: Request): Promise<Response> {
  return serveSoap(
    request,
    {
      prefix: 'soap',
      internalFault: { code: 'soap:Server', message: 'Server was unable to process request.', detail: '' },
      outage: outageFor(environment),
    },
    async (soap, outage) => {
      const name = dispatch(soap);
      const operation = WSFEX_OPERATIONS[name]!;
      const now = new Date();
      const seenBy = outage?.fault === 'lagging_lookup' ? new Date(now.getTime() - outage.delayMs) : undefined;
      let result: string;
      if (operation.open) {
        result = await operation.run({ environment, cuit: '', payload: soap.payload, now });
      } else {
        const checked = await checkAuth(environment, soap.payload.Auth, now);
        result =
          'code' in checked
            ? fexErrXml(checked)
            : await operation.run({ environment, cuit: checked.cuit, payload: soap.payload, now, seenBy });
      }
      return `<${name}Response xmlns="${FEXV1}"><${name}Result>${result}</${name}Result></${name}Response>`;
    },
  );
}

/** ASMX routes by SOAPAction when one is sent, else by the body's element. */
function dispatch(soap: SoapRequest): string {
  const known = Object.hasOwn(WSFEX_OPERATIONS, soap.operation);
  if (!known || !(soap.action === `${FEXV1}${soap.operation}` || soap.action === null)) {
    throw new SoapFaultError({
      code: 'soap:Client',
      message: `System.Web.Services.Protocols.SoapException: Server did not recognize the value of HTTP Header SOAPAction: ${soap.action ?? ''}.`,
      detail: '',
    });
  }
  return soap.operation;
}

/** Every failure of the ticket is 1000 (with the reason, as the service words it); another CUIT is 1001. */
async function checkAuth(environment: Environment, auth: unknown, now: Date): Promise<{ cuit: string } | Observation> {
  const refused = (reason = '') => ({ code: 1000, message: `${UNAUTHORISED}${reason}` });
  if (!isRecord(auth) || !/^\d{1,11}$/.test(String(auth.Cuit ?? ''))) return refused();
  const token = String(auth.Token ?? '');
  const sso = readSso(token);
  if (!sso) {
    return refused(
      `ValidacionDeToken: Error al verificar hash: VerificacionDeHash: Error al convertir de Base64 al token: ${token}`,
    );
  }
  const ticket = await getTicketByTokenHash(environment, sha256(token));
  if (!ticket || !sameDigest(ticket.signHash, sha256(String(auth.Sign ?? '')))) {
    return refused('ValidacionDeToken: Error al verificar hash: VerificacionDeHash: No validó la firma digital. ');
  }
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (nowSeconds < sso.genTime || nowSeconds > sso.expTime) {
    return refused(
      `ValidacionDeToken: No validaron las fechas del token. GenTime=${sso.genTime}, ExpTime=${sso.expTime}, NowUTC=${nowSeconds}`,
    );
  }
  // Unverified against the real service: a ticket for wsfe or wsct does not open WSFEX here.
  if (ticket.service !== 'wsfex') {
    return refused(`ValidacionDeToken: El token fue emitido para el servicio ${ticket.service}, no para wsfex`);
  }
  if (String(auth.Cuit) !== ticket.cuit) {
    return { code: 1001, message: 'Cuit solicitante no se encuentra entre sus representados' };
  }
  return { cuit: String(auth.Cuit) };
}
