// The WSFEv1 client: FEDummy (health) and FEParamGetPtosVenta (the supplier's points of sale).
import { AuthorityError } from '@/lib/authority/authority-error';
import { authorityEndpoint } from '@/lib/authority/endpoints';
import { postSoap, soapEnvelope } from '@/lib/authority/soap-client';
import { escapeXml } from '@/lib/ar/xml';
import type { Environment } from '@/lib/db/schema';

const FEV1 = 'http://ar.gov.afip.dif.FEV1/';
/** "Sin Resultados": the supplier has no points of sale. */
const NO_RESULTS = '602';

export interface WsfeAuth { token: string; sign: string; cuit: string }

export interface PuntoDeVenta {
  number: number;
  emissionType: string;
  blocked: boolean;
  /** yyyy-mm-dd when the point of sale was dropped. */
  droppedOn: string | null;
}

const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

async function call(environment: Environment, operation: string, inner: string) {
  const envelope = soapEnvelope(`<ar:${operation}>${inner}</ar:${operation}>`, { ar: FEV1 });
  const body = await postSoap(authorityEndpoint(environment, 'wsfe'), envelope, `${FEV1}${operation}`, (fault) =>
    new AuthorityError('unavailable', `WSFE fault ${fault.faultCode}: ${fault.faultString}`, { faultCode: fault.faultCode }));
  const result = (body[`${operation}Response`] as Record<string, unknown> | undefined)?.[`${operation}Result`];
  if (!result) throw new AuthorityError('unavailable', `WSFE answered ${operation} without a result.`);
  return result as Record<string, unknown>;
}

export async function feDummy(environment: Environment) {
  const result = await call(environment, 'FEDummy', '');
  return { appServer: String(result.AppServer ?? ''), dbServer: String(result.DbServer ?? ''), authServer: String(result.AuthServer ?? '') };
}

export async function feParamGetPtosVenta(environment: Environment, auth: WsfeAuth): Promise<PuntoDeVenta[]> {
  const result = await call(environment, 'FEParamGetPtosVenta',
    `<ar:Auth><ar:Token>${escapeXml(auth.token)}</ar:Token><ar:Sign>${escapeXml(auth.sign)}</ar:Sign><ar:Cuit>${escapeXml(auth.cuit)}</ar:Cuit></ar:Auth>`);
  const errors = asList((result.Errors as { Err?: { Code?: string; Msg?: string } | { Code?: string; Msg?: string }[] } | undefined)?.Err);
  if (errors.some((error) => String(error.Code) === NO_RESULTS)) return [];
  if (errors.length > 0) {
    const first = errors[0]!;
    throw new AuthorityError('rejected', `WSFE error ${first.Code}: ${first.Msg}`, { faultCode: String(first.Code) });
  }
  const points = asList((result.ResultGet as { PtoVenta?: Record<string, string> | Record<string, string>[] } | undefined)?.PtoVenta);
  return points.map((point) => ({
    number: Number(point.Nro),
    emissionType: String(point.EmisionTipo ?? ''),
    blocked: String(point.Bloqueado).toUpperCase() === 'S',
    droppedOn: /^\d{8}$/.test(String(point.FchBaja ?? '')) ? String(point.FchBaja).replace(/^(\d{4})(\d\d)(\d\d)$/, '$1-$2-$3') : null,
  }));
}
