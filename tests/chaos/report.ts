// What a chaos pass prints: its tallies, every discrepancy between the two books with where it is (sequence,
// number, invoice) and what differs, and the verdict line `chaos: PASS` or `chaos: FAIL`.
import type { ChaosPassResult } from '@/tests/chaos/scenario';

/** At most this many findings are printed per pass (the count says how many there were). */
const FINDINGS_SHOWN = 60;

export function describePass(result: ChaosPassResult): string {
  const { tallies, reconciliation: books } = result;
  const faults = Object.entries(tallies.faults)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  const refusals = Object.entries(tallies.refusals)
    .map(([what, count]) => `${what} ×${count}`)
    .join(', ');
  const lines = [
    `== chaos pass: ${result.label}, seed ${result.seed}, ${result.seconds} s`,
    `invoices: planned ${tallies.planned}, stored ${tallies.stored}, jobs ${tallies.jobs} (re-issued after a failure ${tallies.reissued}); dated a day late ${tallies.late}, corrected after a refusal ${tallies.corrected}`,
    books
      ? `our book: Sent ${books.sent}, Error ${books.errors}, queued ${books.queued}, Processing ${books.processing}; ` +
        `the authority's: ${books.vouchers} vouchers in ${books.sequences.join(', ') || 'no sequence'}`
      : 'books: not compared',
    ...Object.entries(books?.errorReasons ?? {}).map(([reason, count]) => `  in Error ×${count}: ${reason}`),
    `faults injected: ${faults}; long outages (contingency): ${tallies.outages}`,
    books
      ? `issued under the CAEA: ${books.underCaea}; informed ${tallies.reportedInSeconds === null ? 'not all' : `all, in ${tallies.reportedInSeconds} s`}` +
        `${books.awaitingReport ? `; ${books.awaitingReport} wait for tomorrow (a CAEA's first day takes no report)` : ''}`
      : 'contingency: not compared',
    `processes killed: ${tallies.kills}; certificate lapses: ${tallies.lapses}, renewals: ${tallies.renewals}`,
    `client calls made again: ${tallies.retries}; answered 500: ${tallies.serverErrors}; refused: ${refusals || 'none'}`,
    `settled: ${tallies.settledInSeconds === null ? 'no (work still in flight may show as mismatches too)' : `in ${tallies.settledInSeconds} s`}`,
    `mismatches: ${books?.findings.length ?? 'n/a'}`,
  ];
  for (const finding of books?.findings.slice(0, FINDINGS_SHOWN) ?? []) {
    lines.push(
      `  MISMATCH ${finding.sequence}${finding.number === undefined ? '' : ` number ${finding.number}`}` +
        `${finding.entryIds.length ? ` [${finding.entryIds.join(', ')}]` : ''}: ${finding.problem}`,
    );
  }
  if ((books?.findings.length ?? 0) > FINDINGS_SHOWN)
    lines.push(`  ... and ${books!.findings.length - FINDINGS_SHOWN} more`);
  for (const error of result.harnessErrors) lines.push(`  HARNESS ERROR: ${error}`);
  lines.push(`pass verdict: ${result.pass ? 'PASS' : 'FAIL'}`);
  return lines.join('\n');
}

export const verdictLine = (results: ChaosPassResult[]) =>
  `chaos: ${results.length > 0 && results.every((result) => result.pass) ? 'PASS' : 'FAIL'}`;
