import { describe, expect, it } from 'vitest';
import {
  CuitSchema,
  cuitCheckDigit,
  cuitProblem,
  formatCuit,
  isValidCuit,
  normalizeCuit,
  withCheckDigit,
} from '@/lib/ar/cuit';

describe('CUIT', () => {
  it.each([
    ['30712345671', undefined],
    ['20123456786', undefined],
    ['30500000003', undefined],
    ['30712345672', 'check_digit'],
    ['3071234567', 'format'],
    ['307123456711', 'format'],
    ['3071234567a', 'format'],
    ['11712345671', 'prefix'],
    ['25123456781', 'prefix'],
  ])('%s → %s', (cuit, problem) => {
    expect(cuitProblem(cuit)).toBe(problem);
  });

  it('computes the check digit with weights 5,4,3,2,7,6,5,4,3,2, where 11 becomes 0', () => {
    expect(cuitCheckDigit('3071234567')).toBe(1);
    // 2033333333: sum 5*2+4*0+3*3+2*3+7*3+6*3+5*3+4*3+3*3+2*3 = 106; 106 mod 11 = 7; 11 - 7 = 4
    expect(cuitCheckDigit('2033333333')).toBe(4);
    const zero = Array.from({ length: 1000 }, (_, i) => `30${String(70_000_000 + i)}`).find(
      (t) => cuitCheckDigit(t) === 0,
    );
    expect(zero && isValidCuit(`${zero}0`)).toBe(true);
  });

  it('has no valid CUIT where the remainder asks for a check digit of 10', () => {
    const ten = Array.from({ length: 1000 }, (_, i) => `30${String(70_000_000 + i)}`).find(
      (t) => cuitCheckDigit(t) === undefined,
    );
    expect(ten).toBeDefined();
    for (let d = 0; d <= 9; d++) expect(isValidCuit(`${ten}${d}`)).toBe(false);
    expect(withCheckDigit(ten!)).toBeUndefined();
  });

  it('normalises hyphens, dots and spaces', () => {
    expect(normalizeCuit(' 30-71234567-1 ')).toBe('30712345671');
    expect(normalizeCuit('30.71234567.1')).toBe('30712345671');
    expect(normalizeCuit('30 71234567 1')).toBe('30712345671');
    expect(CuitSchema.parse('30-71234567-1')).toBe('30712345671');
  });

  it('formats as NN-NNNNNNNN-N', () => {
    expect(formatCuit('30712345671')).toBe('30-71234567-1');
  });

  it('explains what is wrong', () => {
    const result = CuitSchema.safeParse('30-71234567-2');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/check digit/);
  });
});
