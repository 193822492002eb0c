// `npm run bench -- --scale [--small=10000] [--large=1000000]`: issue 19's figures. A workspace of
// `small` registered suppliers (each with its job and steps, link, certificate, sealed key and
// delivered webhook; an invoice for every five) is written by SQL into a scratch PostgreSQL database
// (DATABASE_URL, else the local one), each query the product runs for each figure is captured as sent
// and timed with EXPLAIN ANALYZE (median of 9, after one untimed); then the workspace grows to
// `large` suppliers and the same is measured again. Printed side by side with the ratio; target ≤ 2.
import { Client } from 'pg';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Caller } from '@/lib/access/queries';
import { readDueCertificates } from '@/lib/gov-ar/queries';
import { admitInvoice } from '@/lib/gov-ar/invoices/admission';
import { DAY_MS, EXPIRING_WITHIN_DAYS } from '@/lib/gov-ar/certificate-record';
import { encodeCursor } from '@/lib/api/pagination';
import { deleteSecret } from '@/lib/crypto/secrets';
import { closeDb, getDb } from '@/lib/db/client';
import { captureQueries, type LoggedQuery } from '@/lib/db/query-log';
import { jobs, entries, workflows, type JobStepRow } from '@/lib/db/schema';
import { claimTask } from '@/lib/transform/queries';
import { getEntry, listEntries, listEnvelopes } from '@/lib/silo/entries';
import type { InvoiceEnvelope } from '@/lib/gov-ar/invoices/envelope';
import { claimNextStep } from '@/lib/transform/engine';
import { listJobs } from '@/lib/transform/jobs';
import { createRegistrationLink } from '@/lib/gov-ar/registration/link';
import { claimDueDelivery } from '@/lib/webhooks/queries';
import { createScratchDatabase, dropScratchDatabase } from '@/tests/support/scratch-database';
import { explain, isPlannable, type ExplainedQuery } from '@/tests/support/query-plans';
import { scaleSeedStatements, seededId } from '@/tests/support/scale-seed';
import { invoiceDoc } from '@/tests/support/invoice-docs';

const OWNER = '0190f000-0000-7000-8000-000000000001';
const WORKFLOW = '0190f000-0000-7000-8000-000000000002';
const RUNS = 9;
const TARGET_RATIO = 2;

interface Figure {
  name: string;
  issue: boolean;
  ms: number;
  buffers: number;
}

export async function runScaleBench(options: { small: number; large: number; json: boolean }): Promise<void> {
  const serverUrl = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
  const databaseUrl = await createScratchDatabase(serverUrl, 'bench_scale');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-onboarding-scale-'));
  Object.assign(process.env, { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, REGISTRATION_URL: 'https://wizard.test' });
  const client = new Client({ connectionString: databaseUrl });
  try {
    const db = await getDb(); // migrated
    await db.execute(sql`insert into workspaces (id, name, sandbox) values (${OWNER}, 'Scale', true)`);
    await db.execute(
      sql`insert into workflows (id, owner_id, name, template) values (${WORKFLOW}, ${OWNER}, 'Registration', 'ar-supplier-registration')`,
    );
    await client.connect();
    const seeded: Record<'small' | 'large', number> = { small: 0, large: 0 };
    log(`seeding ${options.small} suppliers ...`);
    seeded.small = await seed(client, 0, options.small);
    log(`${options.small} suppliers in ${(seeded.small / 1000).toFixed(1)} s; measuring ...`);
    const small = await measureAll(client, options.small);
    log(`seeding ${options.large - options.small} more suppliers ...`);
    seeded.large = await seed(client, options.small, options.large - options.small);
    log(`${options.large} suppliers in ${(seeded.large / 1000).toFixed(1)} s more; measuring ...`);
    const large = await measureAll(client, options.large);
    printScaleReport(options, small, large, seeded);
  } finally {
    await client.end().catch(() => undefined);
    await closeDb();
    await dropScratchDatabase(serverUrl, databaseUrl);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function seed(client: Client, from: number, suppliers: number): Promise<number> {
  const start = Date.now();
  for (const statement of scaleSeedStatements({ ownerId: OWNER, workflowId: WORKFLOW, from, suppliers }))
    await client.query(statement);
  return Date.now() - start;
}

/** Supplier numbers the figures use, chosen by fraction so both sizes ask for the same kind of row. */
const supplierAt = (suppliers: number, fraction: number) => Math.floor(suppliers * fraction);

async function measureAll(client: Client, suppliers: number): Promise<Figure[]> {
  const db = await getDb();
  const caller: Caller = { ownerId: OWNER, sandbox: true, via: 'api_key' };
  const one = async (kind: 'entry' | 'job' | 'secret', i: number) =>
    (await client.query(`select ${seededId(kind, i)} as id`)).rows[0].id as string;
  const halfway = async (table: 'entries' | 'jobs', folder?: string) => {
    const {
      rows: [{ count }],
    } = await client.query(
      `select count(*)::int as count from ${table} where owner_id = $1 ${folder ? 'and folder = $2' : ''}`,
      folder ? [OWNER, folder] : [OWNER],
    );
    const {
      rows: [row],
    } = await client.query(
      `select created_at, id from ${table} where owner_id = $1 ${folder ? 'and folder = $2' : ''} order by created_at, id offset ${Math.floor(count / 2)} limit 1`,
      folder ? [OWNER, folder] : [OWNER],
    );
    return encodeCursor({ createdAt: row.created_at, id: row.id });
  };
  const known = (
    await client.query(`select data->'tax_id'->>'code' as cuit from entries where id = $1`, [
      await one('entry', supplierAt(suppliers, 0.37)),
    ])
  ).rows[0].cuit as string;
  const invoice = (cuit: string) =>
    ({
      $schema: 'https://gobl.org/draft-0/envelope',
      doc: invoiceDoc(cuit),
    }) as unknown as InvoiceEnvelope;
  const jobId = await one('job', supplierAt(suppliers, 0.61));
  const [context] = await db
    .select({ job: jobs, entry: entries, workflow: workflows })
    .from(jobs)
    .innerJoin(entries, eq(entries.id, jobs.siloEntryId))
    .innerJoin(workflows, eq(workflows.id, jobs.workflowId))
    .where(eq(jobs.id, jobId));
  // A secret and an entry nothing refers to, as a renewed WSAA ticket's secret is: deleting them checks every referencing table.
  const loneSecret = (
    await client.query(
      `insert into secrets (id, owner_id, purpose, key_id, sealed) values (gen_random_uuid(), $1, 'authority_ticket', 'k', 's') returning id`,
      [OWNER],
    )
  ).rows[0].id;
  const loneEntry = (
    await client.query(
      `insert into entries (id, owner_id, folder, status, data) values (gen_random_uuid(), $1, 'suppliers', 'Empty', '{}') returning id`,
      [OWNER],
    )
  ).rows[0].id;
  await claimTask('certificate-expiry-sweep', 0); // the idle server's task check finds today's sweep done
  const entryCursor = await halfway('entries', 'suppliers');
  const envelopeCursor = await halfway('entries', 'invoices');
  const allCursor = await halfway('entries');
  const jobCursor = await halfway('jobs');
  const horizon = new Date(Date.now() + EXPIRING_WITHIN_DAYS * DAY_MS);
  const entryOfJobs = await one('entry', supplierAt(suppliers, 0.83));
  const undone = new Error('undone');
  const rolledBack = async (work: (tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) => Promise<unknown>) => {
    await db
      .transaction(async (tx) => {
        await work(tx);
        throw undone;
      })
      .catch((error: unknown) => {
        if (error !== undone) throw error;
      });
  };

  const operations: Array<[string, boolean, () => Promise<unknown>]> = [
    [
      'a deep page of GET /silo/v1/entries?folder=suppliers',
      true,
      () => listEntries(caller, { folder: 'suppliers', limit: 20, cursor: entryCursor }),
    ],
    ['a deep page of GET /silo/v1/envelopes', true, () => listEnvelopes(caller, { limit: 20, cursor: envelopeCursor })],
    ["storing an invoice: the supplier's status by CUIT, known", true, () => admitInvoice(caller, invoice(known))],
    [
      "storing an invoice: the supplier's status by CUIT, unknown",
      true,
      () => admitInvoice(caller, invoice('27999999990')).catch(() => undefined),
    ],
    [
      'the link of a job (meta_records by job_id, src, key)',
      true,
      () => createRegistrationLink({ ...context!, step: {} as JobStepRow }),
    ],
    ['GET /transform/v1/jobs?silo_entry_id=', true, () => listJobs(caller, { limit: 20, silo_entry_id: entryOfJobs })],
    ["the expiry sweep's due certificates (a page of 200)", true, () => readDueCertificates(horizon, 200)],
    ['deleting one sealed secret', true, () => rolledBack((tx) => deleteSecret(tx, loneSecret))],
    [
      'deleting an entry (the foreign keys to it)',
      false,
      () => rolledBack((tx) => tx.execute(sql`delete from entries where id = ${loneEntry}`)),
    ],
    [
      'a deep page of GET /silo/v1/entries (every folder)',
      false,
      () => listEntries(caller, { limit: 20, cursor: allCursor }),
    ],
    ['a deep page of GET /transform/v1/jobs', false, () => listJobs(caller, { limit: 20, cursor: jobCursor })],
    [
      'the first page of GET /silo/v1/entries?folder=suppliers',
      false,
      () => listEntries(caller, { folder: 'suppliers', limit: 20 }),
    ],
    ['GET /silo/v1/entries/{id}', false, async () => getEntry(caller, await one('entry', supplierAt(suppliers, 0.5)))],
    ['idle step runner: a step claim (every second)', false, () => claimNextStep()],
    ['idle webhook sender: a delivery claim (every second)', false, () => claimDueDelivery()],
    [
      "idle periodic tasks: the sweep's claim (every minute)",
      false,
      () => claimTask('certificate-expiry-sweep', 24 * 3600_000),
    ],
  ];
  const figures: Figure[] = [];
  for (const [name, issue, operation] of operations) {
    const { queries } = await captureQueries(operation);
    figures.push({
      name,
      issue,
      ...(await timeQueries(
        client,
        queries.filter((q) => isPlannable(q.sql)),
      )),
    });
  }
  return figures;
}

/** The median over RUNS of the queries' summed execution time (EXPLAIN ANALYZE, triggers included). */
async function timeQueries(client: Client, queries: LoggedQuery[]): Promise<{ ms: number; buffers: number }> {
  const runs: { ms: number; buffers: number }[] = [];
  for (let run = 0; run <= RUNS; run++) {
    let ms = 0;
    let buffers = 0;
    for (const query of queries) {
      const explained: ExplainedQuery = await explain(client, query, { analyze: true });
      ms += explained.executionMs ?? 0;
      buffers += (explained.plan['Shared Hit Blocks'] ?? 0) + (explained.plan['Shared Read Blocks'] ?? 0);
    }
    if (run > 0) runs.push({ ms, buffers });
  }
  runs.sort((a, b) => a.ms - b.ms);
  return runs[Math.floor(runs.length / 2)]!;
}

function printScaleReport(
  options: { small: number; large: number; json: boolean },
  small: Figure[],
  large: Figure[],
  seededMs: Record<'small' | 'large', number>,
) {
  const label = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n));
  const rows = small.map((figure, i) => {
    const other = large[i]!;
    const ratio = other.ms / Math.max(figure.ms, 0.001);
    return {
      name: figure.name,
      issue: figure.issue,
      small: figure.ms,
      large: other.ms,
      ratio,
      buffers: [figure.buffers, other.buffers],
      pass: ratio <= TARGET_RATIO,
    };
  });
  const head = [
    'figure (ms of database time, EXPLAIN ANALYZE, median of 9)',
    label(options.small),
    label(options.large),
    'ratio',
    'buffers',
    `≤ ${TARGET_RATIO}`,
  ];
  const body = rows.map((row) => [
    `${row.issue ? '' : '(+) '}${row.name}`,
    row.small.toFixed(3),
    row.large.toFixed(3),
    row.ratio.toFixed(2),
    `${row.buffers[0]} → ${row.buffers[1]}`,
    row.pass ? 'pass' : 'FAIL',
  ]);
  const widths = head.map((_, c) => Math.max(...[head, ...body].map((cells) => cells[c]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${body.map(line).join('\n')}`);
  console.log(
    `\n(+) not in the issue's table. Seeding by generate_series: ${label(options.small)} suppliers in ${(seededMs.small / 1000).toFixed(1)} s, ` +
      `${label(options.large - options.small)} more in ${(seededMs.large / 1000).toFixed(1)} s. ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}.`,
  );
  const failed = rows.filter((row) => !row.pass);
  console.log(
    failed.length === 0
      ? `Every figure within ${TARGET_RATIO}×.`
      : `${failed.length} figure(s) above ${TARGET_RATIO}×.`,
  );
  if (options.json)
    console.log(JSON.stringify({ small: options.small, large: options.large, seeded_ms: seededMs, figures: rows }));
}

const log = (message: string) => console.log(`[bench --scale] ${message}`);
