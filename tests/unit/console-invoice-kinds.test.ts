// The console names every voucher it lists by its kind and letter, exports (E) and tourism (T) by the names
// the authority gives them, offers each type in its filter, and links the PDF of a Sent one as of any other.
import { describe, expect, it } from 'vitest';
import {
  VOUCHER_TYPE_OPTIONS,
  pdfPath,
  printedNumber,
  voucherKind,
  voucherTypeCode,
  type InvoiceEntry,
} from '@/lib/console/invoice';

function entry(type: string, letter: string, docType: string, status = 'Sent'): InvoiceEntry {
  return {
    id: '0190a3f0-0000-7000-8000-000000000001',
    folder: 'invoices',
    status,
    data: {
      doc: {
        type,
        series: '2',
        code: '00000042',
        tax: { ext: { 'ar-arca-doc-letter': letter, 'ar-arca-doc-type': docType } },
      },
    },
    meta: [],
    created_at: '2026-11-27T10:00:00.000Z',
    updated_at: '2026-11-27T10:00:00.000Z',
  };
}

describe('the console names E and T vouchers', () => {
  it.each([
    ['standard', 'B', '6', 'Invoice B'],
    ['credit-note', 'A', '3', 'Credit note A'],
    ['standard', 'E', '19', 'Export invoice E'],
    ['debit-note', 'E', '20', 'Export debit note E'],
    ['credit-note', 'E', '21', 'Export credit note E'],
    ['standard', 'T', '195', 'Tourism invoice T'],
    ['debit-note', 'T', '196', 'Tourism debit note T'],
    ['credit-note', 'T', '197', 'Tourism credit note T'],
  ])('%s of letter %s (type %s) is "%s"', (type, letter, docType, name) => {
    const invoice = entry(type, letter, docType);
    expect(voucherKind(invoice)).toBe(name);
    expect(voucherTypeCode(invoice)).toBe(docType);
    expect(printedNumber(invoice)).toBe('00002-00000042');
  });

  it('offers every type of E and T in the filter, named as the list names them', () => {
    const options = new Map(VOUCHER_TYPE_OPTIONS);
    expect(options.get('19')).toBe('Export invoice E (19)');
    expect(options.get('20')).toBe('Export debit note E (20)');
    expect(options.get('21')).toBe('Export credit note E (21)');
    expect(options.get('195')).toBe('Tourism invoice T (195)');
    expect(options.get('196')).toBe('Tourism debit note T (196)');
    expect(options.get('197')).toBe('Tourism credit note T (197)');
    expect(options.get('6')).toBe('Invoice B (6)');
    expect(options.size).toBe(VOUCHER_TYPE_OPTIONS.length);
  });

  it('links the PDF of a Sent E or T voucher, and of none before', () => {
    expect(pdfPath(entry('standard', 'E', '19'))).toBe('/silo/v1/entries/0190a3f0-0000-7000-8000-000000000001/pdf');
    expect(pdfPath(entry('standard', 'T', '195'))).toBe('/silo/v1/entries/0190a3f0-0000-7000-8000-000000000001/pdf');
    expect(pdfPath(entry('standard', 'E', '19', 'Processing'))).toBeUndefined();
  });
});
