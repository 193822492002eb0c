// The console's supplier list (GET /console/suppliers), issue 17 point 11: search by a part of the name
// (any case) or a whole CUIT (however written), filter by status, page by cursor; a name or status is
// tested on a bounded window of the owner's suppliers, so an old match is reached by the cursor; which
// links are still to use. On 20k suppliers written by SQL, each query is planned on an index.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import * as suppliersRoute from '@/app/console/suppliers/route';
import { formatCuit } from '@/lib/ar/cuit-digits';
import { SCAN_WINDOW } from '@/lib/console/supplier-search';
import { getDb } from '@/lib/db/client';
import { captureQueries } from '@/lib/db/query-log';
import { drainJobs } from '@/lib/transform/runner';
import { call } from '@/tests/support/call';
import { explain, indexesUsed, isPlannable, planOnProductDb, planProblems } from '@/tests/support/query-plans';
import { seedScale } from '@/tests/support/scale-seed';
import { findRegistration } from '@/lib/gov-ar/registration/context';
import { noteLinkOpened } from '@/lib/gov-ar/registration/link-visits';
import { upload } from '@/tests/support/registration';
import {
  createSupplier,
  createWorkspace,
  getEntry,
  freshCuit,
  readyWorkspace,
  startJob,
} from '@/tests/support/scenario';

type Listed = { id: string; status: string; data: { name: string; tax_id: { code: string } } };
type Answer = {
  list: Listed[];
  limit: number;
  next_cursor?: string;
  open_links: string[];
  making_links: string[];
  code?: string;
  fields?: Record<string, string>;
};

const search = (apiKey: string, query: Record<string, string> = {}) =>
  call<Answer>(suppliersRoute.GET, { token: apiKey, query });

const names = (list: Listed[]) => list.map((entry) => entry.data.name);

describe("searching a workspace's suppliers", () => {
  let workspace: Awaited<ReturnType<typeof readyWorkspace>>;
  const cuits = { norte: freshCuit(), sur: freshCuit(), percent: freshCuit() };
  let processingId: string;

  beforeAll(async () => {
    workspace = await readyWorkspace();
    await createSupplier(workspace.apiKey, {
      name: 'Ferreteria del Norte S.A.',
      tax_id: { country: 'AR', code: cuits.norte },
    });
    await createSupplier(workspace.apiKey, {
      name: 'FERRETERIA DEL SUR S.R.L.',
      tax_id: { country: 'AR', code: cuits.sur },
    });
    await createSupplier(workspace.apiKey, {
      name: 'Descuentos 100% S.A.',
      tax_id: { country: 'AR', code: cuits.percent },
    });
    const processing = await createSupplier(workspace.apiKey, { name: 'Ferreteria Central S.A.' });
    processingId = processing.id;
    expect((await startJob(workspace.apiKey, workspace.workflow.id, processingId)).status).toBe(202);
    await drainJobs();
  });

  it('finds a part of the name in any case, newest first', async () => {
    const { status, body } = await search(workspace.apiKey, { q: 'ferreteria DEL' });
    expect(status).toBe(200);
    expect(names(body.list)).toEqual(['FERRETERIA DEL SUR S.R.L.', 'Ferreteria del Norte S.A.']);
    expect(body.next_cursor).toBeUndefined();
  });

  it('takes % and _ as the characters they are, not as wildcards', async () => {
    expect(names((await search(workspace.apiKey, { q: '%' })).body.list)).toEqual(['Descuentos 100% S.A.']);
    expect((await search(workspace.apiKey, { q: '_' })).body.list).toEqual([]);
  });

  it('finds a whole CUIT however it is written, exactly', async () => {
    for (const q of [
      cuits.norte,
      formatCuit(cuits.norte),
      ` ${cuits.norte.slice(0, 2)} ${cuits.norte.slice(2, 10)} ${cuits.norte.slice(10)} `,
    ]) {
      expect(names((await search(workspace.apiKey, { q })).body.list), q).toEqual(['Ferreteria del Norte S.A.']);
    }
    // Ten digits are no CUIT: searched in names, where none has them.
    expect((await search(workspace.apiKey, { q: cuits.norte.slice(0, 10) })).body.list).toEqual([]);
  });

  it('filters by status, alone or with a name, and says whose link is still to use', async () => {
    const processing = await search(workspace.apiKey, { status: 'Processing' });
    expect(processing.body.list.map((entry) => entry.id)).toEqual([processingId]);
    expect(processing.body.open_links).toEqual([processingId]);
    expect(names((await search(workspace.apiKey, { status: 'Empty', q: 'ferreteria' })).body.list)).toEqual([
      'FERRETERIA DEL SUR S.R.L.',
      'Ferreteria del Norte S.A.',
    ]);
    expect((await search(workspace.apiKey, { status: 'Registered' })).body.list).toEqual([]);
    expect((await search(workspace.apiKey, { status: 'Empty', q: cuits.norte })).body.list).toHaveLength(1);
    expect((await search(workspace.apiKey, { status: 'Error', q: cuits.norte })).body.list).toEqual([]);
  });

  it('lists everything unfiltered, and pages a search by its cursor', async () => {
    const all = await search(workspace.apiKey);
    expect(all.body.list).toHaveLength(4);
    expect([all.body.open_links, all.body.making_links]).toEqual([[processingId], []]);
    const first = await search(workspace.apiKey, { q: 'ferreteria', limit: '2' });
    expect(names(first.body.list)).toEqual(['Ferreteria Central S.A.', 'FERRETERIA DEL SUR S.R.L.']);
    const second = await search(workspace.apiKey, { q: 'ferreteria', limit: '2', cursor: first.body.next_cursor! });
    expect(names(second.body.list)).toEqual(['Ferreteria del Norte S.A.']);
    expect(second.body.next_cursor).toBeUndefined();
  });

  it('says whose open job has not made its link yet, then that the link is open', async () => {
    const cuit = freshCuit();
    const fresh = await createSupplier(workspace.apiKey, {
      name: 'Ferreteria Nueva S.A.',
      tax_id: { country: 'AR', code: cuit },
    });
    expect((await startJob(workspace.apiKey, workspace.workflow.id, fresh.id)).status).toBe(202);
    const before = (await search(workspace.apiKey, { q: cuit })).body;
    expect([before.open_links, before.making_links]).toEqual([[], [fresh.id]]);
    await drainJobs();
    const after = (await search(workspace.apiKey, { q: cuit })).body;
    expect([after.open_links, after.making_links]).toEqual([[fresh.id], []]);
  });

  it('filters the stuck registrations: the link never opened, or the last upload refused (issue 31)', async () => {
    const stuck = async (query: Record<string, string> = {}) =>
      (await search(workspace.apiKey, { stuck: 'true', ...query })).body.list.map((entry) => entry.id);
    // Waiting, and the supplier never opened the link (an earlier test started another such registration).
    expect(await stuck()).toContain(processingId);
    expect((await search(workspace.apiKey)).body.list.length).toBeGreaterThan((await stuck()).length);
    expect(await stuck({ q: cuits.norte })).toEqual([]);
    expect(await stuck({ q: 'central', status: 'Processing' })).toEqual([processingId]);

    const { body } = await getEntry(workspace.apiKey, processingId);
    const ref = body.meta.find((m: { key: string }) => m.key === 'link').ref as string;
    await noteLinkOpened((await findRegistration(ref))!);
    expect(await stuck()).not.toContain(processingId);

    expect((await upload(ref, { certificate: 'not a certificate', key: 'nor a key' })).status).toBe(422);
    expect(await stuck()).toContain(processingId);
    const processingCuit = body.data.tax_id.code as string;
    expect(await stuck({ q: formatCuit(processingCuit) })).toEqual([processingId]);
    expect((await search(workspace.apiKey, { stuck: 'maybe' })).body.code).toBe('invalid_parameter');
  });

  it('refuses what is no search, and another workspace sees none of these', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ status: 'Sent' }, 'status'],
      [{ q: 'x'.repeat(101) }, 'q'],
      [{ cursor: 'nonsense' }, ''],
      [{ limit: '0' }, 'limit'],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await search(workspace.apiKey, query);
      expect(status, JSON.stringify(query)).toBe(400);
      if (field) expect(Object.keys(body.fields ?? {}), JSON.stringify(query)).toContain(field);
    }
    const stranger = await createWorkspace();
    expect((await search(stranger.api_key, { q: 'ferreteria' })).body.list).toEqual([]);
    expect((await search(stranger.api_key, { q: cuits.norte })).body.list).toEqual([]);
    expect((await call(suppliersRoute.GET, {})).status).toBe(401);
  });
});

describe('searching 20k suppliers', () => {
  const SUPPLIERS = 20_000;
  let workspace: Awaited<ReturnType<typeof readyWorkspace>>;

  beforeAll(async () => {
    workspace = await readyWorkspace();
    const db = await getDb();
    await seedScale((statement) => db.execute(sql.raw(statement)), {
      ownerId: workspace.owner_id,
      workflowId: workspace.workflow.id,
      suppliers: SUPPLIERS,
      entriesOnly: true,
    });
  }, 180_000);

  it('reads a bounded window per request: an old match comes by following the cursor', async () => {
    // "Proveedor 19000" is the 1000th newest supplier: beyond the first window, within the second.
    expect(SCAN_WINDOW).toBeLessThan(1000);
    let cursor: string | undefined;
    const found: string[] = [];
    let requests = 0;
    do {
      const { status, body } = await search(workspace.apiKey, { q: 'proveedor 19000', ...(cursor ? { cursor } : {}) });
      expect(status).toBe(200);
      found.push(...names(body.list));
      cursor = body.next_cursor;
      requests++;
    } while (cursor && found.length === 0);
    expect(found).toEqual(['Proveedor 19000']);
    expect(requests).toBe(Math.ceil(1000 / SCAN_WINDOW));
  });

  it("plans each query on an index: the CUIT on its own, a name or status on the owner's suppliers", async () => {
    const db = await getDb();
    const [known] = (
      (await db.execute(sql`select data->'tax_id'->>'code' as cuit from entries
      where owner_id = ${workspace.owner_id} and folder = 'suppliers' order by created_at offset 12345 limit 1`)) as unknown as {
        rows: { cuit: string }[];
      }
    ).rows;
    const planned = async (query: Record<string, string>) => {
      const { queries, result } = await captureQueries(() => search(workspace.apiKey, query));
      expect(result.status).toBe(200);
      const plans = await Promise.all(
        queries.filter((logged) => /from "entries"/.test(logged.sql)).map(planOnProductDb),
      );
      expect(plans.flatMap((plan) => planProblems(plan, ['entries', 'jobs', 'meta_records']))).toEqual([]);
      return { plans, result };
    };
    const byCuit = await planned({ q: known!.cuit });
    expect(byCuit.result.body.list).toHaveLength(1);
    expect(byCuit.plans.flatMap(indexesUsed)).toContain('entries_supplier_cuit');
    for (const query of [{ q: 'proveedor 1999' }, { status: 'Registered' }, {}] as Record<string, string>[]) {
      const { plans } = await planned(query);
      // Either of the owner's indexes in (created_at, id) order: here every entry of the owner is a supplier.
      expect(
        plans
          .flatMap(indexesUsed)
          .filter((index) => ['entries_owner_folder_created', 'entries_owner_created'].includes(index)),
        JSON.stringify(query),
      ).not.toEqual([]);
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'on PostgreSQL, goes through a window of rows at most, whatever it finds',
    async () => {
      const client = new Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      try {
        for (const query of [{ q: 'no such name' }, { status: 'Error' }, { q: 'proveedor 1' }] as Record<
          string,
          string
        >[]) {
          const { queries, result } = await captureQueries(() => search(workspace.apiKey, query));
          expect(result.status).toBe(200);
          const explained = [];
          for (const logged of queries.filter((q) => isPlannable(q.sql))) explained.push(await explain(client, logged));
          // planProblems' bound is 1000 rows a node; the window is half that. (Jobs and meta records are few
          // here: their lookups by entry id are planned at scale in query-plans.test.ts.)
          expect(
            explained.flatMap((plan) => planProblems(plan, ['entries'])),
            JSON.stringify(query),
          ).toEqual([]);
        }
      } finally {
        await client.end();
      }
    },
  );
});
