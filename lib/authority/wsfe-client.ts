// The WSFEv1 client: the call every operation shares, FEDummy (health) and FEParamGetPtosVenta (the
// supplier's points of sale). Vouchers (numbering, CAE, lookups) are lib/authority/wsfe-vouchers.ts.
import 'server-only';
import { AuthorityError } from '@/lib/authority/authority-error';
import { authorityEndpoint } from '@/lib/authority/endpoints';
import { postSoap, soapEnvelope, type SoapCallOptions } from '@/lib/authority/soap-client';
import { escapeXml } from '@/lib/ar/xml';
import type { Environment } from '@/lib/ar/environments';

const FEV1 = 'http://ar.gov.afip.dif.FEV1/';
/** "Sin Resultados" / "No existen datos": nothing matches what was asked. */
export const NO_RESULTS = '602';

export interface WsfeAuth {
  token: string;
  sign: string;
  cuit: string;
}

export interface PuntoDeVenta {
  number: number;
  emissionType: string;
  blocked: boolean;
  /** yyyy-mm-dd when the point of sale was dropped. */
  droppedOn: string | null;
}

export const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

export interface WsfeError {
  code: string;
  message: string;
}

/** The `Errors/Err` of an answer (every WSFEv1 operation answers HTTP 200 with these). */
export function wsfeErrors(result: Record<string, unknown>): WsfeError[] {
  const errors = asList(
    (result.Errors as { Err?: { Code?: string; Msg?: string } | { Code?: string; Msg?: string }[] } | undefined)?.Err,
  );
  return errors.map((error) => ({ code: String(error.Code ?? ''), message: String(error.Msg ?? '') }));
}

export const authXml = (auth: WsfeAuth) =>
  `<ar:Auth><ar:Token>${escapeXml(auth.token)}</ar:Token><ar:Sign>${escapeXml(auth.sign)}</ar:Sign><ar:Cuit>${escapeXml(auth.cuit)}</ar:Cuit></ar:Auth>`;

/** Posts one WSFEv1 operation; answers its `<Operation>Result`. */
export async function callWsfe(environment: Environment, operation: string, inner: string, options?: SoapCallOptions) {
  const envelope = soapEnvelope(`<ar:${operation}>${inner}</ar:${operation}>`, { ar: FEV1 });
  const body = await postSoap(
    authorityEndpoint(environment, 'wsfe'),
    envelope,
    `${FEV1}${operation}`,
    (fault) =>
      new AuthorityError('unavailable', `WSFE fault ${fault.faultCode}: ${fault.faultString}`, {
        faultCode: fault.faultCode,
      }),
    options,
  );
  const result = (body[`${operation}Response`] as Record<string, unknown> | undefined)?.[`${operation}Result`];
  if (!result) throw new AuthorityError('unavailable', `WSFE answered ${operation} without a result.`);
  return result as Record<string, unknown>;
}

export async function feDummy(environment: Environment) {
  const result = await callWsfe(environment, 'FEDummy', '');
  return {
    appServer: String(result.AppServer ?? ''),
    dbServer: String(result.DbServer ?? ''),
    authServer: String(result.AuthServer ?? ''),
  };
}

export async function feParamGetPtosVenta(environment: Environment, auth: WsfeAuth): Promise<PuntoDeVenta[]> {
  const result = await callWsfe(environment, 'FEParamGetPtosVenta', authXml(auth));
  const errors = wsfeErrors(result);
  if (errors.some((error) => error.code === NO_RESULTS)) return [];
  if (errors.length > 0) throw rejected(errors[0]!);
  const points = asList(
    (result.ResultGet as { PtoVenta?: Record<string, string> | Record<string, string>[] } | undefined)?.PtoVenta,
  );
  return points.map((point) => ({
    number: Number(point.Nro),
    emissionType: String(point.EmisionTipo ?? ''),
    blocked: String(point.Bloqueado).toUpperCase() === 'S',
    droppedOn: /^\d{8}$/.test(String(point.FchBaja ?? ''))
      ? String(point.FchBaja).replace(/^(\d{4})(\d\d)(\d\d)$/, '$1-$2-$3')
      : null,
  }));
}

/** An answer that refuses what was asked, as an error (its code kept for the caller). */
export const rejected = (error: WsfeError) =>
  new AuthorityError('rejected', `WSFE error ${error.code}: ${error.message}`, { faultCode: error.code });
