// The chaos run's verdict rests on reconcile(): each way our book and the authority's can disagree is named
// with its sequence, number and invoice, and books that agree give no finding at all.
import { describe, expect, it } from 'vitest';
import { reconcile, type AuthorityVoucher, type OurInvoice } from '@/tests/chaos/reconcile';

const invoice = (number: number, changes: Partial<OurInvoice> = {}): OurInvoice => ({
  workspace: 'one',
  entryId: `e${number}`,
  status: 'Sent',
  pointOfSale: 1,
  voucherType: 6,
  number,
  caes: [`7000000000000${number}`],
  caeas: [],
  issueDate: '2026-11-27',
  payable: '121.00',
  hasJob: true,
  ...changes,
});
const voucher = (number: number, changes: Partial<AuthorityVoucher> = {}): AuthorityVoucher => ({
  point_of_sale: 1,
  voucher_type: 6,
  number,
  number_to: number,
  cae: `7000000000000${number}`,
  date: '2026-11-27',
  total: '121',
  ...changes,
});

describe('reconcile', () => {
  it('finds nothing when every voucher is one Sent invoice, and counts Error and queued invoices', () => {
    const result = reconcile(
      [
        invoice(1),
        invoice(2),
        invoice(0, { entryId: 'refused', status: 'Error', number: undefined, caes: [], errorReason: '10016' }),
        invoice(0, { entryId: 'queued', status: 'Empty', number: undefined, caes: [], hasJob: false }),
      ],
      [voucher(1), voucher(2)],
    );
    expect(result.findings).toEqual([]);
    expect(result).toMatchObject({ sent: 2, errors: 1, queued: 1, processing: 0, vouchers: 2 });
  });

  it.each([
    [
      'a voucher no invoice holds (and no invoice of its total)',
      [invoice(1)],
      [voucher(1), voucher(2, { total: '999' })],
      2,
      [],
      /no invoice of ours holds it/,
    ],
    [
      'a number two invoices hold',
      [invoice(1), invoice(1, { entryId: 'twin' })],
      [voucher(1)],
      1,
      ['one:e1', 'one:twin'],
      /held by 2/,
    ],
    [
      'another CAE',
      [invoice(1, { caes: ['70000000000099'] })],
      [voucher(1)],
      1,
      ['one:e1'],
      /CAE ours 70000000000099, authority's 70000000000001/,
    ],
    [
      'another total',
      [invoice(1, { payable: '242.00' })],
      [voucher(1)],
      1,
      ['one:e1'],
      /total ours 242.00, authority's 121/,
    ],
    ['another date', [invoice(1, { issueDate: '2026-11-26' })], [voucher(1)], 1, ['one:e1'], /date ours 2026-11-26/],
    [
      'a Sent invoice the authority does not hold',
      [invoice(1), invoice(2)],
      [voucher(1)],
      2,
      ['one:e2'],
      /holds no voucher/,
    ],
    [
      'two CAE stamps',
      [invoice(1, { caes: ['70000000000001', '70000000000002'] })],
      [voucher(1)],
      1,
      ['one:e1'],
      /2 CAE and CAEA stamps/,
    ],
    [
      'an invoice still in doubt',
      [invoice(1, { status: 'Processing', caes: [] })],
      [],
      1,
      ['one:e1'],
      /still Processing/,
    ],
    [
      'an Error without a reason',
      [invoice(1, { status: 'Error', caes: [] })],
      [],
      1,
      ['one:e1'],
      /without the authority's reason/,
    ],
    [
      "a gap in the authority's numbers",
      [invoice(1), invoice(3)],
      [voucher(1), voucher(3)],
      3,
      ['one:e3'],
      /not contiguous: 3 follows 1/,
    ],
  ] as const)('names %s with its sequence, number and invoice', (_, ours, book, number, entryIds, problem) => {
    const { findings } = reconcile([...ours], [...book]);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ sequence: 'PoS 1 type 6', number, entryIds: [...entryIds] });
    expect(findings[0]!.problem).toMatch(problem);
  });

  it('names the invoice a voucher nobody holds most likely belongs to: ours of that sequence with its total', () => {
    const { findings } = reconcile(
      [invoice(1), invoice(2, { entryId: 'again', payable: '242.00' })],
      [voucher(1), voucher(2, { total: '242' }), voucher(3, { total: '242' })],
    );
    expect(findings).toEqual([
      {
        sequence: 'PoS 1 type 6',
        number: 3,
        entryIds: ['one:again'],
        problem:
          'authorised at the authority (CAE 70000000000003, total 242) but no invoice of ours holds it; same total as one:again (Sent as number 2)',
      },
    ]);
  });

  it('keeps sequences apart: the same number on another point of sale or type is another voucher', () => {
    const result = reconcile(
      [invoice(1), invoice(1, { entryId: 'pos2', pointOfSale: 2 }), invoice(1, { entryId: 'a', voucherType: 1 })],
      [voucher(1), voucher(1, { point_of_sale: 2 }), voucher(1, { voucher_type: 1 })],
    );
    expect(result.findings).toEqual([]);
    expect(result.sequences).toEqual(['PoS 1 type 1', 'PoS 1 type 6', 'PoS 2 type 6']);
  });

  describe('vouchers issued under a CAEA', () => {
    const CAEA = '31470000000001';
    const underCaea = (number: number, changes: Partial<OurInvoice> = {}) =>
      invoice(number, { pointOfSale: 90, caes: [], caeas: [CAEA], ...changes });
    const informed = (number: number, changes: Partial<AuthorityVoucher> = {}) =>
      voucher(number, { point_of_sale: 90, cae: undefined, caea: CAEA, ...changes });

    it('finds nothing when each is informed once, and counts them', () => {
      const result = reconcile([invoice(1), underCaea(1), underCaea(2)], [voucher(1), informed(1), informed(2)]);
      expect(result.findings).toEqual([]);
      expect(result).toMatchObject({ sent: 3, underCaea: 2, awaitingReport: 0 });
    });

    it('names one never informed, unless reports are not due yet (a CAEA first day)', () => {
      const { findings } = reconcile([underCaea(1), underCaea(2)], [informed(1)]);
      expect(findings).toHaveLength(1);
      expect(findings[0]).toMatchObject({ sequence: 'PoS 90 type 6', number: 2, entryIds: ['one:e2'] });
      expect(findings[0]!.problem).toMatch(/never informed/);
      const notDue = reconcile([underCaea(1), underCaea(2)], [informed(1)], { caeaReportsDue: false });
      expect(notDue.findings).toEqual([]);
      expect(notDue.awaitingReport).toBe(1);
    });

    it('names another CAEA, and an invoice stamped with both a CAE and a CAEA', () => {
      const other = reconcile([underCaea(1, { caeas: ['31470000000099'] })], [informed(1)]);
      expect(other.findings[0]!.problem).toMatch(/CAEA ours 31470000000099, authority's 31470000000001/);
      const both = reconcile([underCaea(1, { caes: ['70000000000001'] })], [informed(1)]);
      expect(both.findings[0]!.problem).toMatch(/2 CAE and CAEA stamps/);
    });
  });
});
