// The CAEA's calendar, as the authority's rules set it (docs/contingency.md cites each): a CAEA belongs to one
// fortnight of a month (`Periodo` yyyymm, `Orden` 1 = days 1-15, 2 = day 16 to the month's end), may be asked
// from 5 calendar days before its fortnight starts until the fortnight's last day, and the vouchers issued
// under it are informed from the day after the fortnight starts until 30 calendar days after it ends. Dates
// are the service's yyyymmdd, in Argentina's calendar. Both sides of the wire use these: the emulator to
// refuse, our side to ask on time.

export type FortnightHalf = 1 | 2;

export interface Fortnight {
  /** yyyymm */
  period: number;
  half: FortnightHalf;
}

/** How many calendar days before its fortnight a CAEA may be asked (manual, FECAEASolicitar, 15006). */
const REQUEST_DAYS_AHEAD = 5;
/** How many calendar days after its fortnight's end its vouchers may still be informed (RG 2926, art. 6). */
const REPORT_DAYS_AFTER = 30;

const DAY_MS = 86_400_000;

const toDate = (yyyymmdd: string) =>
  new Date(Date.UTC(Number(yyyymmdd.slice(0, 4)), Number(yyyymmdd.slice(4, 6)) - 1, Number(yyyymmdd.slice(6, 8))));
const toText = (date: Date) => date.toISOString().slice(0, 10).replace(/-/g, '');

/** yyyymmdd plus (or minus) whole calendar days. */
const shiftDays = (yyyymmdd: string, days: number) => toText(new Date(toDate(yyyymmdd).getTime() + days * DAY_MS));

/** Whether `period` is a real yyyymm (a month 01-12 of a four-digit year). */
export function isPeriod(period: number): boolean {
  const month = period % 100;
  return Number.isInteger(period) && period >= 100_001 && period <= 999_912 && month >= 1 && month <= 12;
}

export const isHalf = (value: number): value is FortnightHalf => value === 1 || value === 2;

/** FchVigDesde and FchVigHasta: the fortnight's first and last day. */
export function fortnightDays({ period, half }: Fortnight): { first: string; last: string } {
  const year = Math.floor(period / 100);
  const month = period % 100;
  const monthEnd = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = (value: number) => `${period}${String(value).padStart(2, '0')}`;
  return half === 1 ? { first: day(1), last: day(15) } : { first: day(16), last: day(monthEnd) };
}

/** The fortnight a day (yyyymmdd) falls in. */
export function fortnightOf(yyyymmdd: string): Fortnight {
  return { period: Number(yyyymmdd.slice(0, 6)), half: Number(yyyymmdd.slice(6, 8)) <= 15 ? 1 : 2 };
}

/** The fortnight after this one. */
export function nextFortnight({ period, half }: Fortnight): Fortnight {
  if (half === 1) return { period, half: 2 };
  const month = period % 100;
  return month === 12 ? { period: period - 11 + 100, half: 1 } : { period: period + 1, half: 1 };
}

/** The days (inclusive) on which FECAEASolicitar grants this fortnight's CAEA. */
export function requestWindow(fortnight: Fortnight): { opens: string; closes: string } {
  const { first, last } = fortnightDays(fortnight);
  return { opens: shiftDays(first, -REQUEST_DAYS_AHEAD), closes: last };
}

/** Whether a CAEA for this fortnight may be asked on `today`. */
export function mayRequest(fortnight: Fortnight, today: string): boolean {
  const { opens, closes } = requestWindow(fortnight);
  return today >= opens && today <= closes;
}

/** FchTopeInf: the last day on which the fortnight's vouchers may be informed. */
export const reportDeadline = (fortnight: Fortnight) => shiftDays(fortnightDays(fortnight).last, REPORT_DAYS_AFTER);

/** The first day on which a voucher under the fortnight's CAEA may be informed (the day after it starts). */
export const firstReportDay = (fortnight: Fortnight) => shiftDays(fortnightDays(fortnight).first, 1);
