// A voucher detail (FECAEDetRequest) as the emulated WSFEv1 keeps it: the WSDL's element names, in the
// WSDL's order, each value as the service writes it back (`122`, not `122.00`), so that FECompConsultar
// answers what FECAESolicitar was sent.

/** The WSDL's FEDetRequest sequence; FECompConsultar's ResultGet repeats it in this order. */
export const DETAIL_FIELDS = [
  'Concepto',
  'DocTipo',
  'DocNro',
  'CbteDesde',
  'CbteHasta',
  'CbteFch',
  'ImpTotal',
  'ImpTotConc',
  'ImpNeto',
  'ImpOpEx',
  'ImpTrib',
  'ImpIVA',
  'FchServDesde',
  'FchServHasta',
  'FchVtoPago',
  'MonId',
  'MonCotiz',
  'CanMisMonExt',
  'CondicionIVAReceptorId',
  'CbtesAsoc',
  'Tributos',
  'Iva',
  'Opcionales',
  'Compradores',
  'PeriodoAsoc',
  'Actividades',
] as const;

/** The arrays of a detail: wrapper element → item element → the item's fields in order. */
export const DETAIL_ARRAYS = {
  CbtesAsoc: { item: 'CbteAsoc', fields: ['Tipo', 'PtoVta', 'Nro', 'Cuit', 'CbteFch'] },
  Tributos: { item: 'Tributo', fields: ['Id', 'Desc', 'BaseImp', 'Alic', 'Importe'] },
  Iva: { item: 'AlicIva', fields: ['Id', 'BaseImp', 'Importe'] },
  Opcionales: { item: 'Opcional', fields: ['Id', 'Valor'] },
  Compradores: { item: 'Comprador', fields: ['DocTipo', 'DocNro', 'Porcentaje'] },
  Actividades: { item: 'Actividad', fields: ['Id'] },
} as const;

export type DetailArray = keyof typeof DETAIL_ARRAYS;
export type DetailItem = Record<string, string>;

/** Scalars are strings as written back; arrays are lists of items; PeriodoAsoc is one item. */
export type VoucherDetail = Partial<
  Record<Exclude<(typeof DETAIL_FIELDS)[number], DetailArray | 'PeriodoAsoc'>, string>
> &
  Partial<Record<DetailArray, DetailItem[]>> & { PeriodoAsoc?: DetailItem };

export interface Observation {
  code: number;
  message: string;
}
