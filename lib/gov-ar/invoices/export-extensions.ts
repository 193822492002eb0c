// Our `ar-fex-*` extension keys as the invoice schema describes them (docs/exports.md, "Our extensions"), so
// the OpenAPI document says what each means and takes. They only type the keys: the store's check of their
// values is the WSFEX mapping's (lib/ar/arca/wsfex-mapping.ts), which refuses by the field to correct.
import { z } from 'zod';
import {
  EXT_COUNTRY,
  EXT_COUNTRY_CUIT,
  EXT_EXPORT_TYPE,
  EXT_INCOTERM,
  EXT_LANGUAGE,
  EXT_PERMIT,
} from '@/lib/ar/arca/wsfex-extensions';
import { EXPORT_TYPES, INCOTERMS, LANGUAGES } from '@/lib/ar/arca/wsfex-tables';

const listed = (table: Record<string, string>) =>
  Object.entries(table)
    .map(([code, name]) => `${code} ${name}`)
    .join(', ');

const extension = (description: string, schema: Record<string, unknown> = {}) =>
  z
    .string()
    .optional()
    .meta({ description: `Export invoices (E, WSFEX) only. ${description}`, ...schema });

/** On the invoice's `tax.ext`. */
export const EXPORT_TAX_EXTENSIONS = {
  [EXT_EXPORT_TYPE]: extension(
    `Tipo_expo, what is exported: ${listed(EXPORT_TYPES)}. When absent, from ar-arca-concept (1 goods → 1, 2 services → 2; concept 3 must say).`,
    { enum: Object.keys(EXPORT_TYPES) },
  ),
  [EXT_INCOTERM]: extension(
    `Incoterms, the trade term (its name is sent as Incoterms_Ds): ${Object.keys(INCOTERMS).join(', ')}. Required on an invoice (19) of goods (export type 1); otherwise not sent.`,
    { enum: Object.keys(INCOTERMS) },
  ),
  [EXT_COUNTRY]: extension(
    "Dst_cmp, the destination country by the authority's 3-digit code (212 United States, 203 Brazil, a free-trade zone such as 280 ZF Colonia). When absent, the country of the customer's address.",
    { pattern: '^\\d{3}$', examples: ['212'] },
  ),
  [EXT_LANGUAGE]: extension(
    `Idioma_cbte, the language the voucher and its PDF are printed in: ${listed(LANGUAGES)}. When absent, 1.`,
    { enum: Object.keys(LANGUAGES) },
  ),
  [EXT_PERMIT]: extension(
    'The customs shipping permit of goods already shipped (Permisos, to the destination country), 16 characters 99999AAXX999999A. When absent, Permiso_existente N on an invoice of goods.',
    { pattern: '^\\d{5}[A-Z]{2}[A-Z0-9]{2}\\d{6}[A-Z]$', examples: ['26001EC01000123A'] },
  ),
};

/** On the customer's `ext`. */
export const EXPORT_CUSTOMER_EXTENSIONS = {
  [EXT_COUNTRY_CUIT]: extension(
    "Cuit_pais_cliente, the destination country's generic CUIT (FEXGetPARAM_DST_CUIT), 11 digits. When absent, not sent: then customer.tax_id.code is required.",
    { examples: ['50000002124'] },
  ),
};
