// The authority's country codes (its "Tabla de países", WSCT `consultarPaises`, WSFEX `FEXGetPARAM_DST_pais`)
// for the ISO 3166 codes we map; any other country is refused by name rather than guessed.
/**
 * The authority's 3-digit code and name of each ISO 3166 country we map (its country table, "TABLA PAISES"):
 * WSFEX's destinations (Dst_cmp; a country not here, or a free-trade zone, is named by `ar-fex-country`) and
 * WSCT's receivers' countries.
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

/** Each mapped country's code as a number, as WSCT writes it. */
export const AUTHORITY_COUNTRY: Record<string, number> = Object.fromEntries(
  Object.entries(COUNTRIES).map(([iso, country]) => [iso, Number(country.code)]),
);

/** Argentina and the codes the authority keeps for its free zones and territories (WSCT validation 355). */
export const ARGENTINE_COUNTRY_CODES = [200, 295, 296, ...Array.from({ length: 16 }, (_, n) => 250 + n)];
