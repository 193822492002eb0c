// The emulated WSFEv1 (an ASMX service): FEDummy and FEParamGetPtosVenta, with the real service's
// credential checks answered as Errors/Err inside an HTTP 200 result, not as SOAP faults.
import crypto from 'node:crypto';
import type { Environment } from '../../db/schema';
import { getTicketByTokenHash, listPointsOfSale } from './queries';
import { escapeXml, xmlParser } from '../xml';
import { isRecord, SoapFaultError, serveSoap, type SoapRequest } from './soap';
import { sha256 } from './wsaa';

const FEV1 = 'http://ar.gov.afip.dif.FEV1/';
const OPERATIONS = ['FEDummy', 'FEParamGetPtosVenta'] as const;
type Operation = (typeof OPERATIONS)[number];

interface WsfeError { code: number; message: string }

export function wsfeService(environment: Environment, request: Request): Promise<Response> {
  return serveSoap(request, {
    prefix: 'soap',
    internalFault: { code: 'soap:Server', message: 'Server was unable to process request.', detail: '' },
  }, async (soap) => {
    const operation = dispatch(soap);
    const result = operation === 'FEDummy'
      ? '<AppServer>OK</AppServer><DbServer>OK</DbServer><AuthServer>OK</AuthServer>'
      : await puntosDeVenta(environment, soap.payload, new Date());
    return `<${operation}Response xmlns="${FEV1}"><${operation}Result>${result}</${operation}Result></${operation}Response>`;
  });
}

/** ASMX routes SOAP 1.1 by the SOAPAction header (SOAP 1.2 by the action parameter, when sent). */
function dispatch(soap: SoapRequest): Operation {
  const operation = OPERATIONS.find((name) => name === soap.operation);
  const actionMatches = soap.action === `${FEV1}${soap.operation}` || (soap.version === '1.2' && soap.action === null);
  if (!operation || !actionMatches) {
    throw new SoapFaultError({
      code: 'soap:Client',
      message: `Server did not recognize the value of HTTP Header SOAPAction: ${soap.action ?? ''}.`,
      detail: '',
    });
  }
  return operation;
}

async function puntosDeVenta(environment: Environment, payload: Record<string, unknown>, now: Date): Promise<string> {
  const checked = await checkAuth(environment, payload.Auth, now);
  if ('code' in checked) return errors(checked);
  const points = await listPointsOfSale(environment, checked.cuit);
  if (points.length === 0) return errors({ code: 602, message: 'Sin Resultados: - Metodo FEParamGetPtosVenta' });
  return `<ResultGet>${points.map((point) => '<PtoVenta>'
    + `<Nro>${point.number}</Nro><EmisionTipo>${escapeXml(point.emissionType)}</EmisionTipo>`
    + `<Bloqueado>${point.blocked ? 'S' : 'N'}</Bloqueado>`
    + `<FchBaja>${point.droppedOn ? point.droppedOn.replace(/-/g, '') : 'NULL'}</FchBaja>`
    + '</PtoVenta>').join('')}</ResultGet>`;
}

const errors = (error: WsfeError) =>
  `<Errors><Err><Code>${error.code}</Code><Msg>${escapeXml(error.message)}</Msg></Err></Errors>`;

/**
 * The real service's order: the token must decode, its dates must hold, token and sign must be a pair
 * the WSAA issued (for this service), and the CUIT must be among the token's relations.
 */
async function checkAuth(environment: Environment, auth: unknown, now: Date): Promise<{ cuit: string } | WsfeError> {
  if (!isRecord(auth) || !/^\d{1,11}$/.test(String(auth.Cuit ?? ''))) {
    return { code: 500, message: 'Campo Auth no fue ingresado o esta mal formado.' };
  }
  const token = String(auth.Token ?? '');
  const sso = readSso(token);
  if (!sso) {
    return {
      code: 600,
      message: 'ValidacionDeToken: No valido token. Excepcion: CargarStringBase64Token: Excepción: CargarNodos: '
        + 'Error al cargar token XML. Excepcion: Data at the root level is invalid. Line 1, position 1.',
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
    return { code: 600, message: `ValidacionDeToken: El token fue emitido para el servicio ${ticket.service}, no para wsfe` };
  }
  const cuit = String(auth.Cuit);
  if (cuit !== ticket.cuit) return { code: 601, message: 'CUIT representada no incluida en Token' };
  return { cuit };
}

function readSso(token: string): { genTime: number; expTime: number } | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(token)) return undefined;
  const xml = Buffer.from(token, 'base64').toString('utf8');
  if (!/^\s*<\?xml[^>]*>\s*<sso\b/.test(xml)) return undefined;
  const match = /<id\b[^>]*\bgen_time="(\d+)"[^>]*\bexp_time="(\d+)"/.exec(xml);
  if (!match || !isRecord((xmlParser.parse(xml) as Record<string, unknown>).sso)) return undefined;
  return { genTime: Number(match[1]), expTime: Number(match[2]) };
}

const sameDigest = (a: string, b: string) =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
