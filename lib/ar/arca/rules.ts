// The `ar-arca-v4` addon's rules on a normalised invoice, each refusal keyed by the field it is about
// (relative to the document: `series`, `customer.ext.ar-arca-vat-status`, `lines.0.taxes`), with the
// addon's rule number in the reason so a refusal can be traced to GOBL's own.
import type { CalculableInvoice } from '@/lib/gobl/invoice';
import { CATEGORY_VAT } from '@/lib/gobl/regime-ar';
import {
  DOC_TYPE_USED_GOODS,
  DOC_TYPES,
  DOC_TYPES_A,
  DOC_TYPES_B,
  DOC_TYPES_C,
  DOC_TYPES_CREDIT_NOTE,
  DOC_TYPES_DEBIT_NOTE,
  DOC_TYPES_T,
  EXT_CONCEPT,
  EXT_DOC_TYPE,
  EXT_IDENTITY_TYPE,
  EXT_TAX_TYPE,
  EXT_TOURISM_ITEM,
  EXT_TOURISM_TYPE,
  EXT_VAT_RATE,
  EXT_VAT_STATUS,
  IDENTITY_TYPES,
  TAX_TYPE_OTHER,
  TAX_TYPES,
  TOURISM_ITEMS,
  TOURISM_TYPES,
  TOURISM_VAT_RATE,
  VAT_RATE_PERCENT,
  VAT_STATUS_FINAL_CONSUMER,
  VAT_STATUSES,
  VAT_STATUSES_TYPE_A,
} from '@/lib/ar/arca/extensions';

type Fields = Record<string, string>;

/** The points of sale the authority numbers (`PtoVta` > 0 and < 99999): one rule, said one way wherever a series is checked. */
export const MAX_POINT_OF_SALE = 99_998;
export const SERIES_RULE = `series is the point of sale, a number from 1 to ${MAX_POINT_OF_SALE} written in digits, such as "3"`;

const present = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/** Codes outside an extension's list are refused wherever they appear (GOBL checks every extension). */
function checkExtensionCodes(doc: CalculableInvoice, fields: Fields) {
  const lists: Record<string, readonly string[]> = {
    [EXT_DOC_TYPE]: DOC_TYPES,
    [EXT_CONCEPT]: ['1', '2', '3'],
    [EXT_VAT_STATUS]: VAT_STATUSES,
    [EXT_VAT_RATE]: Object.keys(VAT_RATE_PERCENT),
    [EXT_TAX_TYPE]: Object.keys(TAX_TYPES),
    [EXT_IDENTITY_TYPE]: IDENTITY_TYPES,
    [EXT_TOURISM_TYPE]: Object.keys(TOURISM_TYPES),
    [EXT_TOURISM_ITEM]: Object.keys(TOURISM_ITEMS),
  };
  const check = (ext: Record<string, string> | undefined, path: string) => {
    for (const [key, code] of Object.entries(ext ?? {})) {
      // Own keys only: an extension named like an object's own property (`constructor`) is not one of these.
      const list = Object.hasOwn(lists, key) ? lists[key] : undefined;
      if (list && !list.includes(code)) fields[`${path}.${key}`] = `"${code}" is not a ${key} code`;
    }
  };
  check(doc.tax?.ext, 'tax.ext');
  check(doc.customer?.ext, 'customer.ext');
  doc.customer?.identities?.forEach((identity, at) => check(identity.ext, `customer.identities.${at}.ext`));
  doc.preceding?.forEach((ref, at) => check(ref.ext, `preceding.${at}.ext`));
  doc.charges?.forEach((charge, at) => check(charge.ext, `charges.${at}.ext`));
  doc.discounts?.forEach((discount, at) => check(discount.ext, `discounts.${at}.ext`));
  doc.payment?.advances?.forEach((advance, at) => check(advance.ext, `payment.advances.${at}.ext`));
  doc.lines?.forEach((line, at) => line.taxes?.forEach((combo, n) => check(combo.ext, `lines.${at}.taxes.${n}.ext`)));
}

function checkCurrency(doc: CalculableInvoice, fields: Fields) {
  if (!doc.currency || doc.currency === 'ARS') return;
  const convertible = doc.exchange_rates?.some(
    (rate) => (rate.from === doc.currency && rate.to === 'ARS') || (rate.from === 'ARS' && rate.to === doc.currency),
  );
  if (!convertible) fields.exchange_rates = `(24) an invoice in ${doc.currency} needs an exchange rate to ARS`;
}

function checkSeries(doc: CalculableInvoice, fields: Fields) {
  if (!present(doc.series)) fields.series = '(01) series is required: the point of sale';
  else if (!/^\d+$/.test(doc.series!) || Number(doc.series) < 1 || Number(doc.series) > MAX_POINT_OF_SALE) {
    fields.series = `(02) ${SERIES_RULE}`;
  }
}

function checkDocType(doc: CalculableInvoice, docType: string, fields: Fields) {
  if (!docType) {
    fields[`tax.ext.${EXT_DOC_TYPE}`] =
      `(04) ${EXT_DOC_TYPE} is required (an invoice of type "${doc.type}" has no default)`;
    return;
  }
  const isCredit = DOC_TYPES_CREDIT_NOTE.includes(docType);
  const isDebit = DOC_TYPES_DEBIT_NOTE.includes(docType);
  if (doc.type === 'credit-note' && !isCredit)
    fields.type = `(05) a credit-note needs a credit note ${EXT_DOC_TYPE}, not ${docType}`;
  if (doc.type === 'debit-note' && !isDebit)
    fields.type = `(06) a debit-note needs a debit note ${EXT_DOC_TYPE}, not ${docType}`;
  if (isCredit && doc.type !== 'credit-note')
    fields.type = `(07) ${EXT_DOC_TYPE} ${docType} is a credit note: type must be credit-note`;
  if (isDebit && doc.type !== 'debit-note')
    fields.type = `(08) ${EXT_DOC_TYPE} ${docType} is a debit note: type must be debit-note`;
}

function checkCustomer(doc: CalculableInvoice, docType: string, fields: Fields) {
  const customer = doc.customer;
  if (!customer) {
    if (![...DOC_TYPES_B, DOC_TYPE_USED_GOODS].includes(docType))
      fields.customer = `(09) a type ${docType} document needs a customer`;
    return;
  }
  const hasIdentity = customer.identities?.some((identity) => identity.ext?.[EXT_IDENTITY_TYPE]);
  if (!customer.tax_id && !hasIdentity)
    fields.customer = `(10) the customer needs a tax_id, or an identity with ext "${EXT_IDENTITY_TYPE}"`;
  const path = `customer.ext.${EXT_VAT_STATUS}`;
  const status = customer.ext?.[EXT_VAT_STATUS];
  if (!status) fields[path] = `(11) the customer needs "${EXT_VAT_STATUS}"`;
  else if (docType === DOC_TYPE_USED_GOODS && status !== VAT_STATUS_FINAL_CONSUMER) {
    fields[path] = '(12) document type 49 (used goods bought from a final consumer) needs VAT status 5, final consumer';
  } else if (DOC_TYPES_A.includes(docType) && !VAT_STATUSES_TYPE_A.includes(status)) {
    fields[path] =
      `(13) a type A document needs a customer with VAT status ${VAT_STATUSES_TYPE_A.join(', ')}, not ${status}`;
  } else if (DOC_TYPES_B.includes(docType) && VAT_STATUSES_TYPE_A.includes(status)) {
    fields[path] = `(14) a customer with VAT status ${status} takes type A documents, not type B`;
  }
}

function checkConcept(doc: CalculableInvoice, docType: string, fields: Fields) {
  if (DOC_TYPES_T.includes(docType)) return; // tourism invoices follow rules of their own
  const concept = doc.tax?.ext?.[EXT_CONCEPT];
  const dueDates = doc.payment?.terms?.due_dates;
  if (concept === '2' || concept === '3') {
    if (!doc.ordering) fields.ordering = '(15) services need the ordering period (ordering.period)';
    else if (!doc.ordering.period) fields['ordering.period'] = '(16) services need the period they were provided in';
    if (!doc.payment) fields.payment = '(17) services need payment terms with due dates';
    else if (!doc.payment.terms) fields['payment.terms'] = '(18) services need payment terms with due dates';
    else if (!present(dueDates)) fields['payment.terms.due_dates'] = '(19) services need a payment due date';
  } else if (concept === '1' && present(dueDates)) {
    fields['payment.terms.due_dates'] = '(20) goods take no payment due dates';
  }
}

function checkPreceding(doc: CalculableInvoice, fields: Fields) {
  if ((doc.type === 'credit-note' || doc.type === 'debit-note') && !present(doc.preceding)) {
    fields.preceding = `(21) a ${doc.type} needs the document it corrects (preceding)`;
  }
  doc.preceding?.forEach((ref, at) => {
    if (!ref.ext?.[EXT_DOC_TYPE])
      fields[`preceding.${at}.ext.${EXT_DOC_TYPE}`] = `(22) the preceding document needs its "${EXT_DOC_TYPE}"`;
  });
}

function checkLinesAndCharges(doc: CalculableInvoice, docType: string, fields: Fields) {
  doc.lines?.forEach((line, at) => {
    if (DOC_TYPES_C.includes(docType) && present(line.taxes)) {
      fields[`lines.${at}.taxes`] = '(23) type C documents (monotributo) carry no taxes on lines';
    }
    line.taxes?.forEach((combo, n) => {
      // WSFEv1 has no alícuota for exempt amounts (they go to ImpOpEx): only combos with a percent need a code.
      if (combo.cat === CATEGORY_VAT && combo.percent && !combo.ext?.[EXT_VAT_RATE]) {
        fields[`lines.${at}.taxes.${n}.ext.${EXT_VAT_RATE}`] =
          `(tax 01) a VAT combo of ${combo.percent} has no "${EXT_VAT_RATE}" code`;
      }
    });
  });
  doc.charges?.forEach((charge, at) => {
    const type = charge.ext?.[EXT_TAX_TYPE];
    if (charge.key?.split('+').includes('tax') && !type)
      fields[`charges.${at}.ext.${EXT_TAX_TYPE}`] = `(charge 01) a tax charge needs "${EXT_TAX_TYPE}"`;
    if (type && charge.percent === undefined)
      fields[`charges.${at}.percent`] = '(charge 02) a tax charge is a percent (of the sum, or of base)';
    if (type === TAX_TYPE_OTHER && !present(charge.reason))
      fields[`charges.${at}.reason`] = '(charge 03) a tax of type 99 (other) needs a reason';
  });
}

/** Type T (tourism, WSCT): the addon's rules 25 to 31. */
function checkTourism(doc: CalculableInvoice, docType: string, fields: Fields) {
  if (!DOC_TYPES_T.includes(docType)) return;
  if (!doc.tax?.ext?.[EXT_TOURISM_TYPE])
    fields[`tax.ext.${EXT_TOURISM_TYPE}`] = `(25) a tourism invoice needs "${EXT_TOURISM_TYPE}"`;
  if (doc.customer && !present(doc.customer.addresses))
    fields['customer.addresses'] = '(27) the customer of a tourism invoice needs an address';
  doc.lines?.forEach((line, at) => {
    if (!present(line.taxes)) fields[`lines.${at}.taxes`] = '(29) a tourism invoice line needs its VAT';
    line.taxes?.forEach((combo, n) => {
      const path = `lines.${at}.taxes.${n}.ext`;
      if (!combo.ext?.[EXT_TOURISM_ITEM])
        fields[`${path}.${EXT_TOURISM_ITEM}`] = `(26) a tourism invoice line needs "${EXT_TOURISM_ITEM}"`;
      if (combo.ext?.[EXT_VAT_RATE] !== TOURISM_VAT_RATE)
        fields[`${path}.${EXT_VAT_RATE}`] =
          `(28) a tourism invoice line's VAT is "${EXT_VAT_RATE}" ${TOURISM_VAT_RATE} (21%)`;
    });
  });
  doc.discounts?.forEach((discount, at) => {
    if (!discount.ext?.[EXT_TOURISM_ITEM])
      fields[`discounts.${at}.ext.${EXT_TOURISM_ITEM}`] = `(30) a tourism invoice discount needs "${EXT_TOURISM_ITEM}"`;
  });
  doc.payment?.advances?.forEach((advance, at) => {
    if (!advance.ext?.[EXT_TOURISM_ITEM])
      fields[`payment.advances.${at}.ext.${EXT_TOURISM_ITEM}`] =
        `(31) a tourism invoice advance needs "${EXT_TOURISM_ITEM}"`;
  });
}

/** Every rule the invoice breaks, by path relative to the document; empty when it passes. */
export function checkArcaRules(doc: CalculableInvoice): Fields {
  const fields: Fields = {};
  const docType = doc.tax?.ext?.[EXT_DOC_TYPE] ?? '';
  checkCurrency(doc, fields);
  checkSeries(doc, fields);
  checkDocType(doc, docType, fields);
  checkCustomer(doc, docType, fields);
  checkConcept(doc, docType, fields);
  checkPreceding(doc, fields);
  checkLinesAndCharges(doc, docType, fields);
  checkTourism(doc, docType, fields);
  checkExtensionCodes(doc, fields);
  return fields;
}
