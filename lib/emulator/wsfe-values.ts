// WSFEv1's values read and written as its .NET service does: integers that must parse (else the whole
// request is unreadable), doubles kept exact as fixed-point bigints and written without padding (`122`,
// `5.25`), and dates as yyyymmdd on Argentina's calendar.
import { isoDate } from '@/lib/ar/arca/voucher-date';
import { SoapFaultError } from '@/lib/emulator/soap';

/**
 * What ASMX answers when a number does not parse: a soap:Client fault, nothing processed. The real
 * message also gives the line and column, which the parsed request no longer knows.
 */
function unreadableRequest(): SoapFaultError {
  return new SoapFaultError({
    code: 'soap:Client',
    message:
      'Server was unable to read request. ---> There is an error in XML document. ---> ' +
      'Input string was not in a correct format.',
    detail: '',
  });
}

const INTEGER_LIMITS = { short: 32_767, int: 2_147_483_647, long: Number.MAX_SAFE_INTEGER } as const;

/** An xs:int/long/short element: absent is 0 (the deserializer's default), present must parse. */
export function readInteger(value: unknown, type: keyof typeof INTEGER_LIMITS = 'int'): number {
  if (value === undefined) return 0;
  const text = typeof value === 'string' ? value.trim() : '';
  if (!/^[+-]?\d{1,19}$/.test(text)) throw unreadableRequest();
  const number = Number(text);
  if (Math.abs(number) > INTEGER_LIMITS[type]) throw unreadableRequest();
  return number;
}

/** An optional integer (minOccurs 0): undefined when absent. */
export const readOptionalInteger = (value: unknown): number | undefined =>
  value === undefined ? undefined : readInteger(value);

/** An xs:string element: undefined when absent, trimmed text otherwise. */
export const readString = (value: unknown): string | undefined =>
  value === undefined ? undefined : typeof value === 'string' ? value : '';

/**
 * A fixed-point amount: `units` of 10^-scale. `exact` is false when the value had more decimals than
 * the scale allows (then `units` is rounded half to even, the manual's rounding).
 */
export interface Fixed {
  units: bigint;
  exact: boolean;
}

/** An xs:double element at a scale (2 for amounts, 6 for MonCotiz): absent is 0. */
export function readDouble(value: unknown, scale: number): Fixed {
  if (value === undefined) return { units: 0n, exact: true };
  const text = typeof value === 'string' ? value.trim() : '';
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,3}))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw unreadableRequest();
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  const mantissa = BigInt(`${whole}${fraction}` || '0') * (sign === '-' ? -1n : 1n);
  const shift = Number(exponent) - fraction.length + scale;
  if (shift >= 0) return { units: mantissa * 10n ** BigInt(shift), exact: true };
  const divisor = 10n ** BigInt(-shift);
  return { units: roundHalfEven(mantissa, divisor), exact: mantissa % divisor === 0n };
}

function roundHalfEven(numerator: bigint, divisor: bigint): bigint {
  const quotient = numerator / divisor;
  const remainder = numerator % divisor;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice < divisor || (twice === divisor && quotient % 2n === 0n)) return quotient;
  return quotient + (numerator < 0n ? -1n : 1n);
}

/** Fixed-point back to the service's text: `122`, `0`, `101.202`, `-5.25`. */
export function formatFixed(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

const ARGENTINA_OFFSET_MS = 3 * 3_600_000;

/** Argentina's calendar day of an instant, as yyyymmdd (UTC−3 all year since 2009). */
export function argentinaDate(at: Date): string {
  return new Date(at.getTime() - ARGENTINA_OFFSET_MS).toISOString().slice(0, 10).replace(/-/g, '');
}

/** FchProceso: yyyymmddhhmiss, Argentina time. */
export function processTimestamp(at: Date): string {
  return new Date(at.getTime() - ARGENTINA_OFFSET_MS).toISOString().slice(0, 19).replace(/[-T:]/g, '');
}

/** A real calendar date written yyyymmdd, or undefined. */
export function parseDate(text: string | undefined): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text ?? '');
  if (!match) return undefined;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10).replace(/-/g, '') === text ? date : undefined;
}

/** yyyymmdd plus (or minus) whole days. */
export function addDays(yyyymmdd: string, days: number): string {
  const date = parseDate(yyyymmdd)!;
  return new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
}

/** Whole days from `from` to `to`, both yyyymmdd. */
export const daysBetween = (from: string, to: string) =>
  Math.round((parseDate(to)!.getTime() - parseDate(from)!.getTime()) / 86_400_000);

/** FchProceso (yyyymmddhhmiss, Argentina) as an ISO 8601 UTC instant. */
export const isoTimestamp = (stamp: string) =>
  new Date(
    `${isoDate(stamp.slice(0, 8))}T${stamp.slice(8, 10)}:${stamp.slice(10, 12)}:${stamp.slice(12, 14)}.000-03:00`,
  ).toISOString();
