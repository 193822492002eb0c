// WSFEX's voucher (`ClsFEXRequest`, the `Cmp` of FEXAuthorize) as our client writes it and the emulator reads
// it: its fields in the WSDL's order, each list with its item element and the item's fields. Amounts are
// strings written as they are ("45.00", "1045.500000"); codes are numbers or strings as the WSDL types them.

export interface FexPermiso {
  Id_permiso: string;
  Dst_merc: number;
}
export interface FexCmpAsoc {
  Cbte_tipo: number;
  Cbte_punto_vta: number;
  Cbte_nro: number;
  Cbte_cuit: string;
}
export interface FexItem {
  Pro_codigo?: string;
  Pro_ds: string;
  Pro_qty: string;
  Pro_umed: number;
  Pro_precio_uni: string;
  Pro_bonificacion: string;
  Pro_total_item: string;
}
export interface FexOpcional {
  Id: string;
  Valor: string;
}

export interface FexRequest {
  /** The request's id, the caller's: FEXGetLast_ID + 1. The same Id sent again answers the first result. */
  Id: number;
  /** yyyymmdd */
  Fecha_cbte: string;
  Cbte_Tipo: number;
  Punto_vta: number;
  Cbte_nro: number;
  Tipo_expo: number;
  /** S, N, or empty (credit and debit notes, services, others). */
  Permiso_existente: '' | 'S' | 'N';
  Permisos?: { Permiso: FexPermiso[] };
  Dst_cmp: number;
  Cliente: string;
  /** The destination country's generic CUIT (FEXGetPARAM_DST_CUIT), or the customer's own; 0 when not given. */
  Cuit_pais_cliente?: string;
  Domicilio_cliente: string;
  Id_impositivo?: string;
  Moneda_Id: string;
  Moneda_ctz: string;
  CanMisMonExt?: 'S' | 'N';
  Obs_comerciales?: string;
  Imp_total: string;
  Obs?: string;
  Cmps_asoc?: { Cmp_asoc: FexCmpAsoc[] };
  Forma_pago?: string;
  Incoterms?: string;
  Incoterms_Ds?: string;
  Idioma_cbte: number;
  Items: { Item: FexItem[] };
  Opcionales?: { Opcional: FexOpcional[] };
  /** yyyymmdd */
  Fecha_pago?: string;
}

/** ClsFEXRequest's elements in the WSDL's order. */
export const FEX_REQUEST_FIELDS = [
  'Id',
  'Fecha_cbte',
  'Cbte_Tipo',
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
  'Opcionales',
  'Fecha_pago',
] as const satisfies readonly (keyof FexRequest)[];

/** Each list of the request: its item element and the item's fields, in order. */
export const FEX_REQUEST_LISTS = {
  Permisos: { item: 'Permiso', fields: ['Id_permiso', 'Dst_merc'] },
  Cmps_asoc: { item: 'Cmp_asoc', fields: ['Cbte_tipo', 'Cbte_punto_vta', 'Cbte_nro', 'Cbte_cuit'] },
  Items: {
    item: 'Item',
    fields: ['Pro_codigo', 'Pro_ds', 'Pro_qty', 'Pro_umed', 'Pro_precio_uni', 'Pro_bonificacion', 'Pro_total_item'],
  },
  Opcionales: { item: 'Opcional', fields: ['Id', 'Valor'] },
} as const;
