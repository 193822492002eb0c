// Our extension keys for what WSFEX asks and GOBL has no field for, all under one prefix GOBL does not use
// (`ar-fex-`), all in the invoice's `tax.ext` but the country CUIT, which is the customer's (`customer.ext`).
// Their meaning and values are in docs/exports.md and the OpenAPI document.
/** Tipo_expo: 1 goods, 2 services, 4 other. Default: from `ar-arca-concept` (1 goods → 1, 2 services → 2). */
export const EXT_EXPORT_TYPE = 'ar-fex-export-type';
/** Incoterms: the trade term (FOB, CIF, ...); required on an invoice (19) of goods (export type 1). */
export const EXT_INCOTERM = 'ar-fex-incoterm';
/** Dst_cmp: the authority's 3-digit code of the destination country. Default: the customer's address country. */
export const EXT_COUNTRY = 'ar-fex-country';
/** Idioma_cbte: 1 Spanish, 2 English, 3 Portuguese. Default 1. */
export const EXT_LANGUAGE = 'ar-fex-language';
/** Id_permiso: the customs shipping permit (16 characters, 99999AAXX999999A), when the goods have one. */
export const EXT_PERMIT = 'ar-fex-permit';
/** Cuit_pais_cliente, on the customer: the destination country's generic CUIT (FEXGetPARAM_DST_CUIT). */
export const EXT_COUNTRY_CUIT = 'ar-fex-country-cuit';
