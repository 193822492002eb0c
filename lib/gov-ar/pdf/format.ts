// How an Argentine invoice writes numbers and dates: `1.234.567,89` (points group thousands, a comma
// before the decimals), `$ 1.234.567,89`, `24/11/2026`, `00001-00000042`. Worked on the decimal strings
// GOBL stores, digit by digit, so no amount ever passes through a binary float.
import { AMOUNT_PATTERN } from '@/lib/gobl/num';

const CURRENCY_SYMBOLS: Record<string, string> = { ARS: '$', USD: 'US$', EUR: '€', BRL: 'R$' };

/** `"-1234567.891"` → `{ negative: true, whole: "1234567", fraction: "891" }`; refuses anything else. */
function splitDecimal(text: string) {
  if (!AMOUNT_PATTERN.test(text)) throw new RangeError(`not a decimal: ${JSON.stringify(text)}`);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  return { negative, whole: whole.replace(/^0+(?=\d)/, ''), fraction };
}

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** Carries one unit into a string of digits (`"0999"` → `"1000"`), for rounding half up by hand. */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let at = out.length - 1; at >= 0; at--) {
    if (out[at] !== '9') {
      out[at] = String(Number(out[at]) + 1);
      return out.join('');
    }
    out[at] = '0';
  }
  return `1${out.join('')}`;
}

/**
 * A decimal with at least `minPlaces` and at most `maxPlaces` decimals (half away from zero beyond them,
 * as GOBL rounds), thousands grouped: `formatDecimal("1234567.8", 2)` → `1.234.567,80`.
 */
export function formatDecimal(text: string, minPlaces: number, maxPlaces = minPlaces): string {
  let { negative, whole, fraction } = splitDecimal(text);
  if (fraction.length > maxPlaces) {
    const roundUp = Number(fraction[maxPlaces]) >= 5;
    fraction = fraction.slice(0, maxPlaces);
    if (roundUp) {
      const carried = incrementDigits(whole + fraction);
      whole = carried.slice(0, carried.length - maxPlaces) || '0';
      fraction = carried.slice(carried.length - maxPlaces);
    }
  }
  fraction = fraction.replace(/0+$/, '').padEnd(minPlaces, '0');
  const isZero = /^0*$/.test(whole + fraction);
  const sign = negative && !isZero ? '-' : '';
  return `${sign}${groupThousands(whole)}${fraction ? `,${fraction}` : ''}`;
}

/** Money as printed: the currency's symbol and two decimals, `$ 1.234.567,89` (`-$ 10,00` below zero). */
export function formatMoney(text: string, currency = 'ARS'): string {
  const symbol = CURRENCY_SYMBOLS[currency] ?? currency;
  const number = formatDecimal(text, 2);
  return number.startsWith('-') ? `-${symbol} ${number.slice(1)}` : `${symbol} ${number}`;
}

/** A unit price: two decimals, or as many as it was given with (up to six), `1.250,125`. */
export const formatPrice = (text: string) => formatDecimal(text, 2, 6);

/** A quantity as given, without padding: `1.000`, `2,5`. */
export const formatQuantity = (text: string) => formatDecimal(text, 0, 6);

/** A percentage as GOBL prints it (`"10.5%"`) the Argentine way: `10,5 %`. */
export function formatPercent(text: string): string {
  return `${formatDecimal(text.replace(/%$/, ''), 0, 4)} %`;
}

/** `2026-11-24` or `20261124` → `24/11/2026`. */
export function formatDate(date: string): string {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`not a date: ${JSON.stringify(date)}`);
  return `${match[3]}/${match[2]}/${match[1]}`;
}

/** The voucher's number as the authority prints it: point of sale in five digits, number in eight. */
export function formatVoucherNumber(pointOfSale: string | number, number: string | number): string {
  return `${String(Number(pointOfSale)).padStart(5, '0')}-${String(Number(number)).padStart(8, '0')}`;
}
