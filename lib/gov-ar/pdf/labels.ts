// The words a printed Argentine voucher uses for the authority's codes: the document's name by CbteTipo,
// the receiver's document (DocTipo), the condición frente al IVA (RG 5616's receiver conditions, the
// issuer's registered class), and the file name a voucher is saved under.
import { letterOf, type DocLetter } from '@/lib/ar/arca/extensions';

type Kind = 'invoice' | 'debit-note' | 'credit-note';

/** The voucher types we print: invoices and notes of the classes A, B, C and M (WSFEv1), E (WSFEX) and T (WSCT). */
const PRINTABLE: Record<string, Kind> = {
  1: 'invoice',
  2: 'debit-note',
  3: 'credit-note',
  6: 'invoice',
  7: 'debit-note',
  8: 'credit-note',
  11: 'invoice',
  12: 'debit-note',
  13: 'credit-note',
  51: 'invoice',
  52: 'debit-note',
  53: 'credit-note',
  19: 'invoice',
  20: 'debit-note',
  21: 'credit-note',
  195: 'invoice',
  196: 'debit-note',
  197: 'credit-note',
};

const TITLES: Record<Kind, string> = {
  invoice: 'FACTURA',
  'debit-note': 'NOTA DE DÉBITO',
  'credit-note': 'NOTA DE CRÉDITO',
};
const FILE_TITLES: Record<Kind, string> = {
  invoice: 'FACTURA',
  'debit-note': 'NOTA-DE-DEBITO',
  'credit-note': 'NOTA-DE-CREDITO',
};
/** An export voucher's own names (the authority's table of CbteTipo); in its language, export-labels.ts. */
const EXPORT_TITLES: Record<Kind, string> = {
  invoice: 'FACTURA DE EXPORTACIÓN',
  'debit-note': 'NOTA DE DÉBITO POR OPERACIONES CON EL EXTERIOR',
  'credit-note': 'NOTA DE CRÉDITO POR OPERACIONES CON EL EXTERIOR',
};
const EXPORT_FILE_TITLES: Record<Kind, string> = {
  invoice: 'FACTURA-DE-EXPORTACION',
  'debit-note': 'NOTA-DE-DEBITO-EXTERIOR',
  'credit-note': 'NOTA-DE-CREDITO-EXTERIOR',
};

export interface VoucherKind {
  docType: string;
  letter: DocLetter;
  /** `FACTURA`, `NOTA DE CRÉDITO`, `FACTURA DE EXPORTACIÓN`, ... */
  title: string;
  fileTitle: string;
  /** `COD. 06`, `COD. 019`, `COD. 195`: the CbteTipo, at least two digits (three for E, as its vouchers print it). */
  code: string;
}

/** The printable kind of a CbteTipo, or undefined for types we do not print (49, receipts, FCE). */
export function voucherKind(docType: string): VoucherKind | undefined {
  const kind = PRINTABLE[docType];
  const letter = letterOf(docType);
  if (!kind || !letter) return undefined;
  const exported = letter === 'E';
  return {
    docType,
    letter,
    title: (exported ? EXPORT_TITLES : TITLES)[kind],
    fileTitle: (exported ? EXPORT_FILE_TITLES : FILE_TITLES)[kind],
    code: `COD. ${docType.padStart(exported ? 3 : 2, '0')}`,
  };
}

/** DocTipo as the receiver's document is labelled. */
const DOCUMENT_TYPES: Record<string, string> = {
  80: 'CUIT',
  86: 'CUIL',
  87: 'CDI',
  89: 'LE',
  90: 'LC',
  91: 'CI Extranjera',
  92: 'En trámite',
  93: 'Acta de nacimiento',
  94: 'Pasaporte',
  95: 'CI Bs. As. RNP',
  96: 'DNI',
  99: 'Doc. (Otro)',
};
export const documentTypeLabel = (docType: number) =>
  DOCUMENT_TYPES[docType] ?? (docType <= 24 ? 'CI provincial' : `Doc. ${docType}`);

/** RG 5616's receiver conditions (CondicionIVAReceptorId), as FEParamGetCondicionIvaReceptor names them. */
const RECEIVER_CONDITIONS: Record<string, string> = {
  1: 'IVA Responsable Inscripto',
  4: 'IVA Sujeto Exento',
  5: 'Consumidor Final',
  6: 'Responsable Monotributo',
  7: 'Sujeto No Categorizado',
  8: 'Proveedor del Exterior',
  9: 'Cliente del Exterior',
  10: 'IVA Liberado – Ley N° 19.640',
  13: 'Monotributista Social',
  15: 'IVA No Alcanzado',
  16: 'Monotributo Trabajador Independiente Promovido',
};
export const receiverConditionLabel = (id: number) => RECEIVER_CONDITIONS[id] ?? `Condición ${id}`;

/** The issuer's class as registered with the authority. */
export const SUPPLIER_VAT_CONDITIONS = ['responsable_inscripto', 'monotributista', 'exento'] as const;
export type SupplierVatCondition = (typeof SUPPLIER_VAT_CONDITIONS)[number];

const SUPPLIER_CONDITION_LABELS: Record<SupplierVatCondition, string> = {
  responsable_inscripto: 'IVA Responsable Inscripto',
  monotributista: 'Responsable Monotributo',
  exento: 'IVA Sujeto Exento',
};
export const supplierConditionLabel = (condition: SupplierVatCondition) => SUPPLIER_CONDITION_LABELS[condition];

/**
 * The class the authority lets issue a letter, when the letter alone tells (C is monotributo or exento; T
 * charges VAT, so its issuer is inscripto; E may be issued by either).
 */
export function supplierConditionOf(letter: DocLetter, monotax: boolean): SupplierVatCondition | undefined {
  if (letter === 'A' || letter === 'B' || letter === 'M' || letter === 'T') return 'responsable_inscripto';
  return monotax ? 'monotributista' : undefined;
}

/** One row of a labelled list on the page (a total, a tax line). */
export interface LabelledValue {
  label: string;
  value: string;
}
