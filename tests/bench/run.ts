// `npm run bench [-- --json] [-- --seconds=10 --suppliers=200 --warmup=32 --concurrency=32]`: issue #6's figures,
// measured in one run on this machine against the built app on an empty embedded database with the
// emulator, each beside its target and the baseline measured in the same run.
// `npm run bench -- --scale [--small=10000 --large=1000000]`: issue 19's instead (tests/bench/scale.ts).
// `npm run bench -- --reads [--seconds=10]`: only ping and entry reads, to weigh a change to the read path.
// `npm run bench -- --invoices [--invoices=1000 --clients=64] [--storage=embedded|postgres]`: issue 25's
// invoices_per_second alone (tests/bench/invoices.ts), on the embedded database and on PostgreSQL with one and
// two processes (BENCH_POSTGRES_URL names the server, else the local one); the whole bench runs them too, each
// on an app of its own (its emulator answers after 300 ms).
import fs from 'node:fs';
import os from 'node:os';
import {
  ensureBenchBuild,
  startBareServer,
  startBenchApp,
  type BareServer,
  type BenchApp,
} from '@/tests/bench/app-server';
import { measureRps } from '@/tests/bench/load';
import {
  createWorkspace,
  measureRegistrations,
  openLink,
  prepareSuppliers,
  supplierKey,
} from '@/tests/bench/registrations';
import { printPageJs, printReport, type Figures } from '@/tests/bench/report';
import { measureValidation } from '@/tests/bench/validation';
import { measurePageJs } from '@/tests/bench/page-js';
import { measurePingsUnderUploads } from '@/tests/bench/pings-under-uploads';
import { invoiceNumbersHold, printInvoiceReport, printProcessesReport, runInvoiceBench } from '@/tests/bench/invoices';
import { measurePdfRender } from '@/tests/bench/pdf';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const settings = {
  json: args.includes('--json'),
  seconds: option('seconds', 10),
  suppliers: option('suppliers', 200),
  warmup: option('warmup', 32),
  concurrency: option('concurrency', 32),
};
// Headers a server sets per connection or per response; the bare server gets ping's others.
const invoiceSettings = () => ({
  count: option('invoices', 1000) || 1000,
  concurrency: option('clients', 64),
  warmup: option('invoice-warmup', 64),
});
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** The wizard page's first-load JavaScript and the framework floor, nothing else (a quick check of the budget). */
async function measurePageJsOnly() {
  const app = await startBenchApp();
  try {
    const base = app.server.url;
    const workspace = await createWorkspace(base);
    const link = await openLink(base, workspace, { name: 'Ferretería El Tornillo S.R.L.', cuit: '30712345671' });
    const pass = printPageJs(
      await measurePageJs(`${base}/reg/${link.ref}`),
      await measurePageJs(`${base}/reg/${'0'.repeat(27)}`, 404),
    );
    if (!pass) process.exitCode = 1;
  } finally {
    await app.server.stop();
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (args.includes('--scale')) {
    const { runScaleBench } = await import('./scale');
    return runScaleBench({ json: settings.json, small: option('small', 10_000), large: option('large', 1_000_000) });
  }
  const reverted = await ensureBenchBuild();
  if (reverted.length) console.log(`[bench] the build rewrote ${reverted.join(', ')}: restored.`);
  if (args.some((a) => a === '--invoices' || a.startsWith('--invoices='))) return runInvoiceFigures();
  if (args.includes('--page-js')) return measurePageJsOnly();
  const loadBefore = os.loadavg()[0]!;
  let app: BenchApp | undefined;
  let bare: BareServer | undefined;
  try {
    app = await startBenchApp();
    const base = app.server.url;
    log(`app on ${base} (data ${app.dataDir}; RATE_LIMITS=off, AR_AUTHORITY=emulator)`);

    const ping = await fetch(`${base}/utils/v1/ping`);
    const pingHeaders = Object.fromEntries([...ping.headers].filter(([name]) => !PER_RESPONSE.has(name)));
    bare = await startBareServer(await ping.text(), pingHeaders);
    log('bare node:http ...');
    const bareNode = await measureRps({ url: bare.url, seconds: settings.seconds });
    log('ping ...');
    const pingRun = await measureRps({ url: `${base}/utils/v1/ping`, seconds: settings.seconds });

    const workspace = await createWorkspace(base);
    const wizardLink = await openLink(base, workspace, { name: 'Ferretería El Tornillo S.R.L.', cuit: '30712345671' });
    log('entry reads ...');
    const entryRun = await measureRps({
      url: `${base}/silo/v1/entries/${wizardLink.entryId}`,
      headers: { authorization: `Bearer ${workspace.apiKey}` },
      seconds: settings.seconds,
    });
    if (args.includes('--reads')) {
      const ratio = entryRun.rps / pingRun.rps;
      console.log(
        settings.json
          ? JSON.stringify({
              ping_rps: Math.round(pingRun.rps),
              entry_read_rps: Math.round(entryRun.rps),
              entry_read_ratio: Number(ratio.toFixed(3)),
            })
          : `ping ${Math.round(pingRun.rps)} rps, entry reads ${Math.round(entryRun.rps)} rps: ${ratio.toFixed(2)} × ping (target ≥ 0.6)`,
      );
      return;
    }
    const key = await supplierKey();
    const wizard = await measurePageJs(`${base}/reg/${wizardLink.ref}`);
    // The floor under any page of the app (React, Next's router, the root layout): an unknown link's 404.
    const framework = await measurePageJs(`${base}/reg/${'0'.repeat(27)}`, 404);
    log('certificate validation ...');
    const validation = await measureValidation();
    log('invoice PDF render ...');
    const pdf = await measurePdfRender();

    log(`preparing ${settings.warmup + settings.suppliers} suppliers at the emulator's portal (untimed) ...`);
    const prepared = await prepareSuppliers(base, key.key, settings.warmup + settings.suppliers);
    // As the HTTP figures do: the first registrations (statements prepared, code compiled) untimed.
    log(`${settings.warmup} registrations to warm up (untimed) ...`);
    await measureRegistrations(base, workspace, prepared.slice(0, settings.warmup), key, settings.concurrency);
    const suppliers = prepared.slice(settings.warmup);
    log(`registrations, ${settings.concurrency} at a time ...`);
    const registrations = await measureRegistrations(base, workspace, suppliers, key, settings.concurrency);
    log('pings while five uploads of a 4096-bit key at the PBKDF2 limit run at once ...');
    const underUploads = await measurePingsUnderUploads(base, workspace, settings.seconds);

    const figures: Figures = {
      ping_rps: pingRun.rps,
      bare_node_rps: bareNode.rps,
      entry_read_rps: entryRun.rps,
      registrations_per_second: registrations.perSecond,
      validation_ms_p50: validation.p50Ms,
      validation_ms_p99: validation.p99Ms,
      wizard_first_load_js_kb: wizard.kb,
      ping_p99_under_uploads_ms: underUploads.p99Ms,
      pdf_ms_p50: pdf.p50Ms,
    };
    printReport(figures, {
      json: settings.json,
      seconds: settings.seconds,
      warmup: settings.warmup,
      registrations,
      wizard,
      framework,
      underUploads,
      pdf,
      latency: { bare: bareNode, ping: pingRun, entry: entryRun },
      load: [loadBefore, os.loadavg()[0]!],
    });
  } finally {
    await bare?.stop();
    await app?.server.stop();
    if (app) fs.rmSync(app.dataDir, { recursive: true, force: true });
  }
  await runInvoiceFigures();
}

/** invoices_per_second on the embedded database, then on PostgreSQL with one process and with two. */
async function runInvoiceFigures() {
  const storage = args.find((a) => a.startsWith('--storage='))?.split('=')[1];
  if (storage !== 'postgres') {
    const embedded = await runInvoiceBench(invoiceSettings());
    printInvoiceReport(embedded, settings.json);
    if (!invoiceNumbersHold(embedded)) process.exitCode = 1;
  }
  if (storage === 'embedded') return;
  const serverUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
  const one = await runInvoiceBench(invoiceSettings(), { kind: 'postgres', serverUrl, processes: 1 });
  printInvoiceReport(one, settings.json);
  const two = await runInvoiceBench(invoiceSettings(), { kind: 'postgres', serverUrl, processes: 2 });
  printInvoiceReport(two, settings.json);
  printProcessesReport(one, two, settings.json);
  if (!invoiceNumbersHold(one) || !invoiceNumbersHold(two)) process.exitCode = 1;
}

const log = (message: string) => console.log(`[bench] ${message}`);

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
