// The authority's country codes (its "Tabla de países", WSCT `consultarPaises`, WSFEX `FEXGetPARAM_DST_pais`)
// for the ISO 3166 codes we map; any other country is refused by name rather than guessed.
export const AUTHORITY_COUNTRY: Record<string, number> = {
  AR: 200,
  BO: 202,
  BR: 203,
  CA: 204,
  CO: 205,
  CL: 208,
  EC: 210,
  US: 212,
  MX: 218,
  PY: 221,
  PE: 222,
  UY: 225,
  VE: 226,
  ES: 410,
  FR: 412,
  IT: 417,
  GB: 426,
  DE: 438,
};

/** Argentina and the codes the authority keeps for its free zones and territories (WSCT validation 355). */
export const ARGENTINE_COUNTRY_CODES = [200, 295, 296, ...Array.from({ length: 16 }, (_, n) => 250 + n)];
