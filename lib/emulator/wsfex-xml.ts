// WSFEX's answers as its .NET service writes them: every result carries one FEXErr (0, OK, when all went well)
// and one FEXEvents; a voucher comes back (FEXGetCMP) in ClsFEXGetCMPR's order, its lists as they were sent.
import { escapeXml } from '@/lib/ar/xml';
import { FEX_REQUEST_LISTS } from '@/lib/ar/arca/wsfex-request';
import type { Observation } from '@/lib/emulator/voucher-detail';
import { element } from '@/lib/emulator/wsfe-xml';

/** Production's event; homologation's carries an old maintenance notice (103), which says nothing to a client. */
const EVENTS = '<FEXEvents><EventCode>0</EventCode><EventMsg>Ok</EventMsg></FEXEvents>';

export const fexErrXml = (error?: Observation) =>
  error
    ? `<FEXErr><ErrCode>${error.code}</ErrCode><ErrMsg>${escapeXml(error.message)}</ErrMsg></FEXErr>${EVENTS}`
    : `<FEXErr><ErrCode>0</ErrCode><ErrMsg>OK</ErrMsg></FEXErr>${EVENTS}`;

/** ClsFEXGetCMPR's elements before the authorisation's, in order (note `Cbte_tipo`, lower-case t). */
const ECHO_HEAD = [
  'Id',
  'Fecha_cbte',
  'Cbte_tipo',
  'Punto_vta',
  'Cbte_nro',
  'Tipo_expo',
  'Permiso_existente',
  'Permisos',
  'Dst_cmp',
  'Cliente',
  'Cuit_pais_cliente',
  'Domicilio_cliente',
  'Id_impositivo',
  'Moneda_Id',
  'Moneda_ctz',
  'CanMisMonExt',
  'Obs_comerciales',
  'Imp_total',
  'Obs',
  'Cmps_asoc',
  'Forma_pago',
  'Incoterms',
  'Incoterms_Ds',
  'Idioma_cbte',
  'Items',
] as const;
/** The WSDL's non-nullable numbers: written as 0 when the request left them out. */
const REQUIRED_NUMBERS = [
  'Id',
  'Cbte_tipo',
  'Punto_vta',
  'Cbte_nro',
  'Tipo_expo',
  'Dst_cmp',
  'Cuit_pais_cliente',
  'Moneda_ctz',
  'Imp_total',
  'Idioma_cbte',
];

const asArray = (value: unknown) => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const textOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

function listXml(name: keyof typeof FEX_REQUEST_LISTS, value: unknown): string {
  if (value === undefined) return '';
  const { item, fields } = FEX_REQUEST_LISTS[name];
  const entries = asArray((value as Record<string, unknown> | null)?.[item]) as Record<string, unknown>[];
  const inner = entries
    .map(
      (entry) =>
        `<${item}>${fields
          .filter((field) => entry?.[field] !== undefined)
          .map((field) => element(field, textOf(entry[field])))
          .join('')}</${item}>`,
    )
    .join('');
  return `<${name}>${inner}</${name}>`;
}

function fieldXml(name: string, value: unknown): string {
  if (name in FEX_REQUEST_LISTS) return listXml(name as keyof typeof FEX_REQUEST_LISTS, value);
  if (value === undefined || value === null || (typeof value === 'object' && !Array.isArray(value))) {
    return REQUIRED_NUMBERS.includes(name) ? `<${name}>0</${name}>` : '';
  }
  return element(name, textOf(value));
}

export interface StoredExport {
  request: Record<string, unknown>;
  voucherDate: string;
  processedAt: string;
  cae: string;
  caeDue: string;
}

/** FEXGetCMP's FEXResultGet: the request as received, its date as authorised, and the authorisation. */
export function authorisedExportXml(voucher: StoredExport): string {
  const echo: Record<string, unknown> = {
    ...voucher.request,
    Cbte_tipo: voucher.request.Cbte_Tipo,
    Fecha_cbte: voucher.voucherDate,
  };
  return (
    `<FEXResultGet>${ECHO_HEAD.map((name) => fieldXml(name, echo[name])).join('')}` +
    `${element('Fecha_cbte_cae', voucher.processedAt.slice(0, 8))}${element('Fch_venc_Cae', voucher.caeDue)}` +
    `${element('Cae', voucher.cae)}<Resultado>A</Resultado>${element('Motivos_Obs', '')}` +
    `${listXml('Opcionales', voucher.request.Opcionales)}${fieldXml('Fecha_pago', voucher.request.Fecha_pago)}</FEXResultGet>`
  );
}
