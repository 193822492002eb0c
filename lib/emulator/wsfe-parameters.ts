// WSFEv1's FEParamGet* operations: the parameter tables (ResultGet of Id, Desc, FchDesde, FchHasta), the
// receiver conditions by voucher class, the reference exchange rate, and the issuer's points of sale.
import { escapeXml } from '@/lib/ar/xml';
import { portalPointsOfSale } from '@/lib/emulator/queries';
import type { WsfeCall } from '@/lib/emulator/voucher-authorization';
import {
  CONCEPTS,
  CURRENCIES,
  DOCUMENT_TYPES,
  OPTIONALS,
  RECEIVER_CONDITIONS,
  REFERENCE_RATES,
  TRIBUTES,
  VAT_RATES,
  VOUCHER_TYPES,
  type CatalogRow,
  type VoucherClass,
} from '@/lib/emulator/wsfe-catalog';
import { addDays, argentinaDate, formatFixed, parseDate, readString } from '@/lib/emulator/wsfe-values';
import { errorsXml } from '@/lib/emulator/wsfe-xml';

const table = (item: string, rows: CatalogRow[]) => async () =>
  `<ResultGet>${rows
    .map(
      (row) =>
        `<${item}>` +
        `<Id>${escapeXml(row.id)}</Id><Desc>${escapeXml(row.desc)}</Desc><FchDesde>${row.from}</FchDesde>` +
        `<FchHasta>${row.until ?? 'NULL'}</FchHasta></${item}>`,
    )
    .join('')}</ResultGet>`;

export const PARAMETER_TABLES = {
  FEParamGetTiposCbte: table('CbteTipo', VOUCHER_TYPES),
  FEParamGetTiposConcepto: table('ConceptoTipo', CONCEPTS),
  FEParamGetTiposDoc: table('DocTipo', DOCUMENT_TYPES),
  FEParamGetTiposIva: table('IvaTipo', VAT_RATES),
  FEParamGetTiposMonedas: table('Moneda', CURRENCIES),
  FEParamGetTiposTributos: table('TributoTipo', TRIBUTES),
  FEParamGetTiposOpcional: table('OpcionalTipo', OPTIONALS),
};

/** ClaseCmp → the class whose column of the annex applies; 49 (used goods) takes only final consumers. */
const CLASSES: Record<string, VoucherClass | '49'> = { A: 'A', B: 'B', C: 'C', ALEY: 'M', 49: '49' };

export async function condicionIvaReceptor({ payload }: WsfeCall): Promise<string> {
  const requested = readString(payload.ClaseCmp)?.trim() || undefined;
  const kind = requested === undefined ? undefined : CLASSES[requested.toUpperCase()];
  if (requested !== undefined && kind === undefined) {
    return errorsXml([
      {
        code: 10244,
        message:
          'El valor del campo Cmp_Clase ingresado para la clase de comprobante no es valido. La clase de Comprobante es opcional, ' +
          "de ingresar un valor solo puede ser A, B, C, ALEY (A con leyenda 'operacion sujeta a retencion') o 49 (Bienes Usados)",
      },
    ]);
  }
  const rows = RECEIVER_CONDITIONS.filter(
    (row) => kind === undefined || (kind === '49' ? row.id === 5 : row.classes.includes(kind)),
  );
  return `<ResultGet>${rows
    .map(
      (row) =>
        '<CondicionIvaReceptor>' +
        `<Id>${row.id}</Id><Desc>${escapeXml(row.desc)}</Desc><Cmp_Clase>${row.classes.join('/')}</Cmp_Clase>` +
        '</CondicionIvaReceptor>',
    )
    .join('')}</ResultGet>`;
}

/** The last weekday before `date` (yyyymmdd): the customs quote a day's rate comes from. */
function previousBusinessDay(date: string): string {
  let day = addDays(date, -1);
  while ([0, 6].includes(parseDate(day)!.getUTCDay())) day = addDays(day, -1);
  return day;
}

export async function cotizacion({ payload, now }: WsfeCall): Promise<string> {
  const currency = readString(payload.MonId)?.trim();
  const date = readString(payload.FchCotiz)?.trim() || undefined;
  if (!currency) return errorsXml([{ code: 12001, message: 'Campo MonId es obligatorio ingresarlo.' }]);
  if (!CURRENCIES.some((row) => row.id === currency)) {
    return errorsXml([
      {
        code: 12000,
        message:
          'Campo MonId debe ser algunos de los habilitados en el presente WS. Para consultar los valores posible utilizar el metodo FEParamGetTiposMonedas',
      },
    ]);
  }
  if (date !== undefined && !parseDate(date)) {
    return errorsXml([
      { code: 12002, message: 'Campo FchCotiz No corresponde a una fecha valida con formato YYYYMMDD' },
    ]);
  }
  const rate = REFERENCE_RATES[currency];
  if (rate === undefined)
    return errorsXml([
      { code: 602, message: 'No existen datos en nuestros registros para los parametros ingresados.' },
    ]);
  return (
    `<ResultGet><MonId>${escapeXml(currency)}</MonId><MonCotiz>${formatFixed(rate, 6)}</MonCotiz>` +
    `<FchCotiz>${date ?? previousBusinessDay(argentinaDate(now))}</FchCotiz></ResultGet>`
  );
}

export async function puntosDeVenta({ environment, cuit }: WsfeCall): Promise<string> {
  const points = await portalPointsOfSale(environment, cuit);
  if (points.length === 0) return errorsXml([{ code: 602, message: 'Sin Resultados: - Metodo FEParamGetPtosVenta' }]);
  return `<ResultGet>${points
    .map(
      (point) =>
        '<PtoVenta>' +
        `<Nro>${point.number}</Nro><EmisionTipo>${escapeXml(point.emissionType)}</EmisionTipo>` +
        `<Bloqueado>${point.blocked ? 'S' : 'N'}</Bloqueado>` +
        `<FchBaja>${point.droppedOn ? point.droppedOn.replace(/-/g, '') : 'NULL'}</FchBaja>` +
        '</PtoVenta>',
    )
    .join('')}</ResultGet>`;
}
