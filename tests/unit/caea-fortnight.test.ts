// The CAEA's calendar (docs/contingency.md R1, R3, R6, R7): fortnights and their days, the window in which a
// CAEA may be asked, the last day to inform its vouchers, and the fortnight a day falls in.
import { describe, expect, it } from 'vitest';
import {
  firstReportDay,
  fortnightDays,
  fortnightOf,
  isHalf,
  isPeriod,
  mayRequest,
  nextFortnight,
  reportDeadline,
  requestWindow,
} from '@/lib/ar/arca/caea-fortnight';

describe('fortnights', () => {
  it.each([
    [{ period: 201011, half: 1 }, '20101101', '20101115'],
    [{ period: 202611, half: 2 }, '20261116', '20261130'],
    [{ period: 202602, half: 2 }, '20260216', '20260228'],
    [{ period: 202802, half: 2 }, '20280216', '20280229'],
    [{ period: 202612, half: 2 }, '20261216', '20261231'],
  ] as const)('%o runs from %s to %s', (fortnight, first, last) => {
    expect(fortnightDays(fortnight)).toEqual({ first, last });
  });

  it.each([
    ['20261101', { period: 202611, half: 1 }],
    ['20261115', { period: 202611, half: 1 }],
    ['20261116', { period: 202611, half: 2 }],
    ['20261231', { period: 202612, half: 2 }],
  ] as const)('%s falls in %o', (day, fortnight) => {
    expect(fortnightOf(day)).toEqual(fortnight);
  });

  it('the next fortnight crosses months and years', () => {
    expect(nextFortnight({ period: 202611, half: 1 })).toEqual({ period: 202611, half: 2 });
    expect(nextFortnight({ period: 202611, half: 2 })).toEqual({ period: 202612, half: 1 });
    expect(nextFortnight({ period: 202612, half: 2 })).toEqual({ period: 202701, half: 1 });
  });

  it.each([
    [202611, true],
    [202600, false],
    [202613, false],
    [20261, false],
    [2026111, false],
  ])('Periodo %i is yyyymm: %s (15004)', (period, valid) => {
    expect(isPeriod(period)).toBe(valid);
  });

  it.each([
    [1, true],
    [2, true],
    [0, false],
    [3, false],
  ])('Orden %i is 1 or 2: %s (15005)', (half, valid) => {
    expect(isHalf(half)).toBe(valid);
  });
});

describe('asking a CAEA (15006): from 5 calendar days before the fortnight until its last day', () => {
  const second = { period: 202611, half: 2 } as const;

  it('the window of 16-30 November opens on the 11th and closes on the 30th', () => {
    expect(requestWindow(second)).toEqual({ opens: '20261111', closes: '20261130' });
  });

  it.each([
    ['20261110', false],
    ['20261111', true],
    ['20261116', true],
    ['20261130', true],
    ['20261201', false],
  ])('on %s: %s', (today, allowed) => {
    expect(mayRequest(second, today)).toBe(allowed);
  });

  it('the first fortnight of January opens in December', () => {
    expect(requestWindow({ period: 202701, half: 1 })).toEqual({ opens: '20261227', closes: '20270115' });
  });
});

describe('informing its vouchers (R6, R7): from the day after it starts until 30 days after it ends', () => {
  it("is the manual's example: 1-15 November 2010 is informed by 15 December", () => {
    expect(reportDeadline({ period: 201011, half: 1 })).toBe('20101215');
  });

  it('a fortnight ending on the 28th of February is informed by 30 March', () => {
    expect(reportDeadline({ period: 202602, half: 2 })).toBe('20260330');
  });

  it('may be informed from the day after the fortnight starts', () => {
    expect(firstReportDay({ period: 202611, half: 2 })).toBe('20261117');
    expect(firstReportDay({ period: 202612, half: 1 })).toBe('20261202');
  });
});
