// Test-side WSFEv1 invoicing over raw SOAP: valid vouchers of each class to vary field by field, the
// FECAESolicitar envelope they travel in, and its answer read back as plain lists.
import { DETAIL_ARRAYS, DETAIL_FIELDS } from '@/lib/ar/arca/wsfe-detail-order';
import { argentinaDate } from '@/lib/emulator/wsfe-values';
import { withCheckDigit } from '@/lib/ar/cuit';
import { authXml, wsfe, type SoapReply } from '@/tests/support/emulator-client';

type Environment = 'sandbox' | 'live';
export type Auth = { token: string; sign: string; cuit: string };
type Value = string | number;
/** A detail's fields by WSDL name; null leaves a field out, arrays are lists of items. */
export type Detail = Record<string, Value | null | Record<string, Value>[] | Record<string, Value>>;

export const today = () => argentinaDate(new Date());
export const RECEIVER_CUIT = withCheckDigit('3071234567')!;

/** A voucher each class accepts as is: A to a Responsable Inscripto, B and C to a final consumer. */
export function voucher(kind: 'A' | 'B' | 'C', number: number, changes: Detail = {}): Detail {
  const common = {
    Concepto: 1,
    CbteDesde: number,
    CbteHasta: number,
    CbteFch: today(),
    ImpTotConc: 0,
    ImpOpEx: 0,
    ImpTrib: 0,
    MonId: 'PES',
    MonCotiz: 1,
  };
  const byClass: Record<'A' | 'B' | 'C', Detail> = {
    A: {
      ...common,
      DocTipo: 80,
      DocNro: RECEIVER_CUIT,
      ImpTotal: 121,
      ImpNeto: 100,
      ImpIVA: 21,
      CondicionIVAReceptorId: 1,
      Iva: [{ Id: 5, BaseImp: 100, Importe: 21 }],
    },
    B: {
      ...common,
      DocTipo: 99,
      DocNro: 0,
      ImpTotal: 121,
      ImpNeto: 100,
      ImpIVA: 21,
      CondicionIVAReceptorId: 5,
      Iva: [{ Id: 5, BaseImp: 100, Importe: 21 }],
    },
    C: { ...common, DocTipo: 99, DocNro: 0, ImpTotal: 100, ImpNeto: 100, ImpIVA: 0, CondicionIVAReceptorId: 5 },
  };
  return { ...byClass[kind], ...changes };
}

const tag = (name: string, inner: string) => `<ar:${name}>${inner}</ar:${name}>`;
const escapeXml = (value: Value) => String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function detailXml(detail: Detail): string {
  const known = new Set<string>(DETAIL_FIELDS);
  const names = [...DETAIL_FIELDS, ...Object.keys(detail).filter((name) => !known.has(name))];
  return tag(
    'FECAEDetRequest',
    names
      .map((name) => {
        const value = detail[name];
        if (value === undefined || value === null) return '';
        if (Array.isArray(value)) {
          const item = DETAIL_ARRAYS[name as keyof typeof DETAIL_ARRAYS].item;
          return tag(
            name,
            value
              .map((entry) =>
                tag(
                  item,
                  Object.entries(entry)
                    .map(([k, v]) => tag(k, escapeXml(v)))
                    .join(''),
                ),
              )
              .join(''),
          );
        }
        if (typeof value === 'object')
          return tag(
            name,
            Object.entries(value)
              .map(([k, v]) => tag(k, escapeXml(v)))
              .join(''),
          );
        return tag(name, escapeXml(value));
      })
      .join(''),
  );
}

export function requestXml(
  auth: Auth,
  header: { pointOfSale: number; voucherType: number; count?: number },
  details: Detail[],
): string {
  return (
    authXml(auth) +
    tag(
      'FeCAEReq',
      tag(
        'FeCabReq',
        `<ar:CantReg>${header.count ?? details.length}</ar:CantReg><ar:PtoVta>${header.pointOfSale}</ar:PtoVta>` +
          `<ar:CbteTipo>${header.voucherType}</ar:CbteTipo>`,
      ) + tag('FeDetReq', details.map(detailXml).join('')),
    )
  );
}

export const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value];

export interface CaeAnswer {
  reply: SoapReply;
  head: Record<string, string>;
  details: Record<string, any>[];
  errors: { Code: string; Msg: string }[];
  /** Each detail's observation codes. */
  observations: string[][];
}

export async function solicitar(
  url: string,
  environment: Environment,
  auth: Auth,
  header: { pointOfSale: number; voucherType: number; count?: number },
  details: Detail[],
): Promise<CaeAnswer> {
  const reply = await wsfe(url, environment, 'FECAESolicitar', requestXml(auth, header, details));
  const result = reply.body.FECAESolicitarResponse?.FECAESolicitarResult ?? {};
  const detailList = list<Record<string, any>>(result.FeDetResp?.FECAEDetResponse);
  return {
    reply,
    head: result.FeCabResp,
    details: detailList,
    errors: list(result.Errors?.Err),
    observations: detailList.map((detail) => list<{ Code: string }>(detail.Observaciones?.Obs).map((obs) => obs.Code)),
  };
}

export async function lastNumber(
  url: string,
  environment: Environment,
  auth: Auth,
  pointOfSale: number,
  voucherType: number,
) {
  const reply = await wsfe(
    url,
    environment,
    'FECompUltimoAutorizado',
    `${authXml(auth)}<ar:PtoVta>${pointOfSale}</ar:PtoVta><ar:CbteTipo>${voucherType}</ar:CbteTipo>`,
  );
  return reply.body.FECompUltimoAutorizadoResponse.FECompUltimoAutorizadoResult as Record<string, any>;
}

export async function consultar(
  url: string,
  environment: Environment,
  auth: Auth,
  pointOfSale: number,
  voucherType: number,
  number: number,
) {
  const reply = await wsfe(
    url,
    environment,
    'FECompConsultar',
    `${authXml(auth)}<ar:FeCompConsReq><ar:CbteTipo>${voucherType}</ar:CbteTipo>` +
      `<ar:CbteNro>${number}</ar:CbteNro><ar:PtoVta>${pointOfSale}</ar:PtoVta></ar:FeCompConsReq>`,
  );
  return { reply, result: reply.body.FECompConsultarResponse.FECompConsultarResult as Record<string, any> };
}
