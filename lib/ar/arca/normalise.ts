// The `ar-arca-v4` addon's normalisation: the customer's VAT status defaulted by the kind of tax ID, the
// document type by the `monotax` tag or the customer's VAT status and the invoice type, the concept by
// the lines' item keys, and each VAT combo's `ar-arca-vat-rate` from its rate or key. On top of GOBL,
// a type T invoice gets its `vat-refund` charge (lib/ar/arca/tourism-refund.ts). On top of GOBL,
// our `ar-arca-doc-letter` is reconciled with the document type, and a VAT percent alone also finds its code.
import type { CalculableInvoice } from '@/lib/gobl/invoice';
import { Percentage } from '@/lib/gobl/num';
import { CATEGORY_VAT, KEY_ZERO, RATE_GENERAL, RATE_INCREASED, RATE_REDUCED } from '@/lib/gobl/regime-ar';
import type { PreparedCombo } from '@/lib/gobl/tax-combo';
import {
  CONCEPTS,
  DOC_LETTERS,
  docTypeFor,
  EXT_CONCEPT,
  EXT_DOC_LETTER,
  EXT_DOC_TYPE,
  EXT_IDENTITY_TYPE,
  EXT_VAT_RATE,
  EXT_VAT_STATUS,
  letterOf,
  TAG_MONOTAX,
  VAT_RATE_PERCENT,
  VAT_STATUS_FINAL_CONSUMER,
  VAT_STATUSES,
  VAT_STATUSES_TYPE_A,
  type DocLetter,
} from '@/lib/ar/arca/extensions';
import { normaliseTourismRefund } from '@/lib/ar/arca/tourism-refund';

type Party = NonNullable<CalculableInvoice['customer']>;

/**
 * Keeps a status the tax ID allows; otherwise the first (the default) of those it allows, as GOBL does. Where
 * that replacement would change the voucher's letter behind the caller's back (a final consumer, 5, with a
 * CUIT made a Responsable Inscripto, so an A; a Responsable Inscripto without a CUIT made a final consumer, so
 * a B), the status is refused instead, saying which statuses fit.
 */
function normaliseVatStatus(customer: Party | undefined): Record<string, string> {
  if (!customer) return {};
  const argentine = customer.tax_id?.country === 'AR';
  const allowed = !customer.tax_id
    ? ['5', '4', '7', '10', '15']
    : !argentine
      ? ['9', '8']
      : ['1', '6', '13', '16', '4', '7', '10', '15'];
  const given = customer.ext?.[EXT_VAT_STATUS];
  if (given && allowed.includes(given)) return {};
  const changesLetter =
    given !== undefined &&
    ((argentine && VAT_STATUSES.includes(given)) || (!customer.tax_id && VAT_STATUSES_TYPE_A.includes(given)));
  if (changesLetter) {
    const holder = argentine ? 'a customer with an Argentine tax_id (CUIT)' : 'a customer without a tax_id';
    const remedy = argentine
      ? given === VAT_STATUS_FINAL_CONSUMER
        ? `; a final consumer is named by an identity with "${EXT_IDENTITY_TYPE}" (96 DNI, 86 CUIL) instead of a tax_id`
        : ''
      : '; a customer of a type A document is named by its tax_id (CUIT)';
    return {
      [`customer.ext.${EXT_VAT_STATUS}`]: `VAT status ${given} does not fit ${holder}, whose status is one of ${allowed.join(', ')}${remedy}`,
    };
  }
  customer.ext = { ...customer.ext, [EXT_VAT_STATUS]: allowed[0]! };
  return {};
}

function defaultLetter(doc: CalculableInvoice): DocLetter {
  if (doc.$tags?.includes(TAG_MONOTAX)) return 'C';
  const status = doc.customer?.ext?.[EXT_VAT_STATUS];
  return status && VAT_STATUSES_TYPE_A.includes(status) ? 'A' : 'B';
}

function defaultDocType(doc: CalculableInvoice, ext: Record<string, string>, letter: DocLetter | undefined) {
  if (ext[EXT_DOC_TYPE]) return;
  const docType = docTypeFor(letter ?? defaultLetter(doc), doc.type ?? 'standard');
  if (docType) ext[EXT_DOC_TYPE] = docType;
}

/**
 * Fills `ar-arca-doc-type` (from our letter when one was given, else as the addon does) and the letter from
 * the type; returns a reason when both were given and disagree.
 */
function normaliseDocType(doc: CalculableInvoice): Record<string, string> {
  const ext = { ...doc.tax?.ext };
  const given = ext[EXT_DOC_LETTER];
  const letter = DOC_LETTERS.includes(given as DocLetter) ? (given as DocLetter) : undefined;
  defaultDocType(doc, ext, letter);
  doc.tax = { ...doc.tax, ext };
  if (given !== undefined && !letter) {
    return { [`tax.ext.${EXT_DOC_LETTER}`]: `the invoice letter is one of ${DOC_LETTERS.join(', ')}` };
  }
  const implied = ext[EXT_DOC_TYPE] ? letterOf(ext[EXT_DOC_TYPE]) : undefined;
  if (letter && implied && letter !== implied) {
    return {
      [`tax.ext.${EXT_DOC_LETTER}`]: `letter ${letter} does not match ${EXT_DOC_TYPE} ${ext[EXT_DOC_TYPE]}, a type ${implied} document`,
    };
  }
  if (!letter && implied) ext[EXT_DOC_LETTER] = implied;
  return {};
}

function normaliseConcept(doc: CalculableInvoice) {
  const lines = doc.lines ?? [];
  if (lines.length === 0) return;
  const goods = lines.filter((line) => line.item.key === 'goods').length;
  const concept = goods === lines.length ? CONCEPTS.goods : goods === 0 ? CONCEPTS.services : CONCEPTS.both;
  doc.tax = { ...doc.tax, ext: { ...doc.tax?.ext, [EXT_CONCEPT]: concept } };
}

/** Runs on the document before it is calculated; returns reasons by path relative to the document. */
export function normaliseArcaInvoice(doc: CalculableInvoice): Record<string, string> {
  const fields = { ...normaliseVatStatus(doc.customer), ...normaliseDocType(doc) };
  normaliseConcept(doc);
  normaliseTourismRefund(doc, normaliseArcaCombo);
  return fields;
}

const RATE_CODES: Record<string, string> = { [RATE_REDUCED]: '4', [RATE_GENERAL]: '5', [RATE_INCREASED]: '6' };

/** The addon's `normalizeTaxCombo`; a combo with only a percent finds the code of that percentage too. */
export function normaliseArcaCombo(combo: PreparedCombo) {
  if (combo.cat !== CATEGORY_VAT) return;
  let code: string | undefined;
  if (combo.key === KEY_ZERO) code = '3';
  else if (combo.rate) code = RATE_CODES[combo.rate];
  else if (combo.percent && !combo.ext?.[EXT_VAT_RATE]) {
    code = Object.keys(VAT_RATE_PERCENT).find((id) =>
      Percentage.parse(`${VAT_RATE_PERCENT[id]}%`).equals(combo.percent!),
    );
  }
  if (code) combo.ext = { ...combo.ext, [EXT_VAT_RATE]: code };
}
