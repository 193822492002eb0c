// WSFEv1's vouchers, as our client asks for them: the last number of a sequence (FECompUltimoAutorizado),
// one voucher as the authority authorised it (FECompConsultar), how many vouchers one request may carry
// (FECompTotXRequest), and the CAE for a batch of vouchers of one sequence (FECAESolicitar), which goes out
// once: a lost answer is reported as such, and the caller asks FECompConsultar before anything is sent again.
import type { Environment } from '@/lib/ar/environments';
import type { FECAEDetRequest } from '@/lib/ar/arca/wsfe-detail';
import { DETAIL_ARRAYS, DETAIL_FIELDS } from '@/lib/ar/arca/wsfe-detail-order';
import { escapeXml } from '@/lib/ar/xml';
import { AuthorityError } from '@/lib/authority/authority-error';
import {
  asList,
  authXml,
  callWsfe,
  NO_RESULTS,
  rejected,
  wsfeErrors,
  type WsfeAuth,
  type WsfeError,
} from '@/lib/authority/wsfe-client';

export interface Sequence {
  pointOfSale: number;
  docType: number;
}

/** One voucher's outcome in a FECAESolicitar answer. */
export interface VoucherResult {
  number: number;
  approved: boolean;
  cae?: string;
  /** yyyymmdd */
  caeDue?: string;
  observations: WsfeError[];
}

export interface BatchResult {
  /** A (all), P (some), R (none). */
  result: string;
  /** yyyymmddhhmmss */
  processedAt: string;
  details: VoucherResult[];
  /** Request-level errors (10016 for numbering, header errors...). */
  errors: WsfeError[];
}

/** A voucher as FECompConsultar shows it: what is compared before a lost answer's CAE is adopted. */
export interface AuthorisedVoucher {
  number: number;
  cae: string;
  /** yyyymmdd */
  caeDue: string;
  /** The voucher's elements as the authority returned them (FECAEDetRequest's, lists as parsed). */
  fields: Record<string, unknown>;
}

type Result = Record<string, unknown>;

export async function feCompUltimoAutorizado(
  environment: Environment,
  auth: WsfeAuth,
  sequence: Sequence,
): Promise<number> {
  const result = await callWsfe(
    environment,
    'FECompUltimoAutorizado',
    `${authXml(auth)}<ar:PtoVta>${sequence.pointOfSale}</ar:PtoVta><ar:CbteTipo>${sequence.docType}</ar:CbteTipo>`,
  );
  const errors = wsfeErrors(result);
  if (errors.length > 0) throw rejected(errors[0]!);
  const last = Number(result.CbteNro);
  if (!Number.isSafeInteger(last) || last < 0)
    throw new AuthorityError('unavailable', `WSFE answered CbteNro "${String(result.CbteNro)}".`);
  return last;
}

/** The voucher the authority authorised with this number, or undefined when it has none. */
export async function feCompConsultar(
  environment: Environment,
  auth: WsfeAuth,
  sequence: Sequence,
  number: number,
): Promise<AuthorisedVoucher | undefined> {
  const result = await callWsfe(
    environment,
    'FECompConsultar',
    `${authXml(auth)}<ar:FeCompConsReq>` +
      `<ar:CbteTipo>${sequence.docType}</ar:CbteTipo><ar:CbteNro>${number}</ar:CbteNro><ar:PtoVta>${sequence.pointOfSale}</ar:PtoVta>` +
      '</ar:FeCompConsReq>',
  );
  const errors = wsfeErrors(result);
  if (errors.some((error) => error.code === NO_RESULTS)) return undefined;
  if (errors.length > 0) throw rejected(errors[0]!);
  const found = result.ResultGet as Result | undefined;
  if (!found || String(found.Resultado) !== 'A' || !found.CodAutorizacion) return undefined;
  return {
    number: Number(found.CbteDesde),
    cae: String(found.CodAutorizacion),
    caeDue: String(found.FchVto ?? ''),
    fields: found,
  };
}

/** How many vouchers one FECAESolicitar may carry. */
export async function feCompTotXRequest(environment: Environment, auth: WsfeAuth): Promise<number> {
  const result = await callWsfe(environment, 'FECompTotXRequest', authXml(auth));
  const errors = wsfeErrors(result);
  if (errors.length > 0) throw rejected(errors[0]!);
  const most = Number(result.RegXReq);
  return Number.isSafeInteger(most) && most > 0 ? most : 1;
}

/** Asks a CAE for each detail (numbered, of one sequence, in number order). Sent once, never again by itself. */
export async function feCaeSolicitar(
  environment: Environment,
  auth: WsfeAuth,
  sequence: Sequence,
  details: FECAEDetRequest[],
): Promise<BatchResult> {
  const request =
    `<ar:FeCAEReq><ar:FeCabReq><ar:CantReg>${details.length}</ar:CantReg><ar:PtoVta>${sequence.pointOfSale}</ar:PtoVta>` +
    `<ar:CbteTipo>${sequence.docType}</ar:CbteTipo></ar:FeCabReq><ar:FeDetReq>` +
    details.map((detail) => element('FECAEDetRequest', detail, DETAIL_FIELDS)).join('') +
    '</ar:FeDetReq></ar:FeCAEReq>';
  const result = await callWsfe(environment, 'FECAESolicitar', `${authXml(auth)}${request}`, { idempotent: false });
  const head = (result.FeCabResp ?? {}) as Result;
  const answered = asList((result.FeDetResp as { FECAEDetResponse?: Result | Result[] } | undefined)?.FECAEDetResponse);
  return {
    result: String(head.Resultado ?? 'R'),
    processedAt: String(head.FchProceso ?? ''),
    errors: wsfeErrors(result),
    details: answered.map((detail) => ({
      number: Number(detail.CbteDesde),
      approved: String(detail.Resultado) === 'A' && Boolean(detail.CAE),
      cae: detail.CAE ? String(detail.CAE) : undefined,
      caeDue: detail.CAEFchVto ? String(detail.CAEFchVto) : undefined,
      observations: asList((detail.Observaciones as { Obs?: Result | Result[] } | undefined)?.Obs).map((obs) => ({
        code: String(obs.Code ?? ''),
        message: String(obs.Msg ?? ''),
      })),
    })),
  };
}

/** The order of the elements inside each list item a detail may carry, by the item's element. */
const CHILD_ORDER: Record<string, readonly string[]> = Object.fromEntries(
  Object.values(DETAIL_ARRAYS).map(({ item, fields }) => [item, fields]),
);

/**
 * `<ar:Name>` with the value's fields in `order` (arrays repeat the element); absent values are left out. Also
 * writes FECAEARegInformativo's details (wsfe-caea.ts), which are FECAESolicitar's and two more elements.
 */
export function element(name: string, value: unknown, order?: readonly string[]): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map((item) => element(name, item, CHILD_ORDER[name])).join('');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = order ?? CHILD_ORDER[name] ?? Object.keys(record);
    return `<ar:${name}>${keys.map((key) => element(key, record[key])).join('')}</ar:${name}>`;
  }
  return `<ar:${name}>${escapeXml(String(value))}</ar:${name}>`;
}
