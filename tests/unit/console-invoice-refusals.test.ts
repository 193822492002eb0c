// What the console says of an invoice the authority refused (issue 31): each error explained with the
// field it concerns; "Issue again" only where issuing the same data again can succeed; the issue date the
// one correction the console makes itself.
import { describe, expect, it } from 'vitest';
import type { InvoiceEntry } from '@/lib/console/invoice';
import { issueOffer, refusalAdvice, todayInArgentina } from '@/lib/console/invoice-refusals';

function invoice(status: string, errors?: { code: string | number; message: string }[]): InvoiceEntry {
  return {
    id: '01900000-0000-7000-8000-000000000001',
    folder: 'invoices',
    status,
    data: { doc: { series: '1', issue_date: '2026-10-01' } },
    meta: errors
      ? [
          {
            id: '01900000-0000-7000-8000-000000000002',
            owner_id: '01900000-0000-7000-8000-000000000003',
            entry_id: '01900000-0000-7000-8000-000000000001',
            src: 'gov-ar',
            key: 'arca-errors',
            ref: '',
            value: errors,
            indexed: false,
            shared: false,
            created_at: '2026-11-27T10:00:00.000Z',
            updated_at: '2026-11-27T10:00:00.000Z',
          } as InvoiceEntry['meta'][number],
        ]
      : [],
    created_at: '2026-11-27T09:00:00.000Z',
    updated_at: '2026-11-27T10:00:00.000Z',
  };
}

describe('a refused invoice in the console', () => {
  it.each([
    [10016, 'data.doc.issue_date', 'issue_date', /issue date is out of step/],
    [10000, 'data.doc.tax.ext.ar-arca-doc-type', undefined, /IVA condition does not allow this voucher letter/],
    [11002, 'data.doc.series', undefined, /point of sale is not enabled/],
    ['10242', 'data.doc.customer.ext.ar-arca-vat-status', undefined, /customer's IVA condition/],
    [10023, 'data.doc.totals', undefined, /amounts do not add up/],
    [99999, 'data.doc', undefined, /correct it through the API/],
  ] as const)('explains %s, names %s, and corrects %s itself', (code, field, correction, meaning) => {
    const [advice] = refusalAdvice(invoice('Error', [{ code, message: 'Mensaje de ARCA' }]));
    expect(advice).toMatchObject({ code: String(code), said: 'Mensaje de ARCA', field });
    expect(advice!.meaning).toMatch(meaning);
    expect(advice!.correction).toBe(correction);
  });

  it('offers "Issue" for a stored invoice, "Issue again" only for an Error the authority did not explain', () => {
    expect(issueOffer(invoice('Empty'))).toBe('issue');
    expect(issueOffer(invoice('Error'))).toBe('again');
    expect(issueOffer(invoice('Error', [{ code: 10016, message: 'fecha' }]))).toBeUndefined();
    expect(issueOffer(invoice('Processing'))).toBeUndefined();
    expect(issueOffer(invoice('Sent'))).toBeUndefined();
    // Errors kept from an earlier refusal say nothing once the invoice was corrected (Empty) or sent.
    expect(refusalAdvice(invoice('Empty', [{ code: 10016, message: 'fecha' }]))).toEqual([]);
  });

  it("dates the correction in Argentina's day, not UTC's", () => {
    expect(todayInArgentina(new Date('2026-11-28T02:00:00Z'))).toBe('2026-11-27');
    expect(todayInArgentina(new Date('2026-11-28T03:00:00Z'))).toBe('2026-11-28');
  });
});
