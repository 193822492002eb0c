// What the authority is certain to refuse, found when the invoice is stored rather than after a job has
// taken a number: a customer's CUIT (or CUIL, CDI) whose check digit is wrong (WSFEv1 `10284`), a negative
// quantity, an unidentified final consumer at or above RG 4444's amount (`10015`), and a date outside the
// window the authority takes around its today (`10016`). Each refusal names its field, relative to the
// document (`customer.tax_id.code`, `lines.0.quantity`), and says what is wrong and what to do.
import { cuitProblem, normalizeCuit, type CuitProblem } from '@/lib/ar/cuit-digits';
import type { CalculableInvoice } from '@/lib/gobl/invoice';
import { Amount } from '@/lib/gobl/num';
import {
  CONCEPTS,
  DOC_TYPES_B,
  EXT_CONCEPT,
  EXT_DOC_TYPE,
  EXT_IDENTITY_TYPE,
  DOC_TYPES_E,
  DOC_TYPES_T,
} from '@/lib/ar/arca/extensions';

type Fields = Record<string, string>;

/**
 * RG 4444's amount (ARS) from which a B voucher must identify its receiver: $10,000,000 since RG 5700/2025
 * (the manual does not state it; the press does). In cents, as the emulator compares it too.
 */
export const CONSUMER_IDENTIFICATION_THRESHOLD_CENTS = 1_000_000_000n;

/** The DocTipo codes whose number is a CUIT-shaped key with its check digit: CUIT, CUIL, CDI. */
const CUIT_SHAPED_DOCUMENTS = ['80', '86', '87'];

const CUIT_PROBLEMS: Record<CuitProblem, string> = {
  format: 'has 11 digits',
  prefix: 'starts with 20, 23, 24, 27, 30, 33 or 34',
  check_digit: 'ends with its check digit, and this one does not match (a mistyped CUIT?)',
};

/** Why this customer's key would be refused by the authority's check digit, or undefined when it passes. */
function customerCuitRefusal(code: string, what = 'a CUIT'): string | undefined {
  const problem = cuitProblem(normalizeCuit(code));
  return problem && `${what} ${CUIT_PROBLEMS[problem]}: "${code}" is not one`;
}

/**
 * The customer's CUIT (an Argentine `tax_id`) and every identity of a CUIT-shaped type (80 CUIT, 86 CUIL, 87
 * CDI), checked as the supplier's is: the authority answers `10284` for a wrong check digit, after numbering.
 */
export function checkCustomerCuits(doc: CalculableInvoice): Fields {
  const fields: Fields = {};
  const customer = doc.customer;
  const taxId = customer?.tax_id;
  if (taxId?.code && (taxId.country ?? 'AR') === 'AR') {
    const refusal = customerCuitRefusal(taxId.code, "the customer's CUIT");
    if (refusal) fields['customer.tax_id.code'] = refusal;
  }
  customer?.identities?.forEach((identity, at) => {
    const type = identity.ext?.[EXT_IDENTITY_TYPE];
    if (!type || !CUIT_SHAPED_DOCUMENTS.includes(type) || identity.code === undefined) return;
    const refusal = customerCuitRefusal(identity.code, `an identity of type ${type} (CUIT, CUIL or CDI)`);
    if (refusal) fields[`customer.identities.${at}.code`] = refusal;
  });
  return fields;
}

/** A quantity is what was sold: never negative. What is taken back goes in a credit note. */
export function checkQuantities(doc: CalculableInvoice): Fields {
  const fields: Fields = {};
  doc.lines?.forEach((line, at) => {
    if (Amount.parse(line.quantity).compare(Amount.zero()) < 0) {
      fields[`lines.${at}.quantity`] =
        `a quantity is not negative (${line.quantity}): to take back what an invoice sold, issue a credit note against it`;
    }
  });
  return fields;
}

/** Whether the voucher names its receiver (a DocTipo other than 99), as wsfe-detail.ts maps it. */
const identifiesReceiver = (doc: CalculableInvoice) =>
  Boolean(
    (doc.customer?.tax_id?.country === 'AR' && doc.customer.tax_id.code) ||
      doc.customer?.identities?.some((identity) => identity.ext?.[EXT_IDENTITY_TYPE]),
  );

/** The payable in pesos, in cents: ARS as it is, another currency at the invoice's own rate to ARS. */
function payableCents(doc: CalculableInvoice): bigint | undefined {
  const payable = (doc.totals as { payable?: string } | undefined)?.payable;
  if (!payable) return undefined;
  let pesos = Amount.parse(payable).rescale(2);
  const currency = doc.currency ?? 'ARS';
  if (currency !== 'ARS') {
    const direct = doc.exchange_rates?.find((rate) => rate.from === currency && rate.to === 'ARS');
    const inverse = doc.exchange_rates?.find((rate) => rate.from === 'ARS' && rate.to === currency);
    if (direct) pesos = pesos.multiply(Amount.parse(direct.amount));
    else if (inverse && !Amount.parse(inverse.amount).isZero()) pesos = pesos.divide(Amount.parse(inverse.amount));
    else return undefined;
  }
  return BigInt(pesos.toString().replace('.', ''));
}

/** A B voucher at or above RG 4444's amount names its receiver (the authority's `10015`). */
export function checkConsumerIdentification(doc: CalculableInvoice): Fields {
  const docType = doc.tax?.ext?.[EXT_DOC_TYPE];
  if (!docType || !DOC_TYPES_B.includes(docType) || identifiesReceiver(doc)) return {};
  const cents = payableCents(doc);
  if (cents === undefined || cents < CONSUMER_IDENTIFICATION_THRESHOLD_CENTS) return {};
  return {
    customer:
      'a type B invoice of ARS 10.000.000 or more (RG 4444, as RG 5700/2025 set it) names its receiver: give the ' +
      `customer a tax_id (CUIT) or an identity with "${EXT_IDENTITY_TYPE}" (96 DNI, 86 CUIL...)`,
  };
}

const DAY = 86_400_000;

/** Argentina's calendar day of an instant, YYYY-MM-DD (UTC−3 all year since 2009): the authority's N. */
export const argentinaToday = (at = new Date()) => new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);

const dayNumber = (isoDate: string) => Math.round(Date.parse(`${isoDate}T00:00:00Z`) / DAY);

/**
 * The window the authority takes a voucher's date in, around its own today N (Argentina's date when the
 * request arrives): N-5..N+5 for goods, N-10..N+10 for services (`10016`). Other services (E, T) have their own.
 */
export function checkIssueDateWindow(doc: CalculableInvoice, today: string): Fields {
  const docType = doc.tax?.ext?.[EXT_DOC_TYPE];
  if (!docType || DOC_TYPES_E.includes(docType) || DOC_TYPES_T.includes(docType)) return {};
  const reach = (doc.tax?.ext?.[EXT_CONCEPT] ?? CONCEPTS.goods) === CONCEPTS.goods ? 5 : 10;
  const days = dayNumber(doc.issue_date) - dayNumber(today);
  if (Math.abs(days) <= reach) return {};
  return {
    issue_date:
      `the authority takes a voucher dated within ${reach} days of its today (${today}, in Argentina) for ` +
      `${reach === 5 ? 'goods' : 'services'}: ${doc.issue_date} is ${Math.abs(days)} days ${days < 0 ? 'before' : 'after'} it`,
  };
}
