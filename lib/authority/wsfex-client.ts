// The WSFEX client (exports, E): the call every operation shares, FEXDummy, and the parameter tables
// (FEXGetPARAM_*). Every operation answers HTTP 200 with one `FEXErr` (0 when all went well) beside its result.
// Vouchers (numbering, the request id, CAE, lookups) are lib/authority/wsfex-vouchers.ts.
import 'server-only';
import { AuthorityError } from '@/lib/authority/authority-error';
import { authorityEndpoint } from '@/lib/authority/endpoints';
import { postSoap, soapEnvelope, type SoapCallOptions } from '@/lib/authority/soap-client';
import { asList, type PuntoDeVenta, type WsfeAuth } from '@/lib/authority/wsfe-client';
import { escapeXml } from '@/lib/ar/xml';
import type { Environment } from '@/lib/ar/environments';

const FEXV1 = 'http://ar.gov.afip.dif.fexv1/';

export interface FexError {
  code: string;
  message: string;
}

type Result = Record<string, unknown>;

/** The answer's `FEXErr`, or undefined when its code is 0 (OK) or it has none. */
export function fexError(result: Result): FexError | undefined {
  const error = result.FEXErr as { ErrCode?: unknown; ErrMsg?: unknown } | undefined;
  if (!error || String(error.ErrCode ?? '0') === '0') return undefined;
  return { code: String(error.ErrCode), message: String(error.ErrMsg ?? '') };
}

export const fexRejected = (error: FexError) =>
  new AuthorityError('rejected', `WSFEX error ${error.code}: ${error.message}`, { faultCode: error.code });

export const fexAuthXml = (auth: WsfeAuth, extra = '') =>
  `<ar:Auth><ar:Token>${escapeXml(auth.token)}</ar:Token><ar:Sign>${escapeXml(auth.sign)}</ar:Sign><ar:Cuit>${escapeXml(auth.cuit)}</ar:Cuit>${extra}</ar:Auth>`;

/** Posts one WSFEX operation; answers its `<Operation>Result`. */
export async function callWsfex(
  environment: Environment,
  operation: string,
  inner: string,
  options?: SoapCallOptions,
): Promise<Result> {
  const body = await postSoap(
    authorityEndpoint(environment, 'wsfex'),
    soapEnvelope(`<ar:${operation}>${inner}</ar:${operation}>`, { ar: FEXV1 }),
    `${FEXV1}${operation}`,
    (fault) =>
      new AuthorityError('unavailable', `WSFEX fault ${fault.faultCode}: ${fault.faultString}`, {
        faultCode: fault.faultCode,
      }),
    options,
  );
  const result = (body[`${operation}Response`] as Result | undefined)?.[`${operation}Result`];
  if (!result) throw new AuthorityError('unavailable', `WSFEX answered ${operation} without a result.`);
  return result as Result;
}

export async function fexDummy(environment: Environment) {
  const result = await callWsfex(environment, 'FEXDummy', '');
  return {
    appServer: String(result.AppServer ?? ''),
    dbServer: String(result.DbServer ?? ''),
    authServer: String(result.AuthServer ?? ''),
  };
}

/** Each parameter table: its operation, the element of one row, and the row's code and description. */
export const FEX_PARAMETER_TABLES = {
  countries: { operation: 'FEXGetPARAM_DST_pais', row: 'ClsFEXResponse_DST_pais', code: 'DST_Codigo', name: 'DST_Ds' },
  countryCuits: { operation: 'FEXGetPARAM_DST_CUIT', row: 'ClsFEXResponse_DST_cuit', code: 'DST_CUIT', name: 'DST_Ds' },
  incoterms: { operation: 'FEXGetPARAM_Incoterms', row: 'ClsFEXResponse_Inc', code: 'Inc_Id', name: 'Inc_Ds' },
  units: { operation: 'FEXGetPARAM_UMed', row: 'ClsFEXResponse_UMed', code: 'Umed_Id', name: 'Umed_Ds' },
  currencies: { operation: 'FEXGetPARAM_MON', row: 'ClsFEXResponse_Mon', code: 'Mon_Id', name: 'Mon_Ds' },
  languages: { operation: 'FEXGetPARAM_Idiomas', row: 'ClsFEXResponse_Idi', code: 'Idi_Id', name: 'Idi_Ds' },
  exportTypes: { operation: 'FEXGetPARAM_Tipo_Expo', row: 'ClsFEXResponse_Tex', code: 'Tex_Id', name: 'Tex_Ds' },
} as const;
export type FexParameterTable = keyof typeof FEX_PARAMETER_TABLES;

export interface FexParameter {
  code: string;
  description: string;
}

/** One of WSFEX's code tables, as the authority lists it. */
export async function fexParameters(
  environment: Environment,
  auth: WsfeAuth,
  table: FexParameterTable,
): Promise<FexParameter[]> {
  const { operation, row, code, name } = FEX_PARAMETER_TABLES[table];
  const result = await callWsfex(environment, operation, fexAuthXml(auth));
  const error = fexError(result);
  if (error) throw fexRejected(error);
  const rows = asList((result.FEXResultGet as Record<string, Result | Result[]> | undefined)?.[row]);
  return rows.map((entry) => ({ code: String(entry[code] ?? ''), description: String(entry[name] ?? '') }));
}

/** FEXGetPARAM_Ctz: the customs' last rate of a currency (orientative), and its date (yyyymmdd). */
export async function fexExchangeRate(
  environment: Environment,
  auth: WsfeAuth,
  currency: string,
): Promise<{ rate: string; date: string }> {
  const result = await callWsfex(
    environment,
    'FEXGetPARAM_Ctz',
    `${fexAuthXml(auth)}<ar:Mon_id>${escapeXml(currency)}</ar:Mon_id>`,
  );
  const error = fexError(result);
  if (error) throw fexRejected(error);
  const found = (result.FEXResultGet ?? {}) as Result;
  return { rate: String(found.Mon_ctz ?? ''), date: String(found.Mon_fecha ?? '') };
}

/** FEXGetPARAM_PtoVenta: the points of sale registered for exports ("Comprobantes de Exportación - Web Services"). */
export async function fexPointsOfSale(environment: Environment, auth: WsfeAuth): Promise<PuntoDeVenta[]> {
  const result = await callWsfex(environment, 'FEXGetPARAM_PtoVenta', fexAuthXml(auth));
  const error = fexError(result);
  if (error) throw fexRejected(error);
  const rows = asList((result.FEXResultGet as Record<string, Result | Result[]> | undefined)?.ClsFEXResponse_PtoVenta);
  return rows.map((row) => {
    const dropped = String(row.Pve_FchBaja ?? '');
    return {
      number: Number(row.Pve_Nro),
      emissionType: 'CAE',
      blocked: String(row.Pve_Bloqueado ?? '').toUpperCase() === 'S',
      droppedOn: /^\d{8}$/.test(dropped) ? dropped.replace(/^(\d{4})(\d\d)(\d\d)$/, '$1-$2-$3') : null,
    };
  });
}
