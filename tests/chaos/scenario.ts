// One chaos pass, start to verdict: the processes (cluster.ts), two workspaces registering the same CUIT,
// invoices issued by many clients over `issueSeconds` while, all at once and by the seed's choices, the
// emulator's faults are set, app processes are SIGKILLed and started again, one workspace's certificate
// lapses and is renewed, invoices whose job failed are issued again, and once, a third of the way in, the
// authority is down for longer than the workflows' patience (contingency: invoices issued under the CAEA);
// then the faults are cleared, the app settles (failures that came late are issued again once, and it settles
// again), the vouchers issued under the CAEA are informed, and the two books are reconciled. The CLI (run.ts) and CI's test (tests/server/chaos.test.ts) both run this.
import fs from 'node:fs';
import path from 'node:path';
import { inPool } from '@/tests/bench/http';
import { readAuthorityBook, readOurInvoices } from '@/tests/chaos/books';
import { startCluster, type ChaosCluster, type Storage } from '@/tests/chaos/cluster';
import {
  chooseFault,
  clearFaults,
  FAULT_KINDS,
  injectFault,
  outage,
  type FaultKind,
} from '@/tests/chaos/fault-injector';
import { planInvoices, type PlannedInvoice } from '@/tests/chaos/invoice-plan';
import { issueInvoice, listInvoices, reissueFailed } from '@/tests/chaos/issuing';
import { seededChance, type Chance } from '@/tests/chaos/random';
import { reconcile, type Reconciliation } from '@/tests/chaos/reconcile';
import { resilientApi, type CallTally, type ResilientApi } from '@/tests/chaos/resilient-api';
import {
  addCaeaPointOfSale,
  CHAOS_CUIT,
  CONTINGENCY_PATIENCE_SECONDS,
  registeredWorkspace,
  renewCertificate,
  revokeCertificate,
  type ChaosWorkspace,
} from '@/tests/chaos/suppliers';

export interface ChaosSettings {
  storage: Storage;
  invoices: number;
  clients: number;
  seed: number;
  /** How long the invoices take to be handed in, spread evenly: the chaos needs time to happen. */
  issueSeconds: number;
  /**
   * The harness's control: the same issuing and reconciliation with no faults, kills or lapse (invoices in
   * Error are still issued again). A mismatch here is the harness's or a defect that needs no chaos.
   */
  calm?: boolean;
  /** How long the app may take, faults cleared, until no invoice is in doubt. */
  settleSeconds: number;
  /** Epoch ms after which every call gives up: the pass's bound in time. */
  deadline: number;
  log: (line: string) => void;
}

export interface ChaosTallies extends CallTally {
  planned: number;
  stored: number;
  jobs: number;
  reissued: number;
  /** Invoices planned a day late, and how many of them the re-issuer corrected after a refusal. */
  late: number;
  corrected: number;
  faults: Record<FaultKind, number>;
  /** The long outage (the authority down past the workflows' patience): 1 in a chaos pass. */
  outages: number;
  /** Seconds after settling until every voucher issued under the CAEA was informed (null: not all were). */
  reportedInSeconds: number | null;
  kills: number;
  lapses: number;
  renewals: number;
  /** What the clients saw refused (a store or a job), by status and code. */
  refusals: Record<string, number>;
  settledInSeconds: number | null;
}

export interface ChaosPassResult {
  label: string;
  seed: number;
  seconds: number;
  tallies: ChaosTallies;
  reconciliation?: Reconciliation;
  /** What kept the pass from running to the end (a process that would not start, the deadline). */
  harnessErrors: string[];
  pass: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How much longer than the workflows' patience the long outage lasts. */
const OUTAGE_BEYOND_PATIENCE_SECONDS = 8;

/** Whether today (Argentina) is a fortnight's first day, when no voucher under its CAEA may be informed (1414). */
const isFortnightsFirstDay = () => [1, 16].includes(new Date(Date.now() - 3 * 3_600_000).getUTCDate());

/**
 * Polls until every Sent invoice issued under the CAEA is in the authority's book (informed); the seconds it
 * took, or null when it did not within `seconds` (the reconciliation then names each one not informed).
 */
async function untilCaeaReported(
  client: ResilientApi,
  emulatorUrl: string,
  workspaces: ChaosWorkspace[],
  plan: PlannedInvoice[],
  seconds: number,
): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < seconds * 1000) {
    const ours = await readOurInvoices(client, workspaces, plan);
    const book = new Set(
      (await readAuthorityBook(emulatorUrl, CHAOS_CUIT))
        .filter((voucher) => voucher.caea)
        .map((voucher) => `${voucher.point_of_sale}/${voucher.voucher_type}/${voucher.number}`),
    );
    const unreported = ours.filter(
      (invoice) =>
        invoice.status === 'Sent' &&
        invoice.caeas.length > 0 &&
        !book.has(`${invoice.pointOfSale}/${invoice.voucherType}/${invoice.number}`),
    );
    if (unreported.length === 0) return Math.round((Date.now() - started) / 1000);
    await sleep(2_000);
  }
  return null;
}

/** An actor's loop: `act` after each pause the actor's chance draws, until `stopped()` (checked every 100 ms). */
async function every(stopped: () => boolean, pauseMs: () => number, act: () => Promise<void>) {
  while (!stopped()) {
    const until = Date.now() + pauseMs();
    while (Date.now() < until && !stopped()) await sleep(100);
    if (!stopped()) await act();
  }
}

export const storageLabel = (storage: Storage) =>
  storage.kind === 'postgres' ? 'PostgreSQL, two app processes' : 'embedded PGlite, one app process';

export async function runChaosPass(settings: ChaosSettings): Promise<ChaosPassResult> {
  const started = Date.now();
  const label = `${storageLabel(settings.storage)}${settings.calm ? ', calm (no faults, kills or lapse)' : ''}`;
  const chance = seededChance(settings.seed);
  const tallies: ChaosTallies = {
    planned: settings.invoices,
    stored: 0,
    jobs: 0,
    reissued: 0,
    late: 0,
    corrected: 0,
    faults: Object.fromEntries(FAULT_KINDS.map((kind) => [kind, 0])) as Record<FaultKind, number>,
    outages: 0,
    reportedInSeconds: null,
    kills: 0,
    lapses: 0,
    renewals: 0,
    retries: 0,
    serverErrors: 0,
    refusals: {},
    settledInSeconds: null,
  };
  const harnessErrors: string[] = [];
  const log = (line: string) => settings.log(`[chaos ${((Date.now() - started) / 1000).toFixed(1)}s] ${line}`);
  let cluster: ChaosCluster | undefined;
  let reconciliation: Reconciliation | undefined;
  try {
    log(`${label}: starting the authority and our processes`);
    cluster = await startCluster(settings.storage);
    const client = resilientApi(cluster, settings.deadline, tallies);
    const firstApp = cluster.appUrls()[0]!;
    await addCaeaPointOfSale(cluster.emulatorUrl);
    const workspaces = [
      await registeredWorkspace(firstApp, cluster.emulatorUrl, 'one'),
      await registeredWorkspace(firstApp, cluster.emulatorUrl, 'two'),
    ];
    log(`two workspaces registered CUIT ${CHAOS_CUIT}, each with its own certificate`);
    const plan = planInvoices(chance.fork('plan'), settings.invoices, workspaces.length);

    await issueUnderChaos(settings, cluster, client, workspaces, plan, chance, tallies, harnessErrors, log);

    await clearFaults(cluster.emulatorUrl);
    log('faults cleared; waiting for the app to settle');
    tallies.settledInSeconds = await settle(client, workspaces, plan, settings.settleSeconds);
    // Failures that came late (behind the faults and kills) get their second chance too, then settle again;
    // not when the app did not settle, since new jobs would then run while the books are read.
    const late =
      tallies.settledInSeconds === null
        ? 0
        : await reissueFailed(client, workspaces, plan, chance.fork('late reissues'), 0.5);
    if (late > 0 && tallies.settledInSeconds !== null) {
      log(`${late} invoices in Error issued again by a new job; settling again`);
      tallies.reissued += late;
      const again = await settle(client, workspaces, plan, settings.settleSeconds);
      tallies.settledInSeconds = again === null ? null : tallies.settledInSeconds + again;
    }
    log(
      tallies.settledInSeconds === null
        ? `not settled within ${settings.settleSeconds} s`
        : `settled in ${tallies.settledInSeconds} s`,
    );
    const caeaReportsDue = !isFortnightsFirstDay();
    if (tallies.settledInSeconds !== null && caeaReportsDue) {
      tallies.reportedInSeconds = await untilCaeaReported(
        client,
        cluster.emulatorUrl,
        workspaces,
        plan,
        settings.settleSeconds,
      );
      log(
        tallies.reportedInSeconds === null
          ? `vouchers issued under the CAEA not all informed within ${settings.settleSeconds} s`
          : `vouchers issued under the CAEA informed in ${tallies.reportedInSeconds} s`,
      );
    }
    reconciliation = reconcile(
      await readOurInvoices(client, workspaces, plan),
      await readAuthorityBook(cluster.emulatorUrl, CHAOS_CUIT),
      { caeaReportsDue },
    );
    if (tallies.outages > 0 && reconciliation.underCaea === 0)
      reconciliation.findings.push({
        sequence: 'contingency',
        entryIds: [],
        problem: 'the authority was down past the patience, yet no invoice was issued under the CAEA',
      });
    for (const invoice of plan) {
      if (invoice.stored) tallies.stored++;
      if (invoice.late) tallies.late++;
      if (invoice.corrected) tallies.corrected++;
      tallies.jobs += invoice.jobIds.length;
      for (const refusal of invoice.refusals) tallies.refusals[refusal] = (tallies.refusals[refusal] ?? 0) + 1;
    }
  } catch (error) {
    harnessErrors.push(error instanceof Error ? error.message : String(error));
  } finally {
    if (harnessErrors.length && cluster) log(`last output of the processes:\n${cluster.logs().slice(-4_000)}`);
    await cluster?.stop();
    // CHAOS_LOGS=<dir> keeps every process's whole output of the pass (the app's and the authority's), to read a failure.
    if (process.env.CHAOS_LOGS && cluster) {
      const file = path.join(process.env.CHAOS_LOGS, `${label.replace(/[^a-z0-9]+/gi, '-')}-${settings.seed}.log`);
      fs.mkdirSync(process.env.CHAOS_LOGS, { recursive: true });
      fs.writeFileSync(file, cluster.logs());
      log(`the processes' output: ${file}`);
    }
  }
  return {
    label,
    seed: settings.seed,
    seconds: Math.round((Date.now() - started) / 1000),
    tallies,
    reconciliation,
    harnessErrors,
    pass: harnessErrors.length === 0 && reconciliation !== undefined && reconciliation.findings.length === 0,
  };
}

async function issueUnderChaos(
  settings: ChaosSettings,
  cluster: ChaosCluster,
  client: ResilientApi,
  workspaces: ChaosWorkspace[],
  plan: PlannedInvoice[],
  chance: Chance,
  tallies: ChaosTallies,
  harnessErrors: string[],
  log: (line: string) => void,
) {
  let stopped = false;
  const isStopped = () => stopped || Date.now() > settings.deadline;
  const guard = (actor: string) => (error: unknown) => {
    harnessErrors.push(`${actor}: ${error instanceof Error ? error.message : String(error)}`);
  };
  const faults = chance.fork('faults');
  const kills = chance.fork('kills');
  const lapses = chance.fork('lapses');
  const reissues = chance.fork('reissues');
  const issueMs = settings.issueSeconds * 1000;

  const chaos = !settings.calm;
  const start = Date.now();
  const actors = [
    every(
      () => !chaos || isStopped(),
      () => faults.int(700, 2_500),
      async () => {
        const fault = chooseFault(faults);
        await injectFault(cluster.emulatorUrl, fault);
        tallies.faults[fault.fault]++;
      },
    ).catch(guard('fault injector')),
    every(
      () => !chaos || isStopped(),
      () => kills.int(3_000, 7_000),
      async () => {
        const index = kills.int(0, cluster.appCount - 1);
        log(`SIGKILL app process ${index + 1}`);
        tallies.kills++;
        await cluster.killAndRestart(index);
      },
    ).catch(guard('killer')),
    every(
      () => !chaos || isStopped(),
      () => lapses.int(Math.round(issueMs * 0.2), Math.round(issueMs * 0.4)),
      async () => {
        const workspace = workspaces[1]!;
        log(`workspace ${workspace.label}: its certificate lapses (revoked at the portal)`);
        await revokeCertificate(cluster.emulatorUrl, workspace);
        tallies.lapses++;
        await sleep(lapses.int(2_000, 6_000));
        await renewCertificate(client, cluster.emulatorUrl, workspace, tallies.lapses, settings.deadline);
        tallies.renewals++;
        log(`workspace ${workspace.label}: renewed with a new certificate`);
      },
    ).catch(guard('certificate lapse')),
    (async () => {
      // The long outage, once, a third of the way in: queued invoices outlast their patience.
      if (!chaos) return;
      const at = start + Math.round(issueMs / 3);
      while (Date.now() < at && !isStopped()) await sleep(100);
      if (isStopped()) return;
      const seconds = CONTINGENCY_PATIENCE_SECONDS + OUTAGE_BEYOND_PATIENCE_SECONDS;
      log(`the authority is down for ${seconds} s (past the workflows' patience of ${CONTINGENCY_PATIENCE_SECONDS} s)`);
      await injectFault(cluster.emulatorUrl, outage(seconds));
      tallies.outages++;
    })().catch(guard('outage')),
    every(
      isStopped,
      () => reissues.int(3_000, 6_000),
      async () => {
        const reissued = await reissueFailed(client, workspaces, plan, reissues, 0.5);
        tallies.reissued += reissued;
      },
    ).catch(guard('re-issuer')),
  ];

  await inPool(plan, settings.clients, async (invoice, index) => {
    const due = start + (index * issueMs) / plan.length;
    if (due > Date.now()) await sleep(due - Date.now());
    if (Date.now() > settings.deadline) return;
    await issueInvoice(client, workspaces[invoice.workspace]!, invoice);
  }).catch(guard('issuing clients'));
  stopped = true;
  await Promise.all(actors);
  log(
    `issuing done: ${plan.filter((invoice) => invoice.jobIds.length).length} invoices given a job, ` +
      `${tallies.kills} kills, ${Object.values(tallies.faults).reduce((a, b) => a + b, 0)} faults`,
  );
}

/**
 * Polls until no invoice is Processing and the last job of every invoice has ended (completed or failed:
 * an invoice's status alone cannot tell a new job's Error from the one before it); the seconds it took, or
 * null when it did not within `seconds`.
 */
async function settle(
  client: ResilientApi,
  workspaces: ChaosWorkspace[],
  plan: PlannedInvoice[],
  seconds: number,
): Promise<number | null> {
  const started = Date.now();
  const ended = new Set<string>();
  const jobEnded = async (invoice: PlannedInvoice) => {
    const jobId = invoice.jobIds.at(-1);
    if (!jobId || ended.has(jobId)) return true;
    const token = workspaces[invoice.workspace]!.apiKey;
    const job = await client.call('GET', `/transform/v1/jobs/${jobId}`, { token });
    // A job whose create never reached us (404) was never made: nothing to wait for.
    if (job.status === 404 || ['completed', 'failed'].includes(job.body?.status)) ended.add(jobId);
    return ended.has(jobId);
  };
  while (Date.now() - started < seconds * 1000) {
    const entries = (await Promise.all(workspaces.map((workspace) => listInvoices(client, workspace)))).flat();
    let settled = !entries.some((entry) => entry.status === 'Processing');
    for (const invoice of plan) if (settled && !(await jobEnded(invoice))) settled = false;
    if (settled) return Math.round((Date.now() - started) / 1000);
    await sleep(1_000);
  }
  return null;
}
