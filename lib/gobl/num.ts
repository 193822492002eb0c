// GOBL's numbers: an amount is a decimal with a scale of its own ("450000.00" has two places, "10" none),
// every operation keeps the scale GOBL would keep and rounds half away from zero, and the text is printed
// exactly as GOBL prints it ("4500000.00", "21.0%"). Decimal arithmetic throughout: never a binary float.
import Decimal from 'decimal.js';

// Amounts reach at most 18 significant digits (GOBL's limit); products of two stay far inside this.
const D = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -100, toExpPos: 100 });
type D = InstanceType<typeof D>;

/** The text forms GOBL accepts for an amount: digits, one optional `.` and decimals, an optional `-`. */
export const AMOUNT_PATTERN = /^-?\d{1,18}(\.\d{1,18})?$/;
export const PERCENTAGE_PATTERN = /^-?\d{1,18}(\.\d{1,18})?%?$/;

export class Amount {
  private constructor(
    readonly value: D,
    readonly exp: number,
  ) {}

  static of(value: Decimal.Value, exp: number): Amount {
    return new Amount(new D(value).toDecimalPlaces(exp, D.ROUND_HALF_UP), exp);
  }

  static zero(exp = 0): Amount {
    return new Amount(new D(0), exp);
  }

  /** Parses GOBL's text form; the number of decimals written is the amount's scale. */
  static parse(text: string): Amount {
    if (!AMOUNT_PATTERN.test(text)) throw new RangeError(`not an amount: ${JSON.stringify(text)}`);
    const decimals = text.split('.')[1];
    return new Amount(new D(text), decimals ? decimals.length : 0);
  }

  /** Same value at another scale, rounding half away from zero when places are dropped. */
  rescale(exp: number): Amount {
    return exp === this.exp ? this : Amount.of(this.value, exp);
  }

  /** Only ever adds places. */
  rescaleUp(exp: number): Amount {
    return exp > this.exp ? this.rescale(exp) : this;
  }

  /** Only ever drops places. */
  rescaleDown(exp: number): Amount {
    return exp < this.exp ? this.rescale(exp) : this;
  }

  matchPrecision(other: Amount): Amount {
    return this.rescaleUp(other.exp);
  }

  /** The result keeps this amount's scale: GOBL rounds the other operand to it first. */
  add(other: Amount): Amount {
    return new Amount(this.value.plus(other.rescale(this.exp).value), this.exp);
  }

  subtract(other: Amount): Amount {
    return new Amount(this.value.minus(other.rescale(this.exp).value), this.exp);
  }

  /** The exact product, rounded to this amount's scale. */
  multiply(other: Amount): Amount {
    return Amount.of(this.value.times(other.value), this.exp);
  }

  /** The quotient rounded to this amount's scale, worked in integers so no intermediate rounding creeps in. */
  divide(other: Amount): Amount {
    if (other.value.isZero()) return Amount.zero(this.exp);
    const scale = new D(10).pow(this.exp);
    const numerator = this.value.times(scale);
    const quotient = numerator.div(other.value);
    const truncated = quotient.trunc();
    const remainder = numerator.minus(truncated.times(other.value)).abs().times(2);
    const away = remainder.gte(other.value.abs()) ? (quotient.isNegative() ? -1 : 1) : 0;
    return new Amount(truncated.plus(away).div(scale), this.exp);
  }

  negate(): Amount {
    return new Amount(this.value.negated(), this.exp);
  }

  isZero(): boolean {
    return this.value.isZero();
  }

  equals(other: Amount): boolean {
    return this.value.equals(other.value);
  }

  compare(other: Amount): number {
    return this.value.comparedTo(other.value);
  }

  toString(): string {
    return this.value.toFixed(this.exp);
  }

  toJSON(): string {
    return this.toString();
  }
}

/** A percentage kept as its factor ("21.0%" is 0.210 with three places), printed back with the `%`. */
export class Percentage {
  private constructor(readonly amount: Amount) {}

  static parse(text: string): Percentage {
    if (!PERCENTAGE_PATTERN.test(text)) throw new RangeError(`not a percentage: ${JSON.stringify(text)}`);
    if (!text.endsWith('%')) return new Percentage(Amount.parse(text));
    const written = Amount.parse(text.slice(0, -1));
    return new Percentage(Amount.of(written.value.div(100), written.exp + 2));
  }

  /** `value` is the factor: 0.21 for 21%. */
  static of(value: Decimal.Value, exp: number): Percentage {
    return new Percentage(Amount.of(value, exp));
  }

  /** The share of an amount, at that amount's scale. */
  of(amount: Amount): Amount {
    return amount.multiply(this.amount);
  }

  /** 1 + the rate, as used to take an included tax out of a price. */
  factor(): Amount {
    return this.amount.add(Amount.of(1, 0));
  }

  /** What part of a tax-inclusive amount is the tax. */
  from(amount: Amount): Amount {
    return amount.subtract(amount.divide(this.factor()));
  }

  isZero(): boolean {
    return this.amount.isZero();
  }

  equals(other: Percentage): boolean {
    return this.amount.equals(other.amount);
  }

  /** As GOBL prints it: two places fewer than the factor has, so 0.210 is "21.0%" and 0.21 is "21%". */
  toString(): string {
    const places = Math.max(this.amount.exp - 2, 0);
    return `${this.amount.value.times(100).toFixed(places, D.ROUND_HALF_UP)}%`;
  }

  toJSON(): string {
    return this.toString();
  }
}
