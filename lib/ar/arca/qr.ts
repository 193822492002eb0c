// The QR of an authorised voucher (RG 4892/2020): the authority's address with `?p=` and the base64 of a
// JSON of the voucher's data, in the authority's order (its published specification, version 1):
// {"ver":1,"fecha":"2020-10-13","cuit":30000000007,"ptoVta":10,"tipoCmp":1,"nroCmp":94,"importe":12100,
//  "moneda":"DOL","ctz":65,"tipoDocRec":80,"nroDocRec":20000000001,"tipoCodAut":"E","codAut":70417054367476}
// Numbers are written from the decimal strings as they are (trailing zeros dropped), never through a float.
import { isoDate } from '@/lib/ar/arca/voucher-date';
import { AMOUNT_PATTERN } from '@/lib/gobl/num';
import type { FECAEDetRequest, WsfeVoucher } from '@/lib/ar/arca/wsfe-detail';

const ARCA_QR_BASE_URL = 'https://www.afip.gob.ar/fe/qr/';

export interface ArcaQrData {
  /** Issue date, YYYY-MM-DD. */
  fecha: string;
  /** The issuer's CUIT, 11 digits. */
  cuit: string;
  ptoVta: number;
  /** CbteTipo. */
  tipoCmp: number;
  nroCmp: number;
  /** ImpTotal, a decimal string ("5445000.00"). */
  importe: string;
  /** MonId ("PES", "DOL"). */
  moneda: string;
  /** MonCotiz, a decimal string. */
  ctz: string;
  /** DocTipo and DocNro of the receiver, when the voucher carries them ("si corresponde"). */
  tipoDocRec?: number;
  nroDocRec?: string;
  /** "E" for a CAE, "A" for a CAEA. */
  tipoCodAut: 'E' | 'A';
  /** The CAE (or CAEA), 14 digits. */
  codAut: string;
}

/** A JSON number written from a decimal string: `"12100.00"` → `12100`, `"1.50"` → `1.5`. */
function jsonNumber(text: string, field: string): string {
  if (!AMOUNT_PATTERN.test(text)) throw new RangeError(`QR ${field} is not a decimal: ${JSON.stringify(text)}`);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const digits = whole.replace(/^0+(?=\d)/, '');
  const decimals = fraction.replace(/0+$/, '');
  return `${negative ? '-' : ''}${digits}${decimals ? `.${decimals}` : ''}`;
}

function jsonDigits(text: string, field: string, length?: number): string {
  const ok = length === undefined ? /^\d{1,20}$/.test(text) : new RegExp(`^\\d{${length}}$`).test(text);
  if (!ok) throw new RangeError(`QR ${field} must be ${length ?? '1 to 20'} digits: ${JSON.stringify(text)}`);
  return text.replace(/^0+(?=\d)/, '');
}

/** The JSON text the QR carries, byte for byte. */
export function arcaQrJson(data: ArcaQrData): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(data.fecha)) throw new RangeError(`QR fecha must be YYYY-MM-DD: ${data.fecha}`);
  const fields: [string, string][] = [
    ['ver', '1'],
    ['fecha', JSON.stringify(data.fecha)],
    ['cuit', jsonDigits(data.cuit, 'cuit', 11)],
    ['ptoVta', String(data.ptoVta)],
    ['tipoCmp', String(data.tipoCmp)],
    ['nroCmp', String(data.nroCmp)],
    ['importe', jsonNumber(data.importe, 'importe')],
    ['moneda', JSON.stringify(data.moneda)],
    ['ctz', jsonNumber(data.ctz, 'ctz')],
    ...(data.tipoDocRec === undefined ? [] : [['tipoDocRec', String(data.tipoDocRec)] as [string, string]]),
    ...(data.nroDocRec === undefined
      ? []
      : [['nroDocRec', jsonDigits(data.nroDocRec, 'nroDocRec')] as [string, string]]),
    ['tipoCodAut', JSON.stringify(data.tipoCodAut)],
    ['codAut', jsonDigits(data.codAut, 'codAut', 14)],
  ];
  return `{${fields.map(([name, value]) => `"${name}":${value}`).join(',')}}`;
}

/** The text the QR image encodes: `https://www.afip.gob.ar/fe/qr/?p=<base64 of the JSON>`. */
export function arcaQrUrl(data: ArcaQrData): string {
  return `${ARCA_QR_BASE_URL}?p=${Buffer.from(arcaQrJson(data), 'utf8').toString('base64')}`;
}

/** The QR's data for a voucher as sent to `FECAESolicitar` (with its number) and the CAE it got. */
export function arcaQrDataFor(
  voucher: Pick<WsfeVoucher, 'CbteTipo' | 'PtoVta'>,
  detail: FECAEDetRequest,
  issuerCuit: string,
  cae: string,
): ArcaQrData {
  return {
    fecha: isoDate(detail.CbteFch),
    cuit: issuerCuit.replace(/\D/g, ''),
    ptoVta: voucher.PtoVta,
    tipoCmp: voucher.CbteTipo,
    nroCmp: detail.CbteDesde,
    importe: detail.ImpTotal,
    moneda: detail.MonId,
    ctz: detail.MonCotiz,
    tipoDocRec: detail.DocTipo,
    nroDocRec: String(detail.DocNro),
    tipoCodAut: 'E',
    codAut: cae,
  };
}

/** The JSON a QR address carries, read back (for checks: which voucher does this QR name?). */
export function readArcaQrUrl(url: string): Record<string, unknown> | undefined {
  if (!url.startsWith(`${ARCA_QR_BASE_URL}?p=`)) return undefined;
  try {
    return JSON.parse(Buffer.from(url.slice(ARCA_QR_BASE_URL.length + 3), 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
}
