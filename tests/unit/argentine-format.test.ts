// Amounts, quantities, percentages, dates and voucher numbers the way an Argentine invoice prints them,
// from GOBL's decimal strings (never through a float: 18-digit amounts keep every digit).
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDecimal,
  formatMoney,
  formatPercent,
  formatPrice,
  formatQuantity,
  formatVoucherNumber,
} from '@/lib/gov-ar/pdf/format';

describe('formatMoney', () => {
  it.each([
    ['1234567.89', '$ 1.234.567,89'],
    ['0.00', '$ 0,00'],
    ['0', '$ 0,00'],
    ['5', '$ 5,00'],
    ['100.5', '$ 100,50'],
    ['999.999', '$ 1.000,00'],
    ['0.994', '$ 0,99'],
    ['0.995', '$ 1,00'],
    ['-1500.00', '-$ 1.500,00'],
    ['-0.001', '$ 0,00'],
    ['5445000.00', '$ 5.445.000,00'],
    ['123456789012345678.99', '$ 123.456.789.012.345.678,99'],
    ['000120.10', '$ 120,10'],
  ])('%s → %s', (amount, printed) => {
    expect(formatMoney(amount)).toBe(printed);
  });

  it.each([
    ['1000.00', 'USD', 'US$ 1.000,00'],
    ['12.30', 'EUR', '€ 12,30'],
    ['1', 'CLP', 'CLP 1,00'],
  ])('%s %s → %s', (amount, currency, printed) => {
    expect(formatMoney(amount, currency)).toBe(printed);
  });

  it.each(['1,234.56', '1e5', 'NaN', '', ' 1.00', '12.'])('refuses %j', (text) => {
    expect(() => formatMoney(text)).toThrow(RangeError);
  });
});

describe('prices, quantities and percentages', () => {
  it.each([
    [formatPrice('450000.00'), '450.000,00'],
    [formatPrice('18150.0000'), '18.150,00'],
    [formatPrice('0.125'), '0,125'],
    [formatPrice('1.10500000'), '1,105'],
    [formatPrice('1.1234567'), '1,123457'],
    [formatQuantity('10'), '10'],
    [formatQuantity('1000'), '1.000'],
    [formatQuantity('2.50'), '2,5'],
    [formatPercent('21.0%'), '21 %'],
    [formatPercent('10.5%'), '10,5 %'],
    [formatPercent('3.5'), '3,5 %'],
    [formatPercent('0%'), '0 %'],
    [formatDecimal('25123456', 0), '25.123.456'],
  ])('%s is %s', (printed, expected) => {
    expect(printed).toBe(expected);
  });
});

describe('dates and numbers', () => {
  it.each([
    ['2026-11-24', '24/11/2026'],
    ['20250115', '15/01/2025'],
  ])('%s → %s', (date, printed) => {
    expect(formatDate(date)).toBe(printed);
  });

  it.each(['24/11/2026', '2026-1-2', ''])('refuses the date %j', (date) => {
    expect(() => formatDate(date)).toThrow(RangeError);
  });

  it.each([
    ['1', '42', '00001-00000042'],
    ['0003', '00000789', '00003-00000789'],
    [99998, 12345678, '99998-12345678'],
  ])('point of sale %s, number %s → %s', (pointOfSale, number, printed) => {
    expect(formatVoucherNumber(pointOfSale, number)).toBe(printed);
  });
});
