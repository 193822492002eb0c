// The extensions of GOBL's `ar-arca-v4` addon and the codes each takes (the authority's own tables:
// CbteTipo, Concepto, Tributos, Iva, DocTipo, CondicionIVAReceptorId), plus our `ar-arca-doc-letter`.
export const ADDON_KEY = 'ar-arca-v4';

export const EXT_DOC_TYPE = 'ar-arca-doc-type';
export const EXT_CONCEPT = 'ar-arca-concept';
export const EXT_IDENTITY_TYPE = 'ar-arca-identity-type';
export const EXT_TAX_TYPE = 'ar-arca-tax-type';
export const EXT_VAT_RATE = 'ar-arca-vat-rate';
export const EXT_VAT_STATUS = 'ar-arca-vat-status';
/** Tourism (type T, WSCT): the issuer's relation to the tourist, on `tax.ext` (WSCT codigoRelacionEmisorReceptor). */
export const EXT_TOURISM_TYPE = 'ar-arca-tourism-type';
/** Tourism (type T, WSCT): the item's tourism code, on VAT combos, discounts and advances (WSCT codigoTurismo). */
export const EXT_TOURISM_ITEM = 'ar-arca-tourism-item';
/** Ours, not GOBL's: the invoice letter the store accepted before the addon's fields (see the contract). */
export const EXT_DOC_LETTER = 'ar-arca-doc-letter';

/** Invoice C: the supplier is a monotributista. */
export const TAG_MONOTAX = 'monotax';

export const DOC_TYPES_A = [
  '1',
  '2',
  '3',
  '4',
  '5',
  '34',
  '39',
  '51',
  '52',
  '53',
  '54',
  '60',
  '63',
  '201',
  '202',
  '203',
];
export const DOC_TYPES_B = ['6', '7', '8', '9', '10', '35', '40', '61', '64', '206', '207', '208'];
export const DOC_TYPES_C = ['11', '12', '13', '15', '211', '212', '213'];
export const DOC_TYPE_USED_GOODS = '49';
/** With the tourism notes (196 debit, 197 credit), as the addon's lists have them since it knows type T. */
export const DOC_TYPES_CREDIT_NOTE = ['3', '8', '13', '21', '53', '203', '208', '213', '197'];
export const DOC_TYPES_DEBIT_NOTE = ['2', '7', '12', '20', '52', '202', '207', '212', '196'];
/** Exports (issued through WSFEX) and tourism invoices (through WSCT), not WSFEv1. */
export const DOC_TYPES_E = ['19', '20', '21'];
export const DOC_TYPES_T = ['195', '196', '197'];
/**
 * WSCT's `consultarRelacionEmisorReceptor` (manual v1.6.4, validations 351-356): how the issuer serves the
 * receiver. The relation decides the receiver's document (353) and country (355).
 */
export const TOURISM_TYPES: Record<string, string> = {
  1: 'Alojamiento directo a turista no residente',
  2: 'Alojamiento a agencia de viaje residente',
  3: 'Alojamiento a agencia de viaje no residente',
  4: 'Agencia de viaje residente a agencia de viaje no residente',
  5: 'Agencia de viaje residente a turista no residente',
  6: 'Agencia de viaje residente a agencia de viaje residente',
};
/** WSCT's `consultarCodigosItemTurismo`: what a line is (validation 401). */
export const TOURISM_ITEMS: Record<string, string> = {
  1: 'Servicio de hotelería - alojamiento sin desayuno',
  2: 'Servicio de hotelería - alojamiento con desayuno',
  5: 'Excedente',
  20: 'Modificación de información de los huéspedes sin modificación del importe',
  21: 'Modificación de la fecha de ingreso sin modificación del importe',
};
/** Lodging: the tourism items whose VAT the tourist is refunded (the addon's `vat-refund` charge, WSCT 364/366). */
export const TOURISM_ITEMS_REFUNDED = ['1', '2'];
/** The only VAT rate a tourism line takes: code 5, 21% (the addon's rule 28, WSCT 403). */
export const TOURISM_VAT_RATE = '5';
/** The charge the addon adds to a type T invoice: the VAT refunded on lodging, negative. */
export const CHARGE_KEY_VAT_REFUND = 'vat-refund';
export const VAT_REFUND_REASON = 'Reintegro de IVA';

/** Letter M: type A "with the legend 'operación sujeta a retención'". */
const DOC_TYPES_M = ['51', '52', '53', '54'];

export const DOC_TYPES = [
  ...DOC_TYPES_A,
  ...DOC_TYPES_B,
  ...DOC_TYPES_C,
  DOC_TYPE_USED_GOODS,
  ...DOC_TYPES_E,
  ...DOC_TYPES_T,
];

export const CONCEPTS = { goods: '1', services: '2', both: '3' } as const;

/** Codes of `ar-arca-vat-rate` (the authority's Iva Id) and the percentage each stands for. */
export const VAT_RATE_PERCENT: Record<string, string> = { 3: '0', 4: '10.5', 5: '21', 6: '27', 8: '5', 9: '2.5' };

/** Customer VAT statuses (RG 5616 CondicionIVAReceptorId). */
export const VAT_STATUSES = ['1', '4', '5', '6', '7', '8', '9', '10', '13', '15', '16'];
/** Statuses that take type A documents and may not receive type B ones. */
export const VAT_STATUSES_TYPE_A = ['1', '6', '13', '16'];
export const VAT_STATUS_FINAL_CONSUMER = '5';

/** Tributos (charges with `key: "tax"`), with the authority's own descriptions. */
export const TAX_TYPES: Record<string, string> = {
  1: 'Impuestos nacionales',
  2: 'Impuestos provinciales',
  3: 'Impuestos municipales',
  4: 'Impuestos internos',
  5: 'IIBB',
  6: 'Percepción de IVA',
  7: 'Percepción de IIBB',
  8: 'Percepciones por impuestos municipales',
  9: 'Otras percepciones',
  13: 'Percepción de IVA a no categorizado',
  99: 'Otros',
};
export const TAX_TYPE_OTHER = '99';

/** Identity document types (DocTipo): provincial identity cards 00–24, then the national ones. */
export const IDENTITY_TYPES = [
  ...Array.from({ length: 25 }, (_, n) => String(n).padStart(2, '0')).filter((code) => code !== '15'),
  '80',
  '86',
  '87',
  '89',
  '90',
  '91',
  '92',
  '93',
  '94',
  '95',
  '96',
  '99',
];

export const DOC_LETTERS = ['A', 'B', 'C', 'M', 'E', 'T'] as const;
export type DocLetter = (typeof DOC_LETTERS)[number];

const INVOICE_TYPE_DOC_TYPES: Record<DocLetter, [standard: string, debit: string, credit: string]> = {
  A: ['1', '2', '3'],
  B: ['6', '7', '8'],
  C: ['11', '12', '13'],
  M: ['51', '52', '53'],
  E: ['19', '20', '21'],
  T: ['195', '196', '197'],
};

/** The document type a letter takes for an invoice type, or undefined (a letter says nothing of `other`). */
export function docTypeFor(letter: DocLetter, invoiceType: string): string | undefined {
  const [standard, debit, credit] = INVOICE_TYPE_DOC_TYPES[letter];
  return { standard, 'debit-note': debit, 'credit-note': credit }[invoiceType];
}

/** The letter of a document type; 49 (used goods bought from a final consumer) has none. */
export function letterOf(docType: string): DocLetter | undefined {
  if (DOC_TYPES_M.includes(docType)) return 'M';
  if (DOC_TYPES_A.includes(docType)) return 'A';
  if (DOC_TYPES_B.includes(docType)) return 'B';
  if (DOC_TYPES_C.includes(docType)) return 'C';
  if (DOC_TYPES_E.includes(docType)) return 'E';
  if (DOC_TYPES_T.includes(docType)) return 'T';
  return undefined;
}
