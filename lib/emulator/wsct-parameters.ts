// The emulated WSCT's parameter tables: what each `consultar…` operation lists, under the element the real
// service answers in (codigoDescripcion for short codes, codigoDescripcionString for text codes).
import { COUNTRIES } from '@/lib/ar/arca/country-codes';
import { TAX_TYPES, TOURISM_ITEMS, TOURISM_TYPES } from '@/lib/ar/arca/extensions';
import { escapeXml } from '@/lib/ar/xml';
import { WSCT_ITEM_TYPES } from '@/lib/emulator/wsct-checks';

const RECEIVER_CONDITIONS: Record<string, string> = {
  1: 'IVA Responsable Inscripto',
  4: 'IVA Sujeto Exento',
  5: 'Consumidor Final',
  6: 'Responsable Monotributo',
  7: 'Sujeto No Categorizado',
  8: 'Proveedor del Exterior',
  9: 'Cliente del Exterior',
  10: 'IVA Liberado - Ley N° 19.640',
  13: 'Monotributista Social',
  15: 'IVA No Alcanzado',
  16: 'Monotributo Trabajador Independiente Promovido',
};

type Table = { array: string; entry: 'codigoDescripcion' | 'codigoDescripcionString'; rows: Record<string, string> };

export const WSCT_PARAMETER_TABLES: Record<string, Table> = {
  consultarTiposComprobantes: {
    array: 'arrayTiposComprobantes',
    entry: 'codigoDescripcion',
    rows: { 195: 'Factura T', 196: 'Nota de Débito T', 197: 'Nota de Crédito T' },
  },
  consultarTiposDocumento: {
    array: 'arrayTiposDocumento',
    entry: 'codigoDescripcion',
    rows: { 80: 'CUIT', 91: 'CI Extranjera', 94: 'Pasaporte', 96: 'DNI' },
  },
  consultarTiposIVA: { array: 'arrayTiposIVA', entry: 'codigoDescripcionString', rows: { 5: '21%' } },
  consultarCondicionesIVA: {
    array: 'arrayCondicionesIVA',
    entry: 'codigoDescripcionString',
    rows: RECEIVER_CONDITIONS,
  },
  consultarMonedas: {
    array: 'arrayTiposMoneda',
    entry: 'codigoDescripcionString',
    rows: { PES: 'Pesos Argentinos', DOL: 'Dólar Estadounidense', '060': 'Euro', '012': 'Real' },
  },
  consultarPaises: {
    array: 'arrayPaises',
    entry: 'codigoDescripcionString',
    rows: Object.fromEntries(Object.values(COUNTRIES).map((country) => [Number(country.code), country.name])),
  },
  consultarTiposItem: {
    array: 'arrayTiposItem',
    entry: 'codigoDescripcion',
    rows: WSCT_ITEM_TYPES as Record<string, string>,
  },
  consultarCodigosItemTurismo: { array: 'arrayCodigosItem', entry: 'codigoDescripcion', rows: TOURISM_ITEMS },
  consultarRelacionEmisorReceptor: {
    array: 'arrayRelacionesEmisorReceptor',
    entry: 'codigoDescripcion',
    rows: TOURISM_TYPES,
  },
  consultarTiposTributo: { array: 'arrayTiposTributo', entry: 'codigoDescripcionString', rows: TAX_TYPES },
};

/** Indicative rates `consultarCotizacion` answers (the emulator's, not the Banco Nación's). */
export const WSCT_EXCHANGE_RATES: Record<string, string> = {
  PES: '1',
  DOL: '1050.000000',
  '060': '1150.000000',
  '012': '190.000000',
};

export function parameterTableXml(table: Table): string {
  const rows = Object.entries(table.rows)
    .map(
      ([code, description]) =>
        `<${table.entry}><codigo>${escapeXml(code)}</codigo><descripcion>${escapeXml(description)}</descripcion></${table.entry}>`,
    )
    .join('');
  return `<${table.array}>${rows}</${table.array}>`;
}
