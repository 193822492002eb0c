// The bench's output: a table of each figure with its target and pass/fail, the ratios to the
// baselines of the same run, and with --json a last line holding exactly the figures (plus ratios).
import os from 'node:os';
import type { LoadResult } from '@/tests/bench/load';
import type { RegistrationRun } from '@/tests/bench/registrations';
import type { PageJs } from '@/tests/bench/page-js';
import type { PingsUnderUploads } from '@/tests/bench/pings-under-uploads';
import type { PdfRenderTimes } from '@/tests/bench/pdf';

export interface Figures {
  ping_rps: number;
  bare_node_rps: number;
  entry_read_rps: number;
  registrations_per_second: number;
  validation_ms_p50: number;
  validation_ms_p99: number;
  wizard_first_load_js_kb: number;
  ping_p99_under_uploads_ms: number;
  pdf_ms_p50: number;
}

export interface RunContext {
  json: boolean;
  seconds: number;
  warmup: number;
  registrations: RegistrationRun;
  wizard: PageJs;
  framework: PageJs;
  underUploads: PingsUnderUploads;
  pdf: PdfRenderTimes;
  latency: Record<'bare' | 'ping' | 'entry', LoadResult>;
  load: [number, number];
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** Issue 17: the wizard's first load (react-hook-form and TanStack Query included) ≤ the framework floor + this, gzip. */
export const WIZARD_BUDGET_OVER_FRAMEWORK_KB = 40;

/** `npm run bench -- --page-js`: only the wizard's first-load JavaScript against its budget. */
export function printPageJs(wizard: PageJs, framework: PageJs): boolean {
  const over = wizard.kb - framework.kb;
  const pass = over <= WIZARD_BUDGET_OVER_FRAMEWORK_KB;
  console.log(
    `wizard_first_load_js_kb ${fmt(wizard.kb)} (${wizard.scripts} scripts, gzip -9) · framework_first_load_js_kb ${fmt(framework.kb)} · ` +
      `over the framework ${fmt(over)} KB, budget ≤ ${WIZARD_BUDGET_OVER_FRAMEWORK_KB}: ${pass ? 'pass' : 'FAIL'}`,
  );
  return pass;
}

export function printReport(figures: Figures, context: RunContext): void {
  const entryRatio = figures.entry_read_rps / figures.ping_rps;
  const pingRatio = figures.ping_rps / figures.bare_node_rps;
  const { registrations: reg, latency, underUploads: under } = context;
  const rows: Array<[string, string, string, boolean | undefined, string]> = [
    [
      'bare_node_rps',
      fmt(figures.bare_node_rps),
      'baseline',
      undefined,
      `p50 ${latency.bare.p50Ms} ms, p99 ${latency.bare.p99Ms} ms`,
    ],
    [
      'ping_rps',
      fmt(figures.ping_rps),
      'baseline',
      undefined,
      `${round(pingRatio, 2)} × bare node; p50 ${latency.ping.p50Ms} ms, p99 ${latency.ping.p99Ms} ms`,
    ],
    [
      'entry_read_rps',
      fmt(figures.entry_read_rps),
      '≥ 0.6 × ping',
      entryRatio >= 0.6,
      `${round(entryRatio, 2)} × ping; p50 ${latency.entry.p50Ms} ms, p99 ${latency.entry.p99Ms} ms`,
    ],
    [
      'registrations_per_second',
      fmt(figures.registrations_per_second),
      '≥ 20',
      figures.registrations_per_second >= 20,
      `${reg.completed} in ${round(reg.seconds)} s after ${context.warmup} untimed, ${reg.concurrency} at a time; link polled ${round(reg.pollsPerLink)}× per supplier (every 100 ms)`,
    ],
    [
      'validation_ms_p50',
      fmt(figures.validation_ms_p50, 2),
      '≤ 10',
      figures.validation_ms_p50 <= 10,
      'encrypted PKCS#8, 200 runs after 30 warm-up',
    ],
    ['validation_ms_p99', fmt(figures.validation_ms_p99, 2), '-', undefined, ''],
    [
      'wizard_first_load_js_kb',
      fmt(figures.wizard_first_load_js_kb),
      `≤ framework + ${WIZARD_BUDGET_OVER_FRAMEWORK_KB}`,
      figures.wizard_first_load_js_kb - context.framework.kb <= WIZARD_BUDGET_OVER_FRAMEWORK_KB,
      `${context.wizard.scripts} scripts, gzip -9, KB = 1024 B; ${fmt(context.framework.kb)} KB of it is what a 404 page loads too (framework_first_load_js_kb)`,
    ],
    [
      'ping_p99_under_uploads_ms',
      fmt(figures.ping_p99_under_uploads_ms),
      '≤ 50',
      figures.ping_p99_under_uploads_ms <= 50,
      `5 uploads at once, 4096-bit key, PBKDF2-HMAC-SHA256 × ${under.iterations}: ${under.uploads} uploads, ${under.pings} pings (one every 10 ms); p50 ${fmt(under.p50Ms)} ms; idle p99 ${fmt(under.idleP99Ms)} ms`,
    ],
    [
      'pdf_ms_p50',
      fmt(figures.pdf_ms_p50, 2),
      '≤ 50',
      figures.pdf_ms_p50 <= 50,
      `a 10-line class A invoice, ${context.pdf.iterations} renders after 30 warm-up; p99 ${fmt(context.pdf.p99Ms, 2)} ms; ${context.pdf.bytes} bytes`,
    ],
  ];
  const header: [string, string, string, string] = ['figure', 'value', 'target', 'result'];
  const cells = (row: (typeof rows)[number]): string[] => [
    row[0],
    row[1],
    row[2],
    row[3] === undefined ? '' : row[3] ? 'pass' : 'FAIL',
  ];
  const widths = header.map((_, column) => Math.max(...[header, ...rows.map(cells)].map((row) => row[column]!.length)));
  const line = (values: string[]) => values.map((value, i) => value.padEnd(widths[i] ?? 0)).join('  ');
  console.log('');
  console.log(
    `Benchmark ${new Date().toISOString()} · ${os.cpus().length} cores · Node ${process.version} · ` +
      `load average ${round(context.load[0], 2)} → ${round(context.load[1], 2)}`,
  );
  console.log(`HTTP figures: 50 connections, ${context.seconds} s after a warm-up; RATE_LIMITS=off on the app.`);
  console.log(line(header));
  for (const row of rows) console.log(`${line(cells(row))}  ${row[4]}`);
  if (context.json) {
    const rounded = Object.fromEntries(
      Object.entries(figures).map(([k, v]) => [k, round(v, k.startsWith('validation') || k.startsWith('pdf') ? 2 : 1)]),
    );
    console.log(
      JSON.stringify({
        ...rounded,
        entry_read_ratio: round(entryRatio, 3),
        ping_vs_bare_ratio: round(pingRatio, 3),
        framework_first_load_js_kb: round(context.framework.kb),
      }),
    );
  }
}

const fmt = (value: number, digits = 1) => value.toFixed(digits);
