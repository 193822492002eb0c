// WSFEv1's CAEA, as our client asks for it: the CAEA of a fortnight (FECAEASolicitar; one granted already,
// 15008, is looked up and answered, so asking again answers the same CAEA), its lookup (FECAEAConsultar), the
// vouchers issued under it informed in a batch of one point of sale and type (FECAEARegInformativo, sent once
// and never again by itself, as FECAESolicitar: a lost answer is reported as such and the caller asks
// FECompConsultar before informing again), and a point of sale informed as unused under it
// (FECAEASinMovimientoInformar) and looked up (FECAEASinMovimientoConsultar). Rules: docs/contingency.md.
import 'server-only';
import type { Environment } from '@/lib/ar/environments';
import type { Fortnight } from '@/lib/ar/arca/caea-fortnight';
import type { FECAEDetRequest } from '@/lib/ar/arca/wsfe-detail';
import { DETAIL_FIELDS } from '@/lib/ar/arca/wsfe-detail-order';
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
import { element, type Sequence } from '@/lib/authority/wsfe-vouchers';

/** FECAEASolicitar's refusal when the CUIT has this fortnight's CAEA already. */
const CAEA_ALREADY_GRANTED = '15008';
/** FECAEASinMovimientoInformar's refusal when the point of sale was informed as unused already. */
const IDLE_ALREADY_INFORMED = '1209';
/** FECAEASinMovimientoConsultar's answer when the point of sale was not informed as unused. */
const NOT_INFORMED_IDLE = '10102';

export interface Caea {
  caea: string;
  fortnight: Fortnight;
  /** yyyymmdd: the fortnight's first and last day, and the last day to inform its vouchers (FchTopeInf). */
  validFrom: string;
  validTo: string;
  reportBy: string;
  /** As the service wrote FchProceso. */
  processedAt: string;
  observations: WsfeError[];
}

/** A voucher issued under a CAEA: FECAESolicitar's detail, numbered, with the CAEA and when it was made. */
export interface CaeaDetail extends FECAEDetRequest {
  CbteDesde: number;
  CbteHasta: number;
  CAEA: string;
  /** yyyymmddhhmiss, Argentina: required on a contingency point of sale (every CAEA one since RG 5782/2025). */
  CbteFchHsGen?: string;
}

/** One voucher's outcome in a FECAEARegInformativo answer. */
export interface InformedVoucher {
  number: number;
  numberTo: number;
  accepted: boolean;
  caea?: string;
  observations: WsfeError[];
}

export interface CaeaReport {
  /** A (all), P (some), R (none). */
  result: string;
  /** yyyymmddhhmmss */
  processedAt: string;
  details: InformedVoucher[];
  /** Request-level errors (the header's, 703 numbering, 782 a CAEA missing...). */
  errors: WsfeError[];
}

export interface IdlePoint {
  caea: string;
  pointOfSale: number;
  /** yyyymmdd */
  processedOn: string;
}

type Result = Record<string, unknown>;

const observationsOf = (holder: Result) =>
  asList((holder.Observaciones as { Obs?: Result | Result[] } | undefined)?.Obs).map((obs) => ({
    code: String(obs.Code ?? ''),
    message: String(obs.Msg ?? ''),
  }));

const fortnightXml = ({ period, half }: Fortnight) => `<ar:Periodo>${period}</ar:Periodo><ar:Orden>${half}</ar:Orden>`;

function caeaOf(result: Result): Caea {
  const got = (result.ResultGet ?? {}) as Result;
  const caea = String(got.CAEA ?? '');
  if (!/^\d{14}$/.test(caea)) throw new AuthorityError('unavailable', `WSFE answered CAEA "${caea}".`);
  return {
    caea,
    fortnight: { period: Number(got.Periodo), half: Number(got.Orden) === 2 ? 2 : 1 },
    validFrom: String(got.FchVigDesde ?? ''),
    validTo: String(got.FchVigHasta ?? ''),
    reportBy: String(got.FchTopeInf ?? ''),
    processedAt: String(got.FchProceso ?? ''),
    observations: observationsOf(got),
  };
}

/** The fortnight's CAEA, or undefined when none was granted. */
export async function feCaeaConsultar(
  environment: Environment,
  auth: WsfeAuth,
  fortnight: Fortnight,
): Promise<Caea | undefined> {
  const result = await callWsfe(environment, 'FECAEAConsultar', `${authXml(auth)}${fortnightXml(fortnight)}`);
  const errors = wsfeErrors(result);
  if (errors.some((error) => error.code === NO_RESULTS)) return undefined;
  if (errors.length > 0) throw rejected(errors[0]!);
  return caeaOf(result);
}

/** Asks the fortnight's CAEA; when the CUIT has it already (15008) that one is looked up and answered. */
export async function feCaeaSolicitar(environment: Environment, auth: WsfeAuth, fortnight: Fortnight): Promise<Caea> {
  const result = await callWsfe(environment, 'FECAEASolicitar', `${authXml(auth)}${fortnightXml(fortnight)}`);
  const errors = wsfeErrors(result);
  if (errors.some((error) => error.code === CAEA_ALREADY_GRANTED)) {
    const granted = await feCaeaConsultar(environment, auth, fortnight);
    if (granted) return granted;
  }
  if (errors.length > 0) throw rejected(errors[0]!);
  return caeaOf(result);
}

/** Informs vouchers issued under a CAEA (numbered, of one sequence, in number order). Sent once, never again by itself. */
export async function feCaeaRegInformativo(
  environment: Environment,
  auth: WsfeAuth,
  sequence: Sequence,
  details: CaeaDetail[],
): Promise<CaeaReport> {
  const order = [...DETAIL_FIELDS, 'CAEA', 'CbteFchHsGen'];
  const request =
    `<ar:FeCAEARegInfReq><ar:FeCabReq><ar:CantReg>${details.length}</ar:CantReg><ar:PtoVta>${sequence.pointOfSale}</ar:PtoVta>` +
    `<ar:CbteTipo>${sequence.docType}</ar:CbteTipo></ar:FeCabReq><ar:FeDetReq>` +
    details.map((detail) => element('FECAEADetRequest', detail, order)).join('') +
    '</ar:FeDetReq></ar:FeCAEARegInfReq>';
  const result = await callWsfe(environment, 'FECAEARegInformativo', `${authXml(auth)}${request}`, {
    idempotent: false,
  });
  const head = (result.FeCabResp ?? {}) as Result;
  const answered = asList(
    (result.FeDetResp as { FECAEADetResponse?: Result | Result[] } | undefined)?.FECAEADetResponse,
  );
  return {
    result: String(head.Resultado ?? 'R'),
    processedAt: String(head.FchProceso ?? ''),
    errors: wsfeErrors(result),
    details: answered.map((detail) => ({
      number: Number(detail.CbteDesde),
      numberTo: Number(detail.CbteHasta),
      accepted: String(detail.Resultado) === 'A',
      caea: detail.CAEA ? String(detail.CAEA) : undefined,
      observations: observationsOf(detail),
    })),
  };
}

/**
 * Informs a point of sale as unused under the CAEA. `alreadyInformed`: the authority had it already (1209, as
 * when an earlier answer was lost); any other refusal is thrown.
 */
export async function feCaeaSinMovimientoInformar(
  environment: Environment,
  auth: WsfeAuth,
  caea: string,
  pointOfSale: number,
): Promise<{ alreadyInformed: boolean; processedOn: string }> {
  const result = await callWsfe(
    environment,
    'FECAEASinMovimientoInformar',
    `${authXml(auth)}<ar:PtoVta>${pointOfSale}</ar:PtoVta><ar:CAEA>${escapeXml(caea)}</ar:CAEA>`,
  );
  const errors = wsfeErrors(result);
  const processedOn = String(result.FchProceso ?? '');
  if (errors.length === 1 && errors[0]!.code === IDLE_ALREADY_INFORMED) return { alreadyInformed: true, processedOn };
  if (errors.length > 0) throw rejected(errors[0]!);
  if (String(result.Resultado) !== 'A')
    throw new AuthorityError('unavailable', `WSFE answered Resultado "${String(result.Resultado)}".`);
  return { alreadyInformed: false, processedOn };
}

/** The points of sale informed as unused under the CAEA (only `pointOfSale`, when given); [] when none. */
export async function feCaeaSinMovimientoConsultar(
  environment: Environment,
  auth: WsfeAuth,
  caea: string,
  pointOfSale = 0,
): Promise<IdlePoint[]> {
  const result = await callWsfe(
    environment,
    'FECAEASinMovimientoConsultar',
    `${authXml(auth)}<ar:CAEA>${escapeXml(caea)}</ar:CAEA><ar:PtoVta>${pointOfSale}</ar:PtoVta>`,
  );
  const errors = wsfeErrors(result);
  if (errors.some((error) => error.code === NOT_INFORMED_IDLE)) return [];
  if (errors.length > 0) throw rejected(errors[0]!);
  const rows = asList((result.ResultGet as { FECAEASinMov?: Result | Result[] } | undefined)?.FECAEASinMov);
  return rows.map((row) => ({
    caea: String(row.CAEA ?? ''),
    pointOfSale: Number(row.PtoVta),
    processedOn: String(row.FchProceso ?? ''),
  }));
}
