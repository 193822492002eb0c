// GOBL's bill calculation (`bill/calculator.go`) for an invoice of the Argentine regime: defaults filled
// (`$regime`, `type`, `currency`), lines, document discounts and charges (a percentage of the line sum),
// tax combos prepared and totalled, then `totals` from `sum` to `payable`, advances and due dates.
// Pure: takes the document, returns a new one and the reasons, by field, it could not be calculated.
import { Amount, Percentage } from '@/lib/gobl/num';
import { inGoblOrder, type Adjustment, type CalculableInvoice, type TaxCombo } from '@/lib/gobl/invoice';
import { applyRoundingRule, calculateLine, LINE_PRECISION_EXTRA } from '@/lib/gobl/lines';
import { AR_CURRENCY } from '@/lib/gobl/regime-ar';
import { comboJson, normaliseCombo, prepareCombo, type PreparedCombo } from '@/lib/gobl/tax-combo';
import { calculateTaxTotal, taxTotalJson, type RoundingRule, type TaxableLine } from '@/lib/gobl/tax-totals';

/** Currencies whose smallest unit is not the hundredth; every other currency has two places. */
const WHOLE_UNIT_CURRENCIES = new Set(['CLP', 'JPY', 'KRW', 'PYG', 'VND']);
const currencyExp = (currency: string) => (WHOLE_UNIT_CURRENCIES.has(currency) ? 0 : 2);

export interface CalculationHooks {
  /** An addon's normaliser for each tax combo, run after GOBL's own (as the addon's `normalizeTaxCombo`). */
  combo?: (combo: PreparedCombo) => void;
}

export interface CalculationResult {
  doc: CalculableInvoice;
  /** Why the document could not be calculated, by path relative to the document (`lines.0.taxes.0.rate`). */
  fields: Record<string, string>;
}

export function calculateInvoice(input: CalculableInvoice, hooks: CalculationHooks = {}): CalculationResult {
  const fields: Record<string, string> = {};
  const doc: CalculableInvoice = structuredClone(input);
  doc.$regime ??= 'AR';
  doc.type ??= 'standard';
  doc.currency ??= AR_CURRENCY;
  const exp = currencyExp(doc.currency);
  const zero = Amount.zero(exp);
  const rule: RoundingRule =
    doc.tax?.rounding === 'currency' || doc.tax?.rounding === 'round-then-sum' ? 'currency' : 'precise';

  const prepare = (combos: TaxCombo[] | undefined, path: string) =>
    (combos ?? []).map((raw, at) => {
      const combo = normaliseCombo(raw);
      hooks.combo?.(combo);
      for (const [field, reason] of Object.entries(prepareCombo(combo, doc.issue_date)))
        fields[`${path}.${at}.${field}`] = reason;
      return combo;
    });

  const taxable: TaxableLine[] = [];
  const lines = (doc.lines ?? []).map((line, at) => {
    if (line.item.currency && line.item.currency !== doc.currency) {
      fields[`lines.${at}.item.currency`] = `item prices are in the invoice's currency (${doc.currency})`;
    }
    const combos = prepare(line.taxes, `lines.${at}.taxes`);
    const calculated = calculateLine(line, at, exp, rule, line.taxes ? combos.map(comboJson) : undefined);
    if (calculated.total) taxable.push({ total: calculated.total, taxes: combos });
    return calculated;
  });
  if (lines.length > 0) doc.lines = lines.map((line) => line.json) as CalculableInvoice['lines'];
  const sum = lines.reduce(
    (sofar, line) => (line.total ? sofar.matchPrecision(line.total).add(line.total) : sofar),
    zero,
  );
  let total = sum;

  const adjustments = (list: Adjustment[] | undefined, name: 'discounts' | 'charges') => {
    if (!list || list.length === 0) return undefined;
    let subtotal = zero;
    const json = list.map((adjustment, at) => {
      const combos = prepare(adjustment.taxes, `${name}.${at}.taxes`);
      let amount = adjustment.amount === undefined ? zero : Amount.parse(adjustment.amount);
      if (adjustment.percent !== undefined && !Percentage.parse(adjustment.percent).isZero()) {
        const base =
          adjustment.base === undefined
            ? sum
            : applyRoundingRule(rule, exp, Amount.parse(adjustment.base).rescaleUp(exp + LINE_PRECISION_EXTRA));
        amount = Percentage.parse(adjustment.percent).of(base);
      }
      amount = applyRoundingRule(rule, exp, amount);
      subtotal = subtotal.matchPrecision(amount).add(amount);
      taxable.push({ total: name === 'discounts' ? amount.negate() : amount, taxes: combos });
      const { i: _index, amount: _amount, taxes: _taxes, ...rest } = adjustment;
      return {
        i: at + 1,
        ...rest,
        amount: amount.rescale(exp).toString(),
        ...(adjustment.taxes ? { taxes: combos.map(comboJson) } : {}),
      };
    });
    doc[name] = json as CalculableInvoice['discounts'];
    return subtotal;
  };
  const discount = adjustments(doc.discounts, 'discounts');
  if (discount) total = total.subtract(discount);
  const charge = adjustments(doc.charges, 'charges');
  if (charge) total = total.add(charge);

  const inputTotals = (input.totals ?? {}) as { rounding?: string };
  if (taxable.length === 0) {
    delete doc.totals;
    return { doc: inGoblOrder(doc), fields };
  }

  const taxes = calculateTaxTotal(taxable, rule, exp, doc.tax?.prices_include);
  const included = taxes.categories.find((category) => category.code === doc.tax?.prices_include)?.amount;
  if (included) total = total.subtract(included);
  const tax = taxes.sum;
  const totalWithTax = total.add(tax);
  let payable = totalWithTax.rescale(exp);
  const rounding = inputTotals.rounding === undefined ? undefined : Amount.parse(inputTotals.rounding);
  if (rounding) payable = payable.add(rounding);

  const { advance, due } = calculatePayment(doc, payable, taxes.categories, exp);
  const print = (amount: Amount) => amount.rescale(exp).toString();
  doc.totals = {
    sum: print(sum),
    ...(discount ? { discount: print(discount) } : {}),
    ...(charge ? { charge: print(charge) } : {}),
    ...(included ? { tax_included: print(included) } : {}),
    total: print(total),
    ...(taxes.categories.length > 0 ? { taxes: taxTotalJson(taxes, exp) } : {}),
    tax: print(tax),
    total_with_tax: print(totalWithTax),
    ...(rounding ? { rounding: print(rounding) } : {}),
    payable: print(payable),
    ...(advance ? { advance: print(advance), due: print(due!) } : {}),
  };
  return { doc: inGoblOrder(doc), fields };
}

/**
 * Advances (a fixed amount, a percentage of the payable, or the amount of some tax categories, as a VAT
 * refund to a foreign tourist), then due dates given as a percentage of what is still due.
 */
function calculatePayment(
  doc: CalculableInvoice,
  payable: Amount,
  categories: { code: string; amount: Amount }[],
  exp: number,
): { advance?: Amount; due?: Amount } {
  const payment = doc.payment;
  if (!payment) return {};
  let advance: Amount | undefined;
  if (payment.advances && payment.advances.length > 0) {
    advance = Amount.zero(exp);
    payment.advances = payment.advances.map((record) => {
      let amount = record.amount === undefined ? Amount.zero(exp) : Amount.parse(record.amount);
      if (record.percent !== undefined) amount = Percentage.parse(record.percent).of(payable);
      else if (record.amount === undefined && record.taxes) {
        amount = record.taxes.reduce((sofar, { cat }) => {
          const category = categories.find((ct) => ct.code === cat);
          return category ? sofar.add(category.amount.rescale(exp)) : sofar;
        }, Amount.zero(exp));
      }
      amount = amount.rescale(exp);
      advance = advance!.add(amount);
      return { ...record, amount: amount.toString() };
    });
  }
  const due = advance ? payable.subtract(advance) : undefined;
  const dueDates = payment.terms?.due_dates;
  if (payment.terms && dueDates) {
    payment.terms.due_dates = dueDates.map((dueDate) => {
      if (dueDate.percent === undefined) return dueDate;
      const { date, amount: _amount, percent, ...rest } = dueDate;
      const amount = Percentage.parse(percent)
        .of(due ?? payable)
        .rescale(exp);
      return { date, amount: amount.toString(), percent, ...rest };
    });
  }
  return { advance, due };
}
