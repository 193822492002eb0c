// The console's invoice table (GET /console/invoices/search), issue 31: on 4,000 invoices written by SQL,
// filters by supplier (a CUIT however written, or a part of the name), status, voucher type, point of sale
// and issue dates are applied by the database, and the pages follow one another by keyset: every match
// once, newest first, each page one bounded query. Each invoice names its supplier's entry.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as invoicesRoute from '@/app/console/invoices/search/route';
import { formatCuit } from '@/lib/ar/cuit-digits';
import { getDb } from '@/lib/db/client';
import { captureQueries } from '@/lib/db/query-log';
import { call } from '@/tests/support/call';
import { createSupplier, createWorkspace, freshCuit, readyWorkspace } from '@/tests/support/scenario';

const INVOICES = 4000;
const SUPPLIERS = ['Alfa S.A.', 'Beta 100% S.R.L.', 'Gamma Servicios', 'Delta'] as const;
const STATUSES = ['Empty', 'Sent', 'Error', 'Processing', 'Sent', 'Sent', 'Error'] as const;
const TYPES = ['1', '6', '11'] as const;
const BASE_DAY = Date.UTC(2026, 0, 1);

interface Listed {
  id: string;
  status: string;
  created_at: string;
  data: { doc: { series: string; issue_date: string; supplier: { name: string; tax_id: { code: string } } } };
}
type Answer = {
  list: Listed[];
  limit: number;
  next_cursor?: string;
  supplier_entries: Record<string, string>;
  code?: string;
  fields?: Record<string, string>;
};

/** What the seed writes for invoice `i`, in JS, to count the expected matches. */
function seeded(i: number, cuits: string[]) {
  return {
    supplier: i % 4,
    cuit: cuits[i % 4]!,
    status: STATUSES[i % 7]!,
    type: TYPES[i % 3]!,
    pointOfSale: (i % 5) + 1,
    issueDate: new Date(BASE_DAY + (i % 60) * 86_400_000).toISOString().slice(0, 10),
  };
}

describe('the console invoice table on 4,000 invoices', () => {
  let workspace: Awaited<ReturnType<typeof readyWorkspace>>;
  const cuits = SUPPLIERS.map(() => freshCuit());
  const supplierIds: string[] = [];

  const search = (query: Record<string, string>) => call<Answer>(invoicesRoute.GET, { token: workspace.apiKey, query });

  /** Every page of a search, by its cursor. */
  async function allPages(query: Record<string, string>) {
    const rows: Listed[] = [];
    let pages = 0;
    let cursor: string | undefined;
    do {
      const { status, body } = await search({ ...query, limit: '100', ...(cursor ? { cursor } : {}) });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.list.length).toBeLessThanOrEqual(100);
      rows.push(...body.list);
      cursor = body.next_cursor;
      pages++;
    } while (cursor);
    return { rows, pages };
  }

  beforeAll(async () => {
    workspace = await readyWorkspace();
    // Three of the four suppliers have an entry (Delta's invoices name a CUIT the workspace has no entry for).
    for (const [at, name] of SUPPLIERS.slice(0, 3).entries()) {
      supplierIds.push(
        (await createSupplier(workspace.apiKey, { name, tax_id: { country: 'AR', code: cuits[at] } })).id,
      );
    }
    const db = await getDb();
    const names = `(array[${SUPPLIERS.map((name) => `'${name}'`).join(',')}])`;
    const codes = `(array[${cuits.map((cuit) => `'${cuit}'`).join(',')}])`;
    const statuses = `(array[${STATUSES.map((status) => `'${status}'`).join(',')}])`;
    const types = `(array[${TYPES.map((type) => `'${type}'`).join(',')}])`;
    await db.execute(
      sql.raw(`insert into entries (id, owner_id, folder, status, data, created_at, updated_at)
        select (lpad(to_hex(${Date.UTC(2026, 1, 1)}::bigint + i * 1000), 12, '0') || '7002' || '8' || lpad(to_hex(i), 15, '0'))::uuid, '${workspace.owner_id}'::uuid, 'invoices', ${statuses}[i % 7 + 1],
          jsonb_build_object('$schema', 'https://gobl.org/draft-0/envelope', 'doc', jsonb_build_object(
            '$schema', 'https://gobl.org/draft-0/bill/invoice', 'type', 'standard',
            'series', ((i % 5) + 1)::text, 'issue_date', to_char(date '2026-01-01' + (i % 60), 'YYYY-MM-DD'),
            'supplier', jsonb_build_object('name', ${names}[i % 4 + 1],
              'tax_id', jsonb_build_object('country', 'AR', 'code', ${codes}[i % 4 + 1])),
            'tax', jsonb_build_object('ext', jsonb_build_object('ar-arca-doc-type', ${types}[i % 3 + 1])),
            'totals', jsonb_build_object('payable', '121.00'))),
          timestamptz '2026-02-01' + i * interval '1 second', timestamptz '2026-02-01' + i * interval '1 second'
        from generate_series(0, ${INVOICES - 1}) as i`),
    );
    await db.execute(sql.raw('analyze entries'));
  }, 120_000);

  it('pages through everything newest first, every invoice once', async () => {
    const { rows, pages } = await allPages({});
    expect(rows).toHaveLength(INVOICES);
    expect(pages).toBe(INVOICES / 100);
    expect(new Set(rows.map((row) => row.id)).size).toBe(INVOICES);
    const times = rows.map((row) => Date.parse(row.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('combines every filter in the database and pages the matches by keyset', async () => {
    const query = {
      supplier: formatCuit(cuits[1]!),
      status: 'Sent',
      type: '006',
      point_of_sale: '3',
      from: '2026-01-10',
      to: '2026-02-10',
    };
    const expected = Array.from({ length: INVOICES }, (_, i) => seeded(i, cuits)).filter(
      (row) =>
        row.supplier === 1 &&
        row.status === 'Sent' &&
        row.type === '6' &&
        row.pointOfSale === 3 &&
        row.issueDate >= '2026-01-10' &&
        row.issueDate <= '2026-02-10',
    );
    expect(expected.length).toBeGreaterThan(0);
    const { rows } = await allPages(query);
    expect(rows).toHaveLength(expected.length);
    for (const row of rows) {
      expect(row.status).toBe('Sent');
      expect(row.data.doc.supplier.tax_id.code).toBe(cuits[1]);
      expect(row.data.doc.series).toBe('3');
    }

    // One page is one statement with the filters and the limit in it: nothing is filtered in memory.
    const { queries } = await captureQueries(() => search({ ...query, limit: '5' }));
    const listing = queries.filter((logged) => /from "entries"/i.test(logged.sql) && /limit/i.test(logged.sql));
    expect(listing[0]?.sql).toMatch(/ar-arca-doc-type/);
    expect(listing[0]?.sql).toMatch(/issue_date/);
    expect(listing[0]?.params).toContain(6);
  });

  it('finds a part of the supplier name in any case, a status, a type or dates alone', async () => {
    const byName = await allPages({ supplier: 'beta 100%' });
    expect(byName.rows).toHaveLength(INVOICES / 4);
    expect(new Set(byName.rows.map((row) => row.data.doc.supplier.name))).toEqual(new Set(['Beta 100% S.R.L.']));
    const count = (test: (row: ReturnType<typeof seeded>) => boolean) =>
      Array.from({ length: INVOICES }, (_, i) => seeded(i, cuits)).filter(test).length;
    expect((await allPages({ status: 'Error' })).rows).toHaveLength(count((row) => row.status === 'Error'));
    expect((await allPages({ type: '11' })).rows).toHaveLength(count((row) => row.type === '11'));
    expect((await allPages({ from: '2026-03-01' })).rows).toHaveLength(count((row) => row.issueDate >= '2026-03-01'));
    expect((await allPages({ to: '2026-01-01' })).rows).toHaveLength(count((row) => row.issueDate <= '2026-01-01'));
  });

  it("names each invoice's supplier entry, where the workspace has one", async () => {
    const { body } = await search({ limit: '8' });
    expect(body.supplier_entries).toEqual({
      [cuits[0]!]: supplierIds[0],
      [cuits[1]!]: supplierIds[1],
      [cuits[2]!]: supplierIds[2],
    });
  });

  it('refuses what is no filter, and another workspace sees none of these', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ status: 'Registered' }, 'status'],
      [{ type: 'B' }, 'type'],
      [{ point_of_sale: '0' }, 'point_of_sale'],
      [{ point_of_sale: 'one' }, 'point_of_sale'],
      [{ from: '2026-02-30' }, 'from'],
      [{ to: 'yesterday' }, 'to'],
      [{ supplier: 'x'.repeat(101) }, 'supplier'],
      [{ cursor: 'nonsense' }, ''],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await search(query);
      expect(status, JSON.stringify(query)).toBe(400);
      if (field) expect(Object.keys(body.fields ?? {}), JSON.stringify(query)).toContain(field);
    }
    const stranger = await createWorkspace();
    const theirs = await call<Answer>(invoicesRoute.GET, { token: stranger.api_key, query: {} });
    expect(theirs.body.list).toEqual([]);
    expect((await call(invoicesRoute.GET, {})).status).toBe(401);
  });
});
