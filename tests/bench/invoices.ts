// Issue 16's `invoices_per_second`: type-B invoices of one registered sandbox supplier on ONE point of sale,
// each stored, given a job and read until Sent by one of `concurrency` API clients at once, against the
// built app whose emulator answers every call after AR_EMULATOR_LATENCY_MS (the real authority's order of
// magnitude). One at a time a sequence could not pass 1 / latency; batching is what the figure measures.
// Afterwards every invoice is read back: numbers 1..count with no gap or repeat, one distinct CAE each.
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { startBenchApp } from '@/tests/bench/app-server';
import { api, expectStatus, inPool, takeConnectionResets } from '@/tests/bench/http';
import { measureRps } from '@/tests/bench/load';
import { measurePdfRender } from '@/tests/bench/pdf';
import { createWorkspace, prepareSuppliers, register, supplierKey } from '@/tests/bench/registrations';
import { percentile } from '@/tests/bench/validation';

export const EMULATOR_LATENCY_MS = 300;
/** How often a client reads its invoice while waiting for Sent: an integrator's loop (a webhook would spare the reads). */
const POLL_MS = 250;

export interface InvoiceRun {
  perSecond: number;
  count: number;
  seconds: number;
  concurrency: number;
  p50Ms: number;
  p99Ms: number;
  numbersContiguous: boolean;
  distinctCaes: number;
  firstNumber: number;
  lastNumber: number;
  pollsPerInvoice: number;
  /** CPU the app's processes used per invoice while they were issued: the figure the machine's other load does not move. */
  appCpuMsPerInvoice: number;
  connectionResets: number;
  ceilings: Ceilings;
}

/**
 * What this machine can give invoices_per_second at most, from two costs every issued invoice has whatever the
 * issuing does, measured in the same run: its two requests (stored once, read at least once: on the same app,
 * with no job, its one thread saturated, so each takes 1/rate of CPU) and its PDF (kept before Sent: rendered
 * here, 1 line as the bench's invoices). Their CPU added up, over the machine's cores, is a ceiling that no
 * issuing work can lift (the issuing's own statements, the emulator and the clients only lower it).
 */
export interface Ceilings {
  storesPerSecond: number;
  readsPerSecond: number;
  /** CPU of an invoice's two requests: 1000/stores + 1000/reads. */
  requestsMs: number;
  /** CPU of one PDF, p50. */
  pdfMs: number;
  cores: number;
  /** cores × 1000 / (requestsMs + pdfMs). */
  perSecond: number;
}

/** How many invoices are stored (no job) to measure the store request alone. */
const STORES_ALONE = 300;

/** CPU time (user + system) of every process in the group so far, in ms, from /proc (Linux). */
function groupCpuMs(processGroup: number): number {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === processGroup) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** Today in Argentina (UTC−3): the authority takes goods dated within five days of it. */
const argentinaToday = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

/** A B invoice to an anonymous final consumer (or an A invoice, for the warm-up's own sequence). */
function invoice(cuit: string, letter: 'A' | 'B', i: number) {
  return {
    $schema: 'https://gobl.org/draft-0/bill/invoice',
    series: '1',
    issue_date: argentinaToday(),
    ...(letter === 'A' ? { tax: { ext: { 'ar-arca-doc-letter': 'A' } } } : {}),
    supplier: { name: 'Proveedor de Prueba 1 S.A.', tax_id: { country: 'AR', code: cuit } },
    ...(letter === 'A'
      ? {
          customer: {
            name: 'Cliente Responsable Inscripto S.A.',
            tax_id: { country: 'AR', code: '30500010912' },
            ext: { 'ar-arca-vat-status': '1' },
          },
        }
      : {}),
    lines: [
      {
        i: 1,
        quantity: String(1 + (i % 5)),
        item: { name: `Artículo ${i + 1}`, price: '100.00', key: 'goods' },
        taxes: [{ cat: 'VAT', rate: 'general' }],
      },
    ],
  };
}

interface Issued {
  entryId: string;
  ms: number;
  polls: number;
}

/** Stores an invoice entry (201, or the run fails); the stored entry. */
const storeInvoice = (baseUrl: string, apiKey: string, data: unknown): Promise<{ id: string }> =>
  expectStatus(
    api(`${baseUrl}/silo/v1/entries`, { token: apiKey, body: { folder: 'invoices', data } }),
    201,
    'store invoice',
  );

async function issueOne(baseUrl: string, apiKey: string, workflowId: string, data: unknown): Promise<Issued> {
  const entry = await storeInvoice(baseUrl, apiKey, data);
  const started = performance.now();
  await expectStatus(
    api(`${baseUrl}/transform/v1/jobs`, { token: apiKey, body: { workflow_id: workflowId, silo_entry_id: entry.id } }),
    202,
    'create job',
  );
  let polls = 0;
  for (const deadline = Date.now() + 600_000; Date.now() < deadline; await sleep(POLL_MS)) {
    polls++;
    const read = await expectStatus(
      api(`${baseUrl}/silo/v1/entries/${entry.id}`, { token: apiKey }),
      200,
      'read invoice',
    );
    if (read.status === 'Sent') return { entryId: entry.id, ms: performance.now() - started, polls };
    if (read.status === 'Error') throw new Error(`invoice ${entry.id} was refused: ${JSON.stringify(read.meta)}`);
  }
  throw new Error(`invoice ${entry.id} not Sent within 600 s`);
}

export async function measureInvoiceIssuing(
  baseUrl: string,
  options: { count: number; concurrency: number; warmup: number; processGroup: number; log: (message: string) => void },
): Promise<InvoiceRun> {
  const workspace = await createWorkspace(baseUrl);
  const key = await supplierKey();
  const [supplier] = await prepareSuppliers(baseUrl, key.key, 1);
  await register(baseUrl, workspace, supplier!, key);
  const workflow = await expectStatus(
    api(`${baseUrl}/transform/v1/workflows`, {
      token: workspace.apiKey,
      body: { template: 'ar-invoice' },
    }),
    201,
    'create invoice workflow',
  );
  const issueAll = (letter: 'A' | 'B', count: number) =>
    inPool(
      Array.from({ length: count }, (_, i) => i),
      options.concurrency,
      (i) => issueOne(baseUrl, workspace.apiKey, workflow.id, invoice(supplier!.cuit, letter, i)),
    );

  // Untimed, on another sequence (A on the same point of sale), so the B sequence starts at 1.
  options.log(`${options.warmup} A invoices to warm up (untimed) ...`);
  await issueAll('A', options.warmup);
  options.log(`${options.count} B invoices on one point of sale, ${options.concurrency} clients at a time ...`);
  takeConnectionResets();
  const cpuBefore = groupCpuMs(options.processGroup);
  const started = performance.now();
  const issued = await issueAll('B', options.count);
  const seconds = (performance.now() - started) / 1000;
  const appCpuMsPerInvoice = (groupCpuMs(options.processGroup) - cpuBefore) / options.count;
  const connectionResets = takeConnectionResets();

  const entries = await inPool(issued, 16, ({ entryId }) =>
    expectStatus(api(`${baseUrl}/silo/v1/entries/${entryId}`, { token: workspace.apiKey }), 200, 'read issued invoice'),
  );
  const numbers = entries.map((entry) => Number(entry.data.doc.code)).sort((a, b) => a - b);
  const caes = new Set(
    entries
      .map(
        (entry) =>
          (entry.data.head?.stamps as { prv: string; val: string }[] | undefined)?.find(
            (stamp) => stamp.prv === 'arca-cae',
          )?.val,
      )
      .filter(Boolean),
  );
  options.log(`the requests alone: ${STORES_ALONE} invoices stored with no job, then reads of one ...`);
  const requestsAlone = await measureRequestsAlone(baseUrl, workspace.apiKey, supplier!.cuit, options.concurrency);
  options.log('the PDF of a 1-line invoice, 100 renders after 20 ...');
  const pdfMs = (await measurePdfRender(100, 20, 1)).p50Ms;
  const cores = os.availableParallelism();
  const times = issued.map((item) => item.ms).sort((a, b) => a - b);
  return {
    perSecond: options.count / seconds,
    count: options.count,
    seconds,
    concurrency: options.concurrency,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    numbersContiguous: numbers.every((number, i) => number === i + 1),
    distinctCaes: caes.size,
    firstNumber: numbers[0] ?? 0,
    lastNumber: numbers.at(-1) ?? 0,
    pollsPerInvoice: issued.reduce((sum, item) => sum + item.polls, 0) / issued.length,
    appCpuMsPerInvoice,
    connectionResets,
    ceilings: { ...requestsAlone, pdfMs, cores, perSecond: (cores * 1000) / (requestsAlone.requestsMs + pdfMs) },
  };
}

/** Stores and reads with nothing else running (the issuing run has ended), at the issuing run's concurrency. */
async function measureRequestsAlone(
  baseUrl: string,
  apiKey: string,
  cuit: string,
  concurrency: number,
): Promise<Pick<Ceilings, 'storesPerSecond' | 'readsPerSecond' | 'requestsMs'>> {
  const started = performance.now();
  // Another point of sale's series: entries only, no number is taken.
  const stored = await inPool(
    Array.from({ length: STORES_ALONE }, (_, i) => i),
    concurrency,
    (i) => storeInvoice(baseUrl, apiKey, { ...invoice(cuit, 'B', i), series: '2' }),
  );
  const storesPerSecond = STORES_ALONE / ((performance.now() - started) / 1000);
  const reads = await measureRps({
    url: `${baseUrl}/silo/v1/entries/${stored[0]!.id}`,
    headers: { authorization: `Bearer ${apiKey}` },
    connections: concurrency,
    seconds: 5,
  });
  return {
    storesPerSecond,
    readsPerSecond: reads.rps,
    requestsMs: 1000 / storesPerSecond + 1000 / reads.rps,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The figure on an app of its own (an empty database; its emulator answering after EMULATOR_LATENCY_MS). */
export async function runInvoiceBench(options: {
  count: number;
  concurrency: number;
  warmup: number;
}): Promise<InvoiceRun> {
  // BENCH_APP_NODE_OPTIONS reaches the app alone (e.g. `--require` a script that profiles it on a signal).
  const profiling: Record<string, string> = process.env.BENCH_APP_NODE_OPTIONS
    ? { NODE_OPTIONS: process.env.BENCH_APP_NODE_OPTIONS }
    : {};
  const app = await startBenchApp({ AR_EMULATOR_LATENCY_MS: String(EMULATOR_LATENCY_MS), ...profiling });
  const log = (message: string) => console.log(`[bench] ${message}`);
  try {
    log(`app on ${app.server.url} for invoices_per_second (AR_EMULATOR_LATENCY_MS=${EMULATOR_LATENCY_MS})`);
    const run = await measureInvoiceIssuing(app.server.url, { ...options, processGroup: app.server.processGroup, log });
    log(
      app.server.output().includes('[pdf] invoice PDFs render on a worker thread')
        ? 'PDFs rendered on a worker thread'
        : 'PDFs rendered inline',
    );
    return run;
  } catch (error) {
    const exit = await Promise.race([
      app.server.exited(),
      new Promise((resolve) => setTimeout(() => resolve('still running'), 1000)),
    ]);
    console.error(`[bench] the app (exit: ${String(exit)}) last wrote:\n${app.server.output().slice(-4000)}`);
    throw error;
  } finally {
    await app.server.stop();
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  }
}

export function printInvoiceReport(run: InvoiceRun, json: boolean): void {
  const pass = run.perSecond >= 100 && run.numbersContiguous && run.distinctCaes === run.count;
  console.log('');
  console.log(
    `invoices_per_second  ${run.perSecond.toFixed(1)}  ≥ 100  ${pass ? 'pass' : 'FAIL'}  ` +
      `${run.count} type-B invoices on one point of sale in ${run.seconds.toFixed(1)} s, ${run.concurrency} clients at a time ` +
      `(store + job + read every ${POLL_MS} ms until Sent), emulator latency ${EMULATOR_LATENCY_MS} ms`,
  );
  console.log(
    `  numbers ${run.firstNumber}..${run.lastNumber} ${run.numbersContiguous ? 'contiguous' : 'NOT CONTIGUOUS'}; ` +
      `${run.distinctCaes} distinct CAEs of ${run.count}; job created → Sent p50 ${run.p50Ms.toFixed(0)} ms, p99 ${run.p99Ms.toFixed(0)} ms; ` +
      `${run.pollsPerInvoice.toFixed(1)} reads per invoice`,
  );
  console.log(
    `  the app used ${run.appCpuMsPerInvoice.toFixed(1)} ms of CPU per invoice (≤ ${(1000 / run.appCpuMsPerInvoice).toFixed(0)} invoices/s per core it gets); ` +
      `load average ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}; ${run.connectionResets} requests made again after a connection reset`,
  );
  const ceilings = run.ceilings;
  console.log(
    `  ceiling on this machine ${ceilings.perSecond.toFixed(0)}/s: every invoice costs at least ${ceilings.requestsMs.toFixed(1)} ms of CPU ` +
      `for its two requests (${ceilings.storesPerSecond.toFixed(0)} stores/s and ${ceilings.readsPerSecond.toFixed(0)} reads/s of an invoice ` +
      `on the same app, no job, ${run.concurrency} clients) and ${ceilings.pdfMs.toFixed(1)} ms for its PDF (p50), on ${ceilings.cores} cores`,
  );
  if (json) {
    console.log(
      JSON.stringify({
        invoices_per_second: Number(run.perSecond.toFixed(1)),
        invoices_numbers_contiguous: run.numbersContiguous,
        invoices_distinct_caes: run.distinctCaes,
        invoice_app_cpu_ms: Number(run.appCpuMsPerInvoice.toFixed(1)),
        invoice_sent_ms_p50: Math.round(run.p50Ms),
        invoice_sent_ms_p99: Math.round(run.p99Ms),
        invoice_stores_alone_per_second: Math.round(ceilings.storesPerSecond),
        invoice_reads_alone_per_second: Math.round(ceilings.readsPerSecond),
        invoice_requests_cpu_ms: Number(ceilings.requestsMs.toFixed(1)),
        invoice_pdf_cpu_ms: Number(ceilings.pdfMs.toFixed(1)),
        invoices_ceiling_per_second: Math.round(ceilings.perSecond),
      }),
    );
  }
}
