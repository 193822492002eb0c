// GOBL's line calculation: the price brought to the currency's precision, `sum` = price × quantity (with two
// extra places under "precise" rounding), line discounts and charges taken from it, `total` what remains.
// Printed figures are cut back to the price's own precision; the precise total is what the taxes use.
import { Amount, Percentage } from '@/lib/gobl/num';
import type { Line } from '@/lib/gobl/invoice';
import type { RoundingRule } from '@/lib/gobl/tax-totals';

/** Two extra places on line figures under "precise" rounding, as GOBL's `linePrecisionExtra`. */
export const LINE_PRECISION_EXTRA = 2;

export interface CalculatedLine {
  /** The line as it will be stored (price, sum, total, adjustment amounts as GOBL prints them). */
  json: Record<string, unknown>;
  /** The unrounded total the tax totals add up; undefined for a line without a price. */
  total?: Amount;
}

/** Applies the rounding rule to a figure: "currency" rounds to the currency, "precise" only pads. */
export const applyRoundingRule = (rule: RoundingRule, exp: number, amount: Amount) =>
  rule === 'currency' ? amount.rescale(exp) : amount.rescaleUp(exp);

type Adjustment = NonNullable<Line['discounts']>[number];

function adjust(
  adjustments: Adjustment[] | undefined,
  sum: Amount,
  quantity: Amount,
  rule: RoundingRule,
  exp: number,
  sign: 1 | -1,
): { total: Amount; amounts: Amount[] } {
  let total = sum;
  const amounts: Amount[] = [];
  for (const adjustment of adjustments ?? []) {
    let amount = adjustment.amount === undefined ? Amount.zero(exp) : Amount.parse(adjustment.amount);
    if (adjustment.percent !== undefined) {
      let base = sum;
      if (adjustment.base !== undefined) {
        base = applyRoundingRule(rule, exp, Amount.parse(adjustment.base).rescaleUp(exp + LINE_PRECISION_EXTRA));
      }
      amount = Percentage.parse(adjustment.percent).of(base);
    }
    if (sign === 1 && adjustment.rate !== undefined) {
      amount = Amount.parse(adjustment.rate).multiply(
        adjustment.quantity ? Amount.parse(adjustment.quantity) : quantity,
      );
    }
    amount = amount.rescaleUp(exp);
    amounts.push(amount);
    total = sign === 1 ? total.add(amount) : total.subtract(amount);
  }
  return { total, amounts };
}

/** `taxes` are the line's combos as they will be stored (normalised by the caller). */
export function calculateLine(
  line: Line,
  index: number,
  currencyExp: number,
  rule: RoundingRule,
  taxes?: unknown[],
): CalculatedLine {
  const { i: _index, sum: _sum, total: _total, taxes: _taxes, ...rest } = line;
  if (line.item.price === undefined) return { json: { i: index + 1, ...rest, ...(taxes ? { taxes } : {}) } };

  const price = Amount.parse(line.item.price).rescaleUp(currencyExp);
  const quantity = Amount.parse(line.quantity);
  const exp = currencyExp + (rule === 'precise' ? LINE_PRECISION_EXTRA : 0);
  const sum = applyRoundingRule(rule, currencyExp, price.rescaleUp(exp).multiply(quantity));
  const discounts = adjust(line.discounts, sum, quantity, rule, currencyExp, -1);
  const charges = adjust(line.charges, sum, quantity, rule, currencyExp, 1);
  const total = charges.amounts.reduce((sofar, amount) => sofar.add(amount), discounts.total);

  // Printed figures never show more places than the price itself.
  const printed = (amount: Amount) => amount.rescaleDown(price.exp).toString();
  const withAmounts = (list: Adjustment[] | undefined, amounts: Amount[]) =>
    list?.map((adjustment, at) => ({ ...adjustment, amount: printed(amounts[at]!) }));
  const { discounts: _d, charges: _c, ...others } = rest;
  return {
    json: {
      i: index + 1,
      ...others,
      item: { ...line.item, price: price.toString() },
      sum: printed(sum),
      ...(line.discounts ? { discounts: withAmounts(line.discounts, discounts.amounts) } : {}),
      ...(line.charges ? { charges: withAmounts(line.charges, charges.amounts) } : {}),
      ...(taxes ? { taxes } : {}),
      total: printed(total),
    },
    total,
  };
}
