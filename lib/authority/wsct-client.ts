// The WSCT client (tourism invoices, type T): the call every operation shares, `dummy` (health) and the
// parameter tables. Vouchers (numbering, CAE, lookups) are lib/authority/wsct-vouchers.ts.
import 'server-only';
import { AuthorityError } from '@/lib/authority/authority-error';
import { authorityEndpoint } from '@/lib/authority/endpoints';
import { postSoap, soapEnvelope, type SoapCallOptions } from '@/lib/authority/soap-client';
import { toXmlElements, WSCT_NAMESPACE, wsctReturnElement, type XmlValue } from '@/lib/ar/wsct-xml';
import type { Environment } from '@/lib/ar/environments';

export interface WsctAuth {
  token: string;
  sign: string;
  cuit: string;
}

export interface WsctError {
  code: string;
  message: string;
}

export interface WsctCode {
  code: string;
  description: string;
}

type Result = Record<string, unknown>;

export const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value];

/** `arrayErrores` (business refusals, codes 100-5000) and `arrayErroresFormato` (the schema's, `cvc-…`). */
export function wsctErrors(result: Result): WsctError[] {
  type Entry = { codigo?: string; descripcion?: string };
  const errors = asList(
    (result.arrayErrores as { codigoDescripcion?: Entry | Entry[] } | undefined)?.codigoDescripcion,
  );
  const format = asList(
    (result.arrayErroresFormato as { codigoDescripcionString?: Entry | Entry[] } | undefined)?.codigoDescripcionString,
  );
  return [...errors, ...format].map((error) => ({
    code: String(error.codigo ?? ''),
    message: String(error.descripcion ?? '').trim(),
  }));
}

export const wsctRejected = (error: WsctError) =>
  new AuthorityError('rejected', `WSCT error ${error.code}: ${error.message}`, {
    faultCode: error.code,
    service: 'wsct',
  });

/** Posts one WSCT operation; answers its return element. `dummy` carries no request element at all. */
export async function callWsct(
  environment: Environment,
  operation: string,
  auth: WsctAuth | undefined,
  fields: { [key: string]: XmlValue } = {},
  options?: SoapCallOptions,
): Promise<Result> {
  const authRequest = auth ? { authRequest: { token: auth.token, sign: auth.sign, cuitRepresentada: auth.cuit } } : {};
  const body =
    operation === 'dummy'
      ? ''
      : `<ct:${operation}Request>${toXmlElements({ ...authRequest, ...fields })}</ct:${operation}Request>`;
  const answer = await postSoap(
    authorityEndpoint(environment, 'wsct'),
    soapEnvelope(body, { ct: WSCT_NAMESPACE }),
    `${WSCT_NAMESPACE}${operation}`,
    (fault) =>
      new AuthorityError('unavailable', `WSCT fault ${fault.faultCode}: ${fault.faultString}`, {
        faultCode: fault.faultCode,
        service: 'wsct',
      }),
    options,
  );
  const result = (answer[`${operation}Response`] as Result | undefined)?.[wsctReturnElement(operation)];
  if (!result || typeof result !== 'object')
    throw new AuthorityError('unavailable', `WSCT answered ${operation} without a result.`);
  return result as Result;
}

export async function wsctDummy(environment: Environment) {
  const result = await callWsct(environment, 'dummy', undefined);
  return {
    appServer: String(result.appserver ?? ''),
    dbServer: String(result.dbserver ?? ''),
    authServer: String(result.authserver ?? ''),
  };
}

/**
 * The parameter tables: each answers `<array…>` of `codigoDescripcion` (or `codigoDescripcionString`).
 * The operation names are WSCT's own.
 */
const PARAMETER_TABLES = {
  consultarTiposComprobantes: 'arrayTiposComprobantes',
  consultarTiposDocumento: 'arrayTiposDocumento',
  consultarTiposIVA: 'arrayTiposIVA',
  consultarCondicionesIVA: 'arrayCondicionesIVA',
  consultarMonedas: 'arrayTiposMoneda',
  consultarPaises: 'arrayPaises',
  consultarTiposItem: 'arrayTiposItem',
  consultarCodigosItemTurismo: 'arrayCodigosItem',
  consultarRelacionEmisorReceptor: 'arrayRelacionesEmisorReceptor',
  consultarTiposTributo: 'arrayTiposTributo',
} as const;
export type WsctParameterTable = keyof typeof PARAMETER_TABLES;

export async function wsctParameters(
  environment: Environment,
  auth: WsctAuth,
  table: WsctParameterTable,
): Promise<WsctCode[]> {
  const result = await callWsct(environment, table, auth);
  const errors = wsctErrors(result);
  if (errors.length > 0) throw wsctRejected(errors[0]!);
  type Entry = { codigo?: string; descripcion?: string };
  const list = result[PARAMETER_TABLES[table]] as
    | { codigoDescripcion?: Entry | Entry[]; codigoDescripcionString?: Entry | Entry[] }
    | undefined;
  return asList(list?.codigoDescripcion ?? list?.codigoDescripcionString).map((entry) => ({
    code: String(entry.codigo ?? ''),
    description: String(entry.descripcion ?? ''),
  }));
}

/** `consultarCotizacion`: the authority's rate for a currency on a date (yyyy-mm-dd). */
export async function wsctExchangeRate(environment: Environment, auth: WsctAuth, currency: string, date: string) {
  const result = await callWsct(environment, 'consultarCotizacion', auth, {
    codigoMoneda: currency,
    fechaCotizacion: date,
  });
  const errors = wsctErrors(result);
  if (errors.length > 0) throw wsctRejected(errors[0]!);
  return String(result.cotizacionMoneda ?? '');
}
