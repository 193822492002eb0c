// Long unbroken words in the PDF: a soft hyphen every 40 characters gives pdfkit a place to break (invisible
// mid-line), and what a cell prints is bounded, so a render grows with the text's length and no faster. A
// 5 000-character word in a discount's reason took ~7 s to render before (a 15 000-character name 8-10 s).
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '@/lib/gov-ar/pdf/render-invoice';
import { breakLongWords, MAX_PRINTED_TEXT, MAX_UNBROKEN, printable } from '@/lib/gov-ar/pdf/printable-text';
import { invoiceDoc } from '@/tests/support/invoice-docs';
import { issueInvoice } from '@/tests/support/issued-invoices';
import { flat, pdfText } from '@/tests/support/pdf-tools';

const SOFT_HYPHEN = '\u00ad';

describe('breakLongWords', () => {
  it('puts a soft hyphen every 40 characters of a longer word, and touches nothing else', () => {
    const broken = breakLongWords(`corto ${'x'.repeat(100)} fin`);
    expect(broken).toBe(`corto ${'x'.repeat(40)}${SOFT_HYPHEN}${'x'.repeat(40)}${SOFT_HYPHEN}${'x'.repeat(20)} fin`);
    expect(breakLongWords('Tornillos de 3/8" x 2" (caja de 100)')).toBe('Tornillos de 3/8" x 2" (caja de 100)');
    expect(breakLongWords('y'.repeat(MAX_UNBROKEN))).toBe('y'.repeat(MAX_UNBROKEN));
  });

  it('never splits a character written as a surrogate pair', () => {
    const emoji = '😀'.repeat(45);
    const pieces = breakLongWords(emoji).split(SOFT_HYPHEN);
    expect(pieces.map((piece) => Array.from(piece).length)).toEqual([40, 5]);
    expect(pieces.join('')).toBe(emoji);
  });

  it('bounds what a cell prints', () => {
    const printed = printable('z '.repeat(5_000));
    expect(printed.length).toBe(MAX_PRINTED_TEXT);
    expect(printed.endsWith('…')).toBe(true);
  });
});

/** An issued B invoice whose line carries a document discount with `reason`, printed as a description row. */
function invoiceWithReason(reason: string) {
  const doc = invoiceDoc('30712345671', {
    discounts: [{ reason, percent: '1%', taxes: [{ cat: 'VAT', rate: 'general' }] }],
  });
  return { envelope: issueInvoice(doc, { number: 7, cae: '75000000000007' }).envelope };
}

async function renderTime(reason: string) {
  const input = invoiceWithReason(reason);
  const started = performance.now();
  const pdf = await renderInvoicePdf(input);
  return { ms: performance.now() - started, pdf };
}

describe('a long unbroken word in the PDF', () => {
  it('renders in time that grows with its length, no faster, and prints its start', { timeout: 60_000 }, async () => {
    await renderTime('calentamiento'); // fonts parsed once per process
    const short = await renderTime('y'.repeat(500));
    const long = await renderTime('y'.repeat(5_000));
    // Before: 500 characters ~0.6 s, 5 000 ~3-7 s (quadratic). Now both take a light page's time.
    expect(long.ms).toBeLessThan(short.ms * 2 + 300);
    expect(flat(pdfText(long.pdf))).toContain('y'.repeat(40));
  });
});
