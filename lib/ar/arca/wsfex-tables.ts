// WSFEX's own code tables, as its manual (Factura de Exportación, RG 2758, v3.1.1) and the authority's published
// "tablas del sistema" give them: export types, languages, incoterms, units of measure and destination countries.
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
 * Destination countries (Dst_cmp, Dst_merc): the authority's 3-digit code of each ISO 3166 country we map
 * (its country table, "TABLA PAISES"). A country not here, or a free-trade zone, is named by `ar-fex-country`.
 */
export const COUNTRIES: Record<string, { code: string; name: string }> = {
  AR: { code: '200', name: 'ARGENTINA' },
  BO: { code: '202', name: 'BOLIVIA' },
  BR: { code: '203', name: 'BRASIL' },
  CA: { code: '204', name: 'CANADA' },
  CO: { code: '205', name: 'COLOMBIA' },
  CR: { code: '206', name: 'COSTA RICA' },
  CU: { code: '207', name: 'CUBA' },
  CL: { code: '208', name: 'CHILE' },
  DO: { code: '209', name: 'REPUBLICA DOMINICANA' },
  EC: { code: '210', name: 'ECUADOR' },
  SV: { code: '211', name: 'EL SALVADOR' },
  US: { code: '212', name: 'ESTADOS UNIDOS' },
  GT: { code: '213', name: 'GUATEMALA' },
  HN: { code: '216', name: 'HONDURAS' },
  MX: { code: '218', name: 'MEXICO' },
  NI: { code: '219', name: 'NICARAGUA' },
  PA: { code: '220', name: 'PANAMA' },
  PY: { code: '221', name: 'PARAGUAY' },
  PE: { code: '222', name: 'PERU' },
  PR: { code: '223', name: 'PUERTO RICO' },
  UY: { code: '225', name: 'URUGUAY' },
  VE: { code: '226', name: 'VENEZUELA' },
  SA: { code: '302', name: 'ARABIA SAUDITA' },
  CN: { code: '310', name: 'CHINA' },
  KR: { code: '309', name: 'COREA REPUBLICANA' },
  IN: { code: '315', name: 'INDIA' },
  ID: { code: '316', name: 'INDONESIA' },
  IL: { code: '319', name: 'ISRAEL' },
  JP: { code: '320', name: 'JAPON' },
  AE: { code: '331', name: 'EMIRATOS ARABES UNIDOS' },
  SG: { code: '333', name: 'SINGAPUR' },
  TH: { code: '335', name: 'THAILANDIA' },
  VN: { code: '337', name: 'VIETNAM' },
  HK: { code: '341', name: 'HONG KONG' },
  AT: { code: '405', name: 'AUSTRIA' },
  BE: { code: '406', name: 'BELGICA' },
  DK: { code: '409', name: 'DINAMARCA' },
  ES: { code: '410', name: 'ESPAÑA' },
  FI: { code: '411', name: 'FINLANDIA' },
  FR: { code: '412', name: 'FRANCIA' },
  GR: { code: '413', name: 'GRECIA' },
  IE: { code: '415', name: 'IRLANDA' },
  IT: { code: '417', name: 'ITALIA' },
  NL: { code: '423', name: 'PAISES BAJOS' },
  NO: { code: '422', name: 'NORUEGA' },
  PL: { code: '424', name: 'POLONIA' },
  PT: { code: '425', name: 'PORTUGAL' },
  GB: { code: '426', name: 'REINO UNIDO' },
  SE: { code: '429', name: 'SUECIA' },
  CH: { code: '430', name: 'SUIZA' },
  TR: { code: '436', name: 'TURQUIA' },
  DE: { code: '438', name: 'ALEMANIA, REP. FED.' },
  RU: { code: '444', name: 'RUSIA' },
  CZ: { code: '451', name: 'REP. CHECA' },
  AU: { code: '501', name: 'AUSTRALIA' },
  NZ: { code: '504', name: 'NUEVA ZELANDIA' },
  ZA: { code: '159', name: 'SUDAFRICA' },
  EG: { code: '113', name: 'EGIPTO' },
  MA: { code: '127', name: 'MARRUECOS' },
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
