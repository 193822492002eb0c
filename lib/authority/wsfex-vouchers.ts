// WSFEX's vouchers, one per request: the last number of a sequence (FEXGetLast_CMP), the last request id of the
// CUIT (FEXGetLast_ID; the caller keeps it and sends Id + 1), one voucher as authorised (FEXGetCMP), a shipping
// permit's check (FEXCheck_Permiso), and the CAE (FEXAuthorize), which goes out once: a lost answer is settled
// by sending the same Id again (the authority answers the first result, Reproceso S) or by FEXGetCMP.
import type { Environment } from '@/lib/ar/environments';
import { FEX_REQUEST_FIELDS, FEX_REQUEST_LISTS, type FexRequest } from '@/lib/ar/arca/wsfex-request';
import { escapeXml } from '@/lib/ar/xml';
import { AuthorityError } from '@/lib/authority/authority-error';
import type { WsfeAuth } from '@/lib/authority/wsfe-client';
import { callWsfex, fexAuthXml, fexError, fexRejected, type FexError } from '@/lib/authority/wsfex-client';

export interface ExportSequence {
  pointOfSale: number;
  docType: number;
}

type Result = Record<string, unknown>;

/** "Comprobante inexistente": FEXGetCMP found no such voucher. */
const FEX_NO_SUCH_VOUCHER = '1020';

const whole = (value: unknown, what: string) => {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 0)
    throw new AuthorityError('unavailable', `WSFEX answered ${what} "${String(value)}".`);
  return number;
};

export async function fexGetLastCmp(
  environment: Environment,
  auth: WsfeAuth,
  sequence: ExportSequence,
): Promise<{ number: number; date: string | null }> {
  const extra = `<ar:Pto_venta>${sequence.pointOfSale}</ar:Pto_venta><ar:Cbte_Tipo>${sequence.docType}</ar:Cbte_Tipo>`;
  const result = await callWsfex(environment, 'FEXGetLast_CMP', fexAuthXml(auth, extra));
  const error = fexError(result);
  if (error) throw fexRejected(error);
  const last = (result.FEXResult_LastCMP ?? {}) as Result;
  const date = String(last.Cbte_fecha ?? '');
  return { number: whole(last.Cbte_nro ?? 0, 'Cbte_nro'), date: /^\d{8}$/.test(date) ? date : null };
}

/** The largest request Id the authority received from this CUIT: the next request is this + 1. */
export async function fexGetLastId(environment: Environment, auth: WsfeAuth): Promise<number> {
  const result = await callWsfex(environment, 'FEXGetLast_ID', fexAuthXml(auth));
  const error = fexError(result);
  if (error) throw fexRejected(error);
  return whole((result.FEXResultGet as Result | undefined)?.Id ?? 0, 'Id');
}

/** A voucher as FEXGetCMP shows it: what is compared before a lost answer's CAE is adopted. */
export interface AuthorisedExport {
  id: number;
  number: number;
  cae: string;
  /** yyyymmdd */
  caeDue: string;
  /** The voucher's elements as the authority returned them. */
  fields: Result;
}

/** The voucher the authority authorised with this number, or undefined when it has none (1020). */
export async function fexGetCmp(
  environment: Environment,
  auth: WsfeAuth,
  sequence: ExportSequence,
  number: number,
): Promise<AuthorisedExport | undefined> {
  const result = await callWsfex(
    environment,
    'FEXGetCMP',
    `${fexAuthXml(auth)}<ar:Cmp><ar:Cbte_tipo>${sequence.docType}</ar:Cbte_tipo>` +
      `<ar:Punto_vta>${sequence.pointOfSale}</ar:Punto_vta><ar:Cbte_nro>${number}</ar:Cbte_nro></ar:Cmp>`,
  );
  const error = fexError(result);
  if (error?.code === FEX_NO_SUCH_VOUCHER) return undefined;
  if (error) throw fexRejected(error);
  const found = result.FEXResultGet as Result | undefined;
  if (!found || String(found.Resultado) !== 'A' || !found.Cae) return undefined;
  return {
    id: whole(found.Id, 'Id'),
    number: whole(found.Cbte_nro, 'Cbte_nro'),
    cae: String(found.Cae),
    caeDue: String(found.Fch_venc_Cae ?? ''),
    fields: found,
  };
}

/** Whether the customs know this shipping permit for this destination (`OK`) or not (`NO`). */
export async function fexCheckPermiso(
  environment: Environment,
  auth: WsfeAuth,
  permit: string,
  destination: number,
): Promise<boolean> {
  const result = await callWsfex(
    environment,
    'FEXCheck_Permiso',
    `${fexAuthXml(auth)}<ar:ID_Permiso>${escapeXml(permit)}</ar:ID_Permiso><ar:Dst_merc>${destination}</ar:Dst_merc>`,
  );
  const error = fexError(result);
  if (error) throw fexRejected(error);
  return String((result.FEXResultGet as Result | undefined)?.Status ?? '') === 'OK';
}

/** What FEXAuthorize answered: the voucher's outcome, or the request's one error. */
export interface ExportResult {
  id: number;
  number: number;
  approved: boolean;
  /** The same Id was authorised before: this is that first result. */
  reprocessed: boolean;
  cae?: string;
  /** yyyymmdd */
  caeDue?: string;
  observations: string;
  error?: FexError;
}

/** Asks the CAE of one numbered voucher under the request's Id. Sent once, never again by itself. */
export async function fexAuthorize(
  environment: Environment,
  auth: WsfeAuth,
  request: FexRequest,
): Promise<ExportResult> {
  const result = await callWsfex(
    environment,
    'FEXAuthorize',
    `${fexAuthXml(auth)}${element('Cmp', request, FEX_REQUEST_FIELDS)}`,
    {
      idempotent: false,
    },
  );
  const answer = (result.FEXResultAuth ?? {}) as Result;
  const error = fexError(result);
  return {
    id: Number(answer.Id ?? request.Id),
    number: Number(answer.Cbte_nro ?? request.Cbte_nro),
    approved: !error && String(answer.Resultado) === 'A' && Boolean(answer.Cae),
    reprocessed: String(answer.Reproceso ?? '') === 'S',
    ...(answer.Cae ? { cae: String(answer.Cae) } : {}),
    ...(answer.Fch_venc_Cae ? { caeDue: String(answer.Fch_venc_Cae) } : {}),
    observations: String(answer.Motivos_Obs ?? '').trim(),
    ...(error ? { error } : {}),
  };
}

const CHILD_ORDER: Record<string, readonly string[]> = Object.fromEntries(
  Object.values(FEX_REQUEST_LISTS).map(({ item, fields }) => [item, fields]),
);
const LIST_ITEM: Record<string, string> = Object.fromEntries(
  Object.entries(FEX_REQUEST_LISTS).map(([list, { item }]) => [list, item]),
);

/** `<ar:Name>` with the value's fields in order; a list's items under their element; absent values left out. */
function element(name: string, value: unknown, order?: readonly string[]): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map((item) => element(name, item, CHILD_ORDER[name])).join('');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = order ?? CHILD_ORDER[name] ?? Object.keys(record);
    return `<ar:${name}>${keys.map((key) => (LIST_ITEM[key] ? list(key, record[key]) : element(key, record[key]))).join('')}</ar:${name}>`;
  }
  return `<ar:${name}>${escapeXml(String(value))}</ar:${name}>`;
}

function list(name: string, value: unknown): string {
  if (value === undefined) return '';
  const items = (value as Record<string, unknown[]>)[LIST_ITEM[name]!] ?? [];
  return `<ar:${name}>${element(LIST_ITEM[name]!, items)}</ar:${name}>`;
}
