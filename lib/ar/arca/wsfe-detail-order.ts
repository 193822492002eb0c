// The WSDL's FECAEDetRequest as elements in order: an ASMX service reads a voucher's elements in the WSDL's
// sequence, and FECompConsultar's ResultGet writes them back in it. Our client writes vouchers in this
// order and the emulator reads and answers them in it, so both sides of the wire take it from here.

/** The detail's elements, in the WSDL's sequence. */
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

/** The detail's lists: wrapper element → item element → the item's fields in order. */
export const DETAIL_ARRAYS = {
  CbtesAsoc: { item: 'CbteAsoc', fields: ['Tipo', 'PtoVta', 'Nro', 'Cuit', 'CbteFch'] },
  Tributos: { item: 'Tributo', fields: ['Id', 'Desc', 'BaseImp', 'Alic', 'Importe'] },
  Iva: { item: 'AlicIva', fields: ['Id', 'BaseImp', 'Importe'] },
  Opcionales: { item: 'Opcional', fields: ['Id', 'Valor'] },
  Compradores: { item: 'Comprador', fields: ['DocTipo', 'DocNro', 'Porcentaje'] },
  Actividades: { item: 'Actividad', fields: ['Id'] },
} as const;

export type DetailArray = keyof typeof DETAIL_ARRAYS;
