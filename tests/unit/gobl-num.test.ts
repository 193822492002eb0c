// GOBL's amounts and percentages: scale kept as GOBL keeps it, rounding half away from zero, text printed as
// GOBL prints it. Each row was worked out from GOBL's `num` package and checked against its examples.
import { describe, expect, it } from 'vitest';
import { Amount, Percentage } from '@/lib/gobl/num';

describe('Amount', () => {
  it.each([
    ['450000.00', '450000.00'],
    ['10', '10'],
    ['-3.5', '-3.5'],
    ['0.000', '0.000'],
  ])('keeps the places it was written with: %s', (text, printed) => {
    expect(Amount.parse(text).toString()).toBe(printed);
  });

  it.each(['', '1,5', '1.2.3', '1e5', ' 1', 'NaN', '0.1234567890123456789'])('refuses %j', (text) => {
    expect(() => Amount.parse(text)).toThrow(RangeError);
  });

  it.each([
    ['2.345', 2, '2.35'],
    ['2.344', 2, '2.34'],
    ['-2.345', 2, '-2.35'],
    ['0.5', 0, '1'],
    ['-0.5', 0, '-1'],
    ['7', 2, '7.00'],
  ])('rescales %s to %d places half away from zero: %s', (text, exp, expected) => {
    expect(Amount.parse(text).rescale(exp).toString()).toBe(expected);
  });

  it('adds at its own scale, rounding the other operand first (as GOBL does)', () => {
    expect(Amount.parse('1.00').add(Amount.parse('0.005')).toString()).toBe('1.01');
    expect(Amount.parse('1.000').add(Amount.parse('0.005')).toString()).toBe('1.005');
  });

  it('multiplies to its own scale', () => {
    expect(Amount.parse('450000.0000').multiply(Amount.parse('10')).toString()).toBe('4500000.0000');
    expect(Amount.parse('77530.8600').multiply(Amount.parse('5')).toString()).toBe('387654.3000');
    expect(Amount.parse('0.33').multiply(Amount.parse('0.5')).toString()).toBe('0.17');
  });

  it('divides exactly to its own scale', () => {
    expect(Amount.parse('387654.3000').divide(Amount.parse('1.210')).toString()).toBe('320375.4545');
    expect(Amount.parse('1.00').divide(Amount.parse('3')).toString()).toBe('0.33');
    expect(Amount.parse('2.00').divide(Amount.parse('3')).toString()).toBe('0.67');
    expect(Amount.parse('-2.00').divide(Amount.parse('3')).toString()).toBe('-0.67');
    expect(Amount.parse('0.05').divide(Amount.parse('10')).toString()).toBe('0.01');
  });

  it('never passes through a binary float', () => {
    expect(Amount.parse('0.1').add(Amount.parse('0.2')).toString()).toBe('0.3');
    expect(Amount.parse('123456789012345.67').add(Amount.parse('0.01')).toString()).toBe('123456789012345.68');
  });
});

describe('Percentage', () => {
  it.each([
    ['21%', '21%'],
    ['21.0%', '21.0%'],
    ['10.5%', '10.5%'],
    ['0%', '0%'],
    ['3.5%', '3.5%'],
    ['100%', '100%'],
    ['0.21', '21%'],
  ])('%s prints as %s', (text, printed) => {
    expect(Percentage.parse(text).toString()).toBe(printed);
  });

  it('compares by value', () => {
    expect(Percentage.parse('21%').equals(Percentage.parse('21.0%'))).toBe(true);
  });

  it("takes its share at the amount's scale", () => {
    expect(Percentage.parse('21.0%').of(Amount.parse('370375.4545')).toString()).toBe('77778.8454');
    expect(Percentage.parse('10.5%').of(Amount.parse('500000.00')).toString()).toBe('52500.00');
  });

  it('finds the tax inside a tax-inclusive amount', () => {
    expect(Percentage.parse('21%').from(Amount.parse('121.00')).toString()).toBe('21.00');
  });
});
