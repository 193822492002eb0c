// Issue 19: every query the endpoints and the engine run answers from an index, in work that does not
// grow with the data. A workspace of 100k registered suppliers (each with its job, steps, link,
// certificate, sealed key and delivered webhook) and 20k invoices is written by SQL; then each
// operation runs for real, its queries are captured as the product sent them, and PostgreSQL explains
// each: no sequential scan of a large table, and no plan node going through more rows than a page
// needs. PostgreSQL pass only (the embedded database has its own check, list-page-cost.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'pg';
import * as entriesRoute from '@/app/silo/v1/entries/route';
import * as entryRoute from '@/app/silo/v1/entries/[id]/route';
import * as envelopesRoute from '@/app/silo/v1/envelopes/route';
import * as jobsRoute from '@/app/transform/v1/jobs/route';
import * as consoleSuppliersRoute from '@/app/console/suppliers/route';
import { encodeCursor } from '@/lib/api/pagination';
import { readDueCertificates } from '@/lib/gov-ar/queries';
import { caeaRowsOf, caeaRecordsOf, listCaeaSuppliers, sequencesOf } from '@/lib/gov-ar/contingency/caea-ahead-queries';
import { wantedFortnights } from '@/lib/gov-ar/contingency/caea-ahead';
import { EXPIRING_WITHIN_DAYS, DAY_MS } from '@/lib/gov-ar/certificate-record';
import { captureQueries, type LoggedQuery } from '@/lib/db/query-log';
import { runPeriodicTasks } from '@/lib/transform/periodic-tasks';
import { claimTask } from '@/lib/transform/queries';
import { findDemoLink } from '@/lib/demo/seed';
import { claimNextStep } from '@/lib/transform/engine';
import { drainJobs } from '@/lib/transform/runner';
import { claimDueDelivery } from '@/lib/webhooks/queries';
import { call } from '@/tests/support/call';
import { invoiceDoc } from '@/tests/support/invoice-docs';
import {
  buffersTouched,
  explain,
  indexesUsed,
  isPlannable,
  planProblems,
  type ExplainedQuery,
} from '@/tests/support/query-plans';
import { seedScale, seededId } from '@/tests/support/scale-seed';
import { completeRegistration, startRegistration, useEmulator } from '@/tests/support/registration';
import {
  createRegistrationWorkflow,
  createSupplier,
  freshCuit,
  getEntry,
  readyWorkspace,
  startJob,
} from '@/tests/support/scenario';

const SUPPLIERS = 100_000;
/** Tables the seed makes large; a small table (workspaces, workflows) may be read whole. */
const LARGE = ['entries', 'meta_records', 'jobs', 'job_steps', 'credentials', 'secrets', 'webhook_deliveries'];

const onPostgres = Boolean(process.env.DATABASE_URL);
let client: Client;
let workspace: Awaited<ReturnType<typeof readyWorkspace>>;

beforeAll(async () => {
  if (!onPostgres) return;
  workspace = await readyWorkspace();
  client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await seedScale((statement) => client.query(statement), {
    ownerId: workspace.owner_id,
    workflowId: workspace.workflow.id,
    suppliers: SUPPLIERS,
  });
}, 300_000);

afterAll(async () => {
  await client?.end();
});

/** Runs the operation, then explains every query it sent. */
async function explainOperation(operation: () => Promise<unknown>): Promise<ExplainedQuery[]> {
  const { queries } = await captureQueries(operation);
  return explainAll(queries);
}

async function explainAll(queries: LoggedQuery[]): Promise<ExplainedQuery[]> {
  const explained: ExplainedQuery[] = [];
  for (const query of queries.filter((q) => isPlannable(q.sql))) explained.push(await explain(client, query));
  expect(explained.length).toBeGreaterThan(0);
  return explained;
}

function expectFlat(explained: ExplainedQuery[], expectedIndexes: string[] = []) {
  const problems = explained.flatMap((query) =>
    planProblems(query, LARGE).map((problem) => `${problem}: ${query.sql}`),
  );
  expect(problems).toEqual([]);
  const used = explained.flatMap(indexesUsed);
  for (const index of expectedIndexes) expect(used).toContain(index);
}

/**
 * The cursor of the page halfway down a list: the deep page that cost most (near the end, PostgreSQL
 * could still answer the `or` form from few rows; halfway, half the table).
 */
async function cursorHalfway(folder?: string): Promise<string> {
  const {
    rows: [{ count }],
  } = await client.query(
    `select count(*)::int as count from entries where owner_id = $1 ${folder ? 'and folder = $2' : ''}`,
    folder ? [workspace.owner_id, folder] : [workspace.owner_id],
  );
  const n = Math.floor(count / 2);
  const { rows } = await client.query(
    `select created_at, id from entries where owner_id = $1 ${folder ? 'and folder = $2' : ''}
     order by created_at, id offset ${n} limit 1`,
    folder ? [workspace.owner_id, folder] : [workspace.owner_id],
  );
  return encodeCursor({ createdAt: rows[0].created_at, id: rows[0].id });
}

const invoiceOf = (cuit: string) => ({ folder: 'invoices', data: invoiceDoc(cuit) });

describe.runIf(onPostgres)('query plans with 100k suppliers', () => {
  const emulator = useEmulator();

  it('a deep page of the suppliers, by next_cursor, starts at the cursor in the index', async () => {
    const cursor = await cursorHalfway('suppliers');
    const explained = await explainOperation(async () => {
      const { status, body } = await call(entriesRoute.GET, {
        token: workspace.apiKey,
        query: { folder: 'suppliers', cursor },
      });
      expect(status).toBe(200);
      expect(body.list).toHaveLength(20);
    });
    expectFlat(explained, ['entries_owner_folder_created', 'meta_records_entry']);
  });

  it('a deep page of every entry, and of the envelopes', async () => {
    const cursor = await cursorHalfway();
    expectFlat(
      await explainOperation(async () => {
        const { status, body } = await call(entriesRoute.GET, { token: workspace.apiKey, query: { cursor } });
        expect([status, body.list?.length]).toEqual([200, 20]);
      }),
      ['entries_owner_created'],
    );
    const envelopeCursor = await cursorHalfway('invoices');
    expectFlat(
      await explainOperation(async () => {
        expect(
          (await call(envelopesRoute.GET, { token: workspace.apiKey, query: { cursor: envelopeCursor } })).body.list,
        ).toHaveLength(20);
      }),
      ['entries_owner_folder_created'],
    );
  });

  it('storing an invoice finds its supplier by CUIT, known or not', async () => {
    const {
      rows: [known],
    } = await client.query(
      `select data->'tax_id'->>'code' as cuit from entries where id = ${seededId('entry', 54_321)}`,
    );
    expectFlat(
      await explainOperation(async () => {
        const { status } = await call(entriesRoute.POST, { token: workspace.apiKey, body: invoiceOf(known.cuit) });
        expect(status).toBe(201);
      }),
      ['credentials_owner_cuit'],
    );
    expectFlat(
      await explainOperation(async () => {
        const { status, body } = await call(entriesRoute.POST, {
          token: workspace.apiKey,
          body: invoiceOf(freshCuit('20')),
        });
        expect([status, body.code]).toEqual([422, 'supplier_not_registered']);
      }),
      ['entries_supplier_cuit'],
    );
  });

  it("a new job's steps, its link and its webhook", async () => {
    const withWebhook = await createRegistrationWorkflow(workspace.apiKey, {
      webhook: { url: 'http://127.0.0.1:9/hook' },
    });
    const entry = await createSupplier(workspace.apiKey);
    const explained = await explainOperation(async () => {
      expect((await startJob(workspace.apiKey, withWebhook.id, entry.id)).status).toBe(202);
      expect(await drainJobs()).toBeGreaterThanOrEqual(4);
    });
    expectFlat(explained, ['meta_records_job_src_key', 'job_steps_claim']);
  });

  it('a whole registration, from the new job to the certificate stored and the supplier Registered', async () => {
    const entry = await createSupplier(workspace.apiKey);
    const explained = await explainOperation(async () => {
      const registration = await startRegistration({
        apiKey: workspace.apiKey,
        ownerId: workspace.owner_id,
        workflowId: workspace.workflow.id,
        entryId: entry.id,
        cuit: entry.data.tax_id.code,
        environment: 'sandbox',
      });
      await completeRegistration(emulator(), registration);
    });
    expectFlat(explained, ['meta_records_job_src_key', 'credentials_entry']);
    expect((await getEntry(workspace.apiKey, entry.id)).body.status).toBe('Registered');
  });

  it("an entry's jobs, every job, and an entry", async () => {
    const entryId = (await client.query(`select ${seededId('entry', 777)} as id`)).rows[0].id as string;
    expectFlat(
      await explainOperation(async () => {
        const { status, body } = await call(jobsRoute.GET, {
          token: workspace.apiKey,
          query: { silo_entry_id: entryId },
        });
        expect([status, body.list?.length]).toEqual([200, 1]);
      }),
      ['jobs_owner_entry_created'],
    );
    const {
      rows: [oldJob],
    } = await client.query(
      `select created_at, id from jobs where owner_id = $1 order by created_at, id offset ${SUPPLIERS / 2} limit 1`,
      [workspace.owner_id],
    );
    expectFlat(
      await explainOperation(async () => {
        const cursor = encodeCursor({ createdAt: oldJob.created_at, id: oldJob.id });
        expect((await call(jobsRoute.GET, { token: workspace.apiKey, query: { cursor } })).body.list).toHaveLength(20);
      }),
      ['jobs_owner_created'],
    );
    expectFlat(
      await explainOperation(async () => {
        expect((await call(entryRoute.GET, { token: workspace.apiKey, params: { id: entryId } })).status).toBe(200);
      }),
    );
  });

  it("the console's supplier list: by CUIT, by a name or status over a bounded window, deep, with whose links are open", async () => {
    const list = (query: Record<string, string>) => call(consoleSuppliersRoute.GET, { token: workspace.apiKey, query });
    const {
      rows: [known],
    } = await client.query(
      `select data->'tax_id'->>'code' as cuit from entries where id = ${seededId('entry', 4_321)}`,
    );
    expectFlat(
      await explainOperation(async () => {
        expect((await list({ q: known.cuit })).body.list).toHaveLength(1);
      }),
      ['entries_supplier_cuit'],
    );
    const cursor = await cursorHalfway('suppliers');
    for (const query of [
      { q: 'no such name' },
      { status: 'Error', cursor },
      { q: 'proveedor 5', cursor },
      { cursor },
    ] as Record<string, string>[]) {
      expectFlat(
        await explainOperation(async () => {
          expect((await list(query)).status).toBe(200);
        }),
      );
    }
  });

  it("the expiry sweep's due certificates, a page at a time", async () => {
    const horizon = new Date(Date.now() + EXPIRING_WITHIN_DAYS * DAY_MS);
    let firstPage: Awaited<ReturnType<typeof readDueCertificates>> = [];
    const explained = await explainOperation(async () => {
      firstPage = await readDueCertificates(horizon, 200);
      expect(firstPage).toHaveLength(200);
      expect(await readDueCertificates(horizon, 200, firstPage.at(-1)!.credential)).toHaveLength(200);
    });
    expectFlat(explained, ['credentials_status_not_after']);
  });

  it("the CAEA asked ahead: a workspace's suppliers a page at a time, and each one's CAEA, record and sequences", async () => {
    const { rows } = await client.query(
      `select cuit from credentials where owner_id = $1 order by cuit offset ${SUPPLIERS / 2} limit 1`,
      [workspace.owner_id],
    );
    const explained = await explainOperation(async () => {
      const first = await listCaeaSuppliers(workspace.owner_id, 'sandbox', { limit: 200 });
      expect(first.suppliers).toHaveLength(199); // the last CUIT may have more certificates: the next page's
      const deep = await listCaeaSuppliers(workspace.owner_id, 'sandbox', { afterCuit: rows[0].cuit, limit: 200 });
      expect(deep.suppliers).toHaveLength(199);
      // The task's reads for a page: its CAEAs, its sequences, its records of a CAEA missing.
      const cuits = deep.suppliers.map((supplier) => supplier.cuit);
      await caeaRowsOf('sandbox', cuits, wantedFortnights('20261126'));
      await sequencesOf('sandbox', cuits);
      await caeaRecordsOf(deep.suppliers.map((supplier) => supplier.credential.entryId));
    });
    expectFlat(explained, ['credentials_owner_cuit']);
  });

  it('the idle background loops: step claim, delivery claim, periodic tasks', async () => {
    await client.query(`update webhook_deliveries set status = 'failed' where status = 'pending'`); // the test above's
    await claimTask('certificate-expiry-sweep', 0); // today's sweep has run
    expectFlat(
      await explainOperation(async () => {
        expect(await claimNextStep()).toBeUndefined();
        expect(await claimDueDelivery()).toBeUndefined();
        await runPeriodicTasks(Date.now() + 3600_000);
      }),
    );
  });

  it("each start-up's look for the demo's link", async () => {
    expectFlat(await explainOperation(() => findDemoLink()));
  });

  it('deleting a secret or an entry checks each referencing table by an index', async () => {
    // What PostgreSQL runs for each foreign key when a referenced row goes (ri_triggers.c).
    const { rows: foreignKeys } = await client.query(`
      select c.conrelid::regclass::text as "table", a.attname as "column", c.confrelid::regclass::text as referenced
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid in ('secrets'::regclass, 'entries'::regclass)`);
    expect(foreignKeys.length).toBeGreaterThanOrEqual(9);
    for (const key of foreignKeys) {
      const id = (
        await client.query(`select ${seededId(key.referenced === 'secrets' ? 'secret' : 'entry', 4242)} as id`)
      ).rows[0].id;
      const check = {
        sql: `select 1 from only "${key.table}" x where $1::uuid operator(pg_catalog.=) "${key.column}" for key share of x`,
        params: [id],
      };
      const explained = await explain(client, check);
      expect(planProblems(explained, LARGE), `${key.table}.${key.column}`).toEqual([]);
      if (LARGE.includes(key.table))
        expect(indexesUsed(explained).length, `${key.table}.${key.column}`).toBeGreaterThan(0);
    }
  });

  it('claims do not slow down as dead rows of finished steps and deliveries pile up', async () => {
    // 20k steps and deliveries pass through ready/pending and on, as work does between two vacuums
    // (autovacuum is off on this server, as it may be behind on a busy one).
    await client.query(`update job_steps set status = 'ready', run_at = now() - interval '1 hour'
      where id in (select id from job_steps where status = 'completed' limit 20000)`);
    await client.query(
      `update job_steps set status = 'completed' where status = 'ready' and run_at < now() - interval '59 minutes'`,
    );
    await client.query(`update webhook_deliveries set status = 'pending', next_attempt_at = now() - interval '1 hour'
      where id in (select id from webhook_deliveries where status = 'delivered' limit 20000)`);
    await client.query(
      `update webhook_deliveries set status = 'delivered' where status = 'pending' and next_attempt_at < now() - interval '59 minutes'`,
    );
    const claims = (
      await captureQueries(async () => {
        await claimNextStep();
        await claimDueDelivery();
      })
    ).queries;
    // The first claims step over the dead entries (and mark them); the next ones do not.
    await explainAll(claims);
    for (const explained of await explainAll(claims)) expect(buffersTouched(explained), explained.sql).toBeLessThan(50);
  });
});
