// Test-side WSFEv1 CAEA over raw SOAP: a CAEA voucher (a FECAESolicitar one with its CAEA and when it was made),
// the FECAEARegInformativo envelope it travels in, and the five CAEA operations' answers as plain values.
import { authXml, wsfe, type SoapReply } from '@/tests/support/emulator-client';
import { detailXml, list, voucher, type Auth, type Detail } from '@/tests/support/wsfe-vouchers';

type Environment = 'sandbox' | 'live';

/** A voucher of the class as FECAEADetRequest: the CAEA and CbteFchHsGen after FECAESolicitar's elements. */
export function caeaVoucher(kind: 'A' | 'B' | 'C', number: number, caea: string, changes: Detail = {}): Detail {
  const base = voucher(kind, number);
  return { ...base, CAEA: caea, CbteFchHsGen: `${String(base.CbteFch)}103000`, ...changes };
}

const caeaDetailXml = (detail: Detail) =>
  detailXml(detail)
    .replace(/^<ar:FECAEDetRequest>/, '<ar:FECAEADetRequest>')
    .replace(/<\/ar:FECAEDetRequest>$/, '</ar:FECAEADetRequest>');

export async function solicitarCaea(
  url: string,
  environment: Environment,
  auth: Auth,
  period: number | string,
  order: number | string,
  operation: 'FECAEASolicitar' | 'FECAEAConsultar' = 'FECAEASolicitar',
) {
  const reply = await wsfe(
    url,
    environment,
    operation,
    `${authXml(auth)}<ar:Periodo>${period}</ar:Periodo><ar:Orden>${order}</ar:Orden>`,
  );
  const result = (reply.body[`${operation}Response`]?.[`${operation}Result`] ?? {}) as Record<string, any>;
  return { reply, result: result.ResultGet as Record<string, string> | undefined, errors: codes(result) };
}

const codes = (result: Record<string, any>) => list<{ Code: string }>(result.Errors?.Err).map((err) => err.Code);

export interface CaeaReportAnswer {
  reply: SoapReply;
  head: Record<string, string>;
  details: Record<string, any>[];
  errors: string[];
  messages: string[];
  observations: string[][];
}

export async function informar(
  url: string,
  environment: Environment,
  auth: Auth,
  header: { pointOfSale: number; voucherType: number; count?: number },
  details: Detail[],
): Promise<CaeaReportAnswer> {
  const inner =
    `${authXml(auth)}<ar:FeCAEARegInfReq><ar:FeCabReq><ar:CantReg>${header.count ?? details.length}</ar:CantReg>` +
    `<ar:PtoVta>${header.pointOfSale}</ar:PtoVta><ar:CbteTipo>${header.voucherType}</ar:CbteTipo></ar:FeCabReq>` +
    `<ar:FeDetReq>${details.map(caeaDetailXml).join('')}</ar:FeDetReq></ar:FeCAEARegInfReq>`;
  const reply = await wsfe(url, environment, 'FECAEARegInformativo', inner);
  const result = reply.body.FECAEARegInformativoResponse?.FECAEARegInformativoResult ?? {};
  const detailList = list<Record<string, any>>(result.FeDetResp?.FECAEADetResponse);
  return {
    reply,
    head: result.FeCabResp,
    details: detailList,
    errors: codes(result),
    messages: list<{ Msg: string }>(result.Errors?.Err).map((err) => err.Msg),
    observations: detailList.map((detail) => list<{ Code: string }>(detail.Observaciones?.Obs).map((obs) => obs.Code)),
  };
}

export async function sinMovimiento(
  url: string,
  environment: Environment,
  auth: Auth,
  caea: string,
  pointOfSale: number,
  operation: 'FECAEASinMovimientoInformar' | 'FECAEASinMovimientoConsultar' = 'FECAEASinMovimientoInformar',
) {
  const inner =
    operation === 'FECAEASinMovimientoInformar'
      ? `${authXml(auth)}<ar:PtoVta>${pointOfSale}</ar:PtoVta><ar:CAEA>${caea}</ar:CAEA>`
      : `${authXml(auth)}<ar:CAEA>${caea}</ar:CAEA><ar:PtoVta>${pointOfSale}</ar:PtoVta>`;
  const reply = await wsfe(url, environment, operation, inner);
  const result = (reply.body[`${operation}Response`]?.[`${operation}Result`] ?? {}) as Record<string, any>;
  return { reply, result, errors: codes(result) };
}
