// WSFEX's own code tables, as its manual (Factura de Exportación, RG 2758, v3.1.1) and the authority's published
// "tablas del sistema" give them: export types, languages, incoterms and units of measure (its destination
// countries are the authority's country table, lib/ar/arca/country-codes.ts).
// One copy, read by the mapping (what an invoice may say) and by the emulator (what its FEXGetPARAM_* answer).

/** Tipo_expo (validation 1540): what is exported. */
export const EXPORT_TYPES: Record<string, string> = {
  1: 'Exportación definitiva de bienes',
  2: 'Servicios',
  4: 'Otros',
};
export const EXPORT_TYPE_GOODS = '1';

/** Idioma_cbte (validation 1630): the language the voucher is printed in. */
export const LANGUAGES: Record<string, string> = { 1: 'Español', 2: 'Inglés', 3: 'Portugués' };
export const LANGUAGE_SPANISH = '1';

/**
 * Incoterms (validation 1640) with the description sent as Incoterms_Ds (at most 20 characters, 1642): the
 * authority's published table (Incoterms 2000 and DAP) plus DAT and DPU of Incoterms 2010 and 2020, which its
 * FEXGetPARAM_Incoterms is not verified to list.
 */
export const INCOTERMS: Record<string, string> = {
  EXW: 'Ex Works',
  FCA: 'Free Carrier',
  FAS: 'Free Alongside Ship',
  FOB: 'Free On Board',
  CFR: 'Cost and Freight',
  CIF: 'Cost Insurance Freight',
  CPT: 'Carriage Paid To',
  CIP: 'Carriage Insurance',
  DAF: 'Delivered At Frontier',
  DES: 'Delivered Ex Ship',
  DEQ: 'Delivered Ex Quay',
  DDU: 'Delivered Duty Unpaid',
  DDP: 'Delivered Duty Paid',
  DAP: 'Delivered At Place',
  DAT: 'Delivered At Terminal',
  DPU: 'Delivered Unloaded',
};

/** Pro_umed (validation 1790): the authority's units of measure, by code. */
export const UNITS: Record<string, string> = {
  0: 'SIN DESCRIPCION',
  1: 'KILOGRAMO',
  2: 'METROS',
  3: 'METRO CUADRADO',
  4: 'METRO CUBICO',
  5: 'LITROS',
  6: '1000 KILOWATT HORA',
  7: 'UNIDAD',
  8: 'PAR',
  9: 'DOCENA',
  10: 'QUILATE',
  11: 'MILLAR',
  14: 'GRAMO',
  15: 'MILIMETRO',
  16: 'MILIMETRO CUBICO',
  17: 'KILOMETRO',
  18: 'HECTOLITRO',
  20: 'CENTIMETRO',
  27: 'CENTIMETRO CUBICO',
  29: 'TONELADA',
  41: 'MILIGRAMO',
  47: 'MILILITRO',
  62: 'PACK',
  97: 'SEÑAS/ANTICIPOS',
  98: 'OTRAS UNIDADES',
  99: 'BONIFICACION',
};
/** Units that carry no quantity nor price (1775): 0 a total alone, 97 an advance, 99 a discount (negative). */
export const UNIT_NONE = 0;
export const UNIT_DISCOUNT = 99;
export const UNIT_OTHER = 98;
export const UNIT_ITEM = 7;

/** GOBL's unit codes (org.Unit) and the authority's unit each is; any other unit is "other units" (98). */
export const GOBL_UNITS: Record<string, number> = {
  g: 14,
  kg: 1,
  t: 29,
  mg: 41,
  mm: 15,
  cm: 20,
  m: 2,
  km: 17,
  m2: 3,
  m3: 4,
  ml: 47,
  l: 5,
  hl: 18,
  kwh: 6,
  item: 7,
  one: 7,
  piece: 7,
  unit: 7,
  pair: 8,
  pack: 62,
};

/**
 * Generic CUITs of countries (FEXGetPARAM_DST_CUIT) for Cuit_pais_cliente: the ones the manual and public
 * clients show. The full table is the authority's; a customer's own Argentine CUIT is also taken.
 */
export const COUNTRY_CUITS: Record<string, string> = {
  50000000016: 'BRASIL - Persona Jurídica',
  55000000050: 'PANAMA - Persona Jurídica',
  50000002124: 'ESTADOS UNIDOS - Persona Física',
  50000002213: 'ESTADO LIBRE ASOCIADO DE PUERTO RICO - Persona Física',
  50000002256: 'ANTIGUA Y BARBUDA - Persona Física',
};
