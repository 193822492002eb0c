// GOBL's tax totals calculator: every taxable line (a line, a discount as a negative, a charge) adds its
// total to the base of each of its combos, grouped by category and then by rate (same extensions, same
// percentage); rate amounts are the percentage of the base. "precise" keeps two extra places until the
// end (GOBL's default, and the Argentine regime's); "currency" rounds every line to the currency first.
import { Amount, type Percentage } from '@/lib/gobl/num';
import type { PreparedCombo } from '@/lib/gobl/tax-combo';

export type RoundingRule = 'precise' | 'currency';

export interface TaxableLine {
  total: Amount;
  taxes: PreparedCombo[];
}

export interface RateTotal {
  key?: string;
  country?: string;
  ext?: Record<string, string>;
  base: Amount;
  percent?: Percentage;
  amount: Amount;
}

export interface CategoryTotal {
  code: string;
  rates: RateTotal[];
  amount: Amount;
}

/** The totals before rounding: `round` gives the printed form, the precise sums stay usable. */
export interface TaxTotal {
  categories: CategoryTotal[];
  sum: Amount;
}

const sameExtensions = (a: Record<string, string> = {}, b: Record<string, string> = {}) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

function rateTotalFor(total: TaxTotal, combo: PreparedCombo, zero: Amount): RateTotal {
  let category = total.categories.find((ct) => ct.code === combo.cat);
  if (!category) {
    category = { code: combo.cat, rates: [], amount: zero };
    total.categories.push(category);
  }
  const matches = (rt: RateTotal) =>
    sameExtensions(rt.ext, combo.ext) &&
    rt.country === combo.country &&
    (rt.percent && combo.percent ? rt.percent.equals(combo.percent) : !rt.percent && !combo.percent);
  let rate = category.rates.find(matches);
  if (!rate) {
    rate = { key: combo.key, country: combo.country, ext: combo.ext, base: zero, percent: combo.percent, amount: zero };
    category.rates.push(rate);
  }
  return rate;
}

const comboFor = (line: TaxableLine, category: string | undefined) =>
  category ? line.taxes.find((combo) => combo.cat === category) : undefined;

export function calculateTaxTotal(
  lines: TaxableLine[],
  rule: RoundingRule,
  currencyExp: number,
  pricesInclude?: string,
): TaxTotal {
  const zero = Amount.zero(currencyExp);
  const total: TaxTotal = { categories: [], sum: zero };
  if (rule === 'currency') {
    const rounded = lines.map((line) => ({ ...line, total: line.total.rescale(currencyExp) }));
    extractIncludedTaxes(total, rounded, zero, pricesInclude);
    for (const line of rounded) {
      for (const combo of line.taxes) {
        if (combo.cat === pricesInclude && combo.percent) continue; // accumulated while extracting
        const rate = rateTotalFor(total, combo, zero);
        rate.base = rate.base.add(line.total);
      }
    }
  } else {
    for (const line of lines) {
      let lineTotal = line.total.rescaleUp(currencyExp + 2);
      const included = comboFor(line, pricesInclude);
      if (included?.percent) lineTotal = lineTotal.divide(included.percent.factor());
      for (const combo of line.taxes) {
        const rate = rateTotalFor(total, combo, zero);
        rate.base = rate.base.matchPrecision(lineTotal).add(lineTotal);
      }
    }
  }
  finalSums(total, zero, rule === 'currency' ? pricesInclude : undefined);
  return total;
}

/**
 * "currency" rounding with prices that include a tax: the tax of each rate is worked out on the running sum
 * of tax-inclusive totals, each line taking the increment, so bases and amounts always add up to what was
 * charged.
 */
function extractIncludedTaxes(total: TaxTotal, lines: TaxableLine[], zero: Amount, category?: string) {
  if (!category) return;
  for (const line of lines) {
    const combo = comboFor(line, category);
    if (!combo?.percent) continue;
    const rate = rateTotalFor(total, combo, zero);
    rate.base = rate.base.add(line.total);
    const tax = combo.percent.from(rate.base.rescale(rate.base.exp + 4)).rescale(zero.exp);
    line.total = line.total.subtract(tax.subtract(rate.amount));
    rate.amount = tax;
  }
  for (const rate of total.categories.find((ct) => ct.code === category)?.rates ?? []) {
    rate.base = rate.base.subtract(rate.amount);
  }
}

function finalSums(total: TaxTotal, zero: Amount, keepAmountsOf?: string) {
  total.sum = zero;
  for (const category of total.categories) {
    category.amount = zero;
    for (const rate of category.rates) {
      if (!rate.percent) rate.amount = zero;
      else if (category.code !== keepAmountsOf) rate.amount = rate.percent.of(rate.base);
      category.amount = category.amount.matchPrecision(rate.amount).add(rate.amount);
    }
    total.sum = total.sum.matchPrecision(category.amount).add(category.amount);
  }
}

/** The totals as GOBL prints them, every figure at the currency's precision. */
export function taxTotalJson(total: TaxTotal, currencyExp: number) {
  return {
    categories: total.categories.map((category) => ({
      code: category.code,
      rates: category.rates.map((rate) => ({
        ...(rate.key ? { key: rate.key } : {}),
        ...(rate.country ? { country: rate.country } : {}),
        ...(rate.ext && Object.keys(rate.ext).length > 0 ? { ext: rate.ext } : {}),
        base: rate.base.rescale(currencyExp).toString(),
        ...(rate.percent ? { percent: rate.percent.toString() } : {}),
        amount: rate.amount.rescale(currencyExp).toString(),
      })),
      amount: category.amount.rescale(currencyExp).toString(),
    })),
    sum: total.sum.rescale(currencyExp).toString(),
  };
}
