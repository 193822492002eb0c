// WSFEX's parameter tables (FEXGetPARAM_*), from lib/ar/arca/wsfex-tables.ts and the currencies WSFEv1's
// emulator lists: each row with its validity where the WSDL has one (from the tables' publication, 2010, open).
import { escapeXml } from '@/lib/ar/xml';
import { COUNTRIES } from '@/lib/ar/arca/country-codes';
import { COUNTRY_CUITS, EXPORT_TYPES, INCOTERMS, LANGUAGES, UNITS } from '@/lib/ar/arca/wsfex-tables';
import { portalPointsOfSale } from '@/lib/emulator/queries';
import type { WsfeCall } from '@/lib/emulator/voucher-authorization';
import { CURRENCIES, REFERENCE_RATES } from '@/lib/emulator/wsfe-catalog';
import { argentinaDate, formatFixed, readString } from '@/lib/emulator/wsfe-values';
import { fexErrXml } from '@/lib/emulator/wsfex-xml';

const SINCE = '20100825';
const OPEN = 'NULL';

/** `<FEXResultGet>` of rows, each `<row>` with its fields in order. */
const table = (row: string, rows: string[][], fields: string[]) =>
  `<FEXResultGet>${rows
    .map(
      (values) =>
        `<${row}>${fields.map((field, at) => `<${field}>${escapeXml(values[at] ?? '')}</${field}>`).join('')}</${row}>`,
    )
    .join('')}</FEXResultGet>${fexErrXml()}`;

const dated = (prefix: string) => [`${prefix}_Id`, `${prefix}_Ds`, `${prefix}_vig_desde`, `${prefix}_vig_hasta`];

export const FEX_PARAMETER_OPERATIONS: Record<string, (call: WsfeCall) => Promise<string>> = {
  FEXGetPARAM_Cbte_Tipo: async () =>
    table(
      'ClsFEXResponse_Cbte_Tipo',
      [
        ['19', 'Facturas de Exportación', SINCE, OPEN],
        ['20', 'Nota de Débito por Operaciones con el Exterior', SINCE, OPEN],
        ['21', 'Nota de Crédito por Operaciones con el Exterior', SINCE, OPEN],
      ],
      ['Cbte_Id', 'Cbte_Ds', 'Cbte_vig_desde', 'Cbte_vig_hasta'],
    ),
  FEXGetPARAM_Tipo_Expo: async () =>
    table(
      'ClsFEXResponse_Tex',
      Object.entries(EXPORT_TYPES).map(([id, name]) => [id, name, SINCE, OPEN]),
      dated('Tex'),
    ),
  FEXGetPARAM_Incoterms: async () =>
    table(
      'ClsFEXResponse_Inc',
      Object.entries(INCOTERMS).map(([id, name]) => [id, name, SINCE, OPEN]),
      dated('Inc'),
    ),
  FEXGetPARAM_Idiomas: async () =>
    table(
      'ClsFEXResponse_Idi',
      Object.entries(LANGUAGES).map(([id, name]) => [id, name, SINCE, OPEN]),
      dated('Idi'),
    ),
  FEXGetPARAM_UMed: async () =>
    table(
      'ClsFEXResponse_UMed',
      Object.entries(UNITS).map(([id, name]) => [id, name, SINCE, OPEN]),
      dated('Umed'),
    ),
  FEXGetPARAM_DST_pais: async () =>
    table(
      'ClsFEXResponse_DST_pais',
      Object.values(COUNTRIES).map((country) => [country.code, country.name]),
      ['DST_Codigo', 'DST_Ds'],
    ),
  FEXGetPARAM_DST_CUIT: async () =>
    table('ClsFEXResponse_DST_cuit', Object.entries(COUNTRY_CUITS), ['DST_CUIT', 'DST_Ds']),
  FEXGetPARAM_MON: async () =>
    table(
      'ClsFEXResponse_Mon',
      CURRENCIES.map((row) => [row.id, row.desc, row.from, row.until ?? OPEN]),
      dated('Mon'),
    ),
  FEXGetPARAM_PtoVenta: async ({ environment, cuit }) =>
    table(
      'ClsFEXResponse_PtoVenta',
      (await portalPointsOfSale(environment, cuit)).map((point) => [
        String(point.number),
        point.blocked ? 'S' : 'N',
        point.droppedOn?.replace(/-/g, '') ?? OPEN,
      ]),
      ['Pve_Nro', 'Pve_Bloqueado', 'Pve_FchBaja'],
    ),
  FEXGetPARAM_Ctz: async ({ payload, now }) => {
    const currency = readString(payload.Mon_id)?.trim() ?? '';
    const date = readString(payload.FchCotiz)?.trim() || undefined;
    if (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      return fexErrXml({
        code: 1003,
        message: 'FchCotiz: De informar el campo, el mismo debe tener el sig. formato YYYY-MM-DD',
      });
    }
    const rate = REFERENCE_RATES[currency];
    if (rate === undefined)
      return fexErrXml({ code: 1014, message: `Mon_id: no hay cotizacion para la moneda ${currency}` });
    const day = date ? date.replaceAll('-', '') : argentinaDate(now);
    return `<FEXResultGet><Mon_ctz>${formatFixed(rate, 6)}</Mon_ctz><Mon_fecha>${day}</Mon_fecha></FEXResultGet>${fexErrXml()}`;
  },
};
