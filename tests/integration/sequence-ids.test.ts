// A sequence's id by its key, kept per process once known (lib/gov-ar/invoices/sequence-ids.ts): every invoice
// after a sequence's first is queued without reading the sequence.
import { describe, expect, it } from 'vitest';
import { captureQueries } from '@/lib/db/query-log';
import { ensureSequence } from '@/lib/gov-ar/invoices/issuance-queries';
import { sequenceIdOf } from '@/lib/gov-ar/invoices/sequence-ids';
import { freshCuit } from '@/tests/support/scenario';

describe("a sequence's id", () => {
  it('is the sequence made on first use, then known without a statement', async () => {
    const key = { environment: 'sandbox' as const, cuit: freshCuit(), pointOfSale: 7, docType: 6 };
    const first = await captureQueries(() => sequenceIdOf(key));
    expect(first.queries.length).toBeGreaterThan(0);
    expect(first.result).toBe((await ensureSequence(key)).id);
    const again = await captureQueries(() => sequenceIdOf(key));
    expect(again).toEqual({ result: first.result, queries: [] });
  });

  it('is its own for each environment, CUIT, point of sale and voucher type', async () => {
    const key = { environment: 'sandbox' as const, cuit: freshCuit(), pointOfSale: 8, docType: 6 };
    const ids = await Promise.all(
      [
        key,
        { ...key, environment: 'live' as const },
        { ...key, cuit: freshCuit() },
        { ...key, pointOfSale: 9 },
        { ...key, docType: 1 },
      ].map(async (each) => [await sequenceIdOf(each), (await ensureSequence(each)).id]),
    );
    for (const [kept, stored] of ids) expect(kept).toBe(stored);
    expect(new Set(ids.map(([kept]) => kept)).size).toBe(5);
  });
});
