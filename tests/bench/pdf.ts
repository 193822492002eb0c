// The invoice PDF's render time, in the bench's own process: a 10-line class A invoice (GOBL's standard
// example with ten lines at two rates), stamped as accepted, rendered by `renderInvoicePdf` after a
// warm-up (fonts parsed, code compiled). `npx tsx tests/bench/pdf.ts` prints the figures alone.
import { performance } from 'node:perf_hooks';
import { renderInvoicePdf } from '@/lib/gov-ar/pdf/render-invoice';
import { invoiceWithLines, issueInvoice } from '@/tests/support/issued-invoices';
import { percentile } from '@/tests/bench/validation';

export interface PdfRenderTimes {
  p50Ms: number;
  p99Ms: number;
  iterations: number;
  bytes: number;
}

export async function measurePdfRender(iterations = 200, warmup = 30, lines = 10): Promise<PdfRenderTimes> {
  const input = { envelope: issueInvoice(invoiceWithLines(lines)).envelope };
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < warmup + iterations; i++) {
    const started = performance.now();
    bytes = (await renderInvoicePdf(input)).length;
    if (i >= warmup) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50Ms: percentile(times, 50), p99Ms: percentile(times, 99), iterations, bytes };
}

if (process.argv[1]?.endsWith('pdf.ts')) {
  void (async () => {
    for (const lines of [10, 60]) {
      const times = await measurePdfRender(200, 30, lines);
      const figure =
        lines === 10
          ? `pdf_ms_p50 ${times.p50Ms.toFixed(2)} (target ≤ 50, ${times.p50Ms <= 50 ? 'pass' : 'FAIL'}); `
          : '';
      console.log(
        `pdf render, ${lines} lines: ${figure}p50 ${times.p50Ms.toFixed(2)} ms, p99 ${times.p99Ms.toFixed(2)} ms (${times.iterations} runs, ${times.bytes} bytes)`,
      );
    }
  })();
}
