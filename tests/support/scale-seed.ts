// A workspace at scale, written by SQL (generate_series), not the API: each supplier entry registered,
// with its sealed key, its registration job and steps, its link and certificate records, its
// credential and its delivered link_created webhook; plus one invoice for every five suppliers. The
// plan tests (100k), the API page check (20k) and `npm run bench -- --scale` (10k and 1M) use it.
// Rows of supplier `i` have ids made from `i`, so a later batch (`from`) extends an earlier one.

export interface ScaleSeed {
  ownerId: string;
  workflowId: string;
  /** The first supplier number of this batch (0 for a fresh workspace). */
  from?: number;
  suppliers: number;
  /** Job steps written per job: the registration template's five. */
  stepsPerJob?: number;
  /** Only the supplier entries (a list's check needs nothing else). */
  entriesOnly?: boolean;
}

/** Runs one SQL statement (PGlite through drizzle, or a pg client). */
export type RunSql = (statement: string) => Promise<unknown>;

const STEP_NAMES = [
  'silo.status.processing',
  'gov-ar.register',
  'gov-ar.wait.authorization',
  'silo.status.registered',
  'silo.status.error',
];

/** Each kind of row's id carries its own code, so the ids of one supplier's rows differ. */
const KIND_CODES = {
  entry: '001',
  invoice: '002',
  secret: '003',
  job: '004',
  link: '005',
  credential: '006',
  'certificate-record': '007',
  delivery: '008',
} as const;

/**
 * The id of supplier `i`'s row of a kind, as the seed writes it (SQL): a UUID v7 whose time is the
 * supplier's `created_at`, as the product makes them, so indexes on ids fill in order as they do in use.
 */
export const seededId = (kind: keyof typeof KIND_CODES, i: number | string) => uuidV7(`'${KIND_CODES[kind]}'`, `${i}`);
const uuidV7 = (code: string, i: string) =>
  `(lpad(to_hex(${SEED_EPOCH_MS}::bigint + (${i}) * 1000), 12, '0') || '7' || ${code} || '8' || lpad(to_hex(${i}), 15, '0'))::uuid`;
const SEED_EPOCH_MS = Date.UTC(2020, 0, 1);

/**
 * Supplier entries are one second apart from 2020-01-01, so the newest first lists put seeded rows
 * after anything a test makes through the API; invoices sit between them.
 */
export function scaleSeedStatements(seed: ScaleSeed): string[] {
  const from = seed.from ?? 0;
  const to = from + seed.suppliers - 1;
  const owner = `'${seed.ownerId}'::uuid`;
  const workflow = `'${seed.workflowId}'::uuid`;
  const series = `generate_series(${from}, ${to}) as i`;
  const at = (offsetMs: number) =>
    `timestamptz '2020-01-01 00:00:00Z' + i * interval '1 second' + interval '${offsetMs} milliseconds'`;
  const steps = STEP_NAMES.slice(0, seed.stepsPerJob ?? 5);
  // A valid CUIT for each number: 30 and eight digits with its mod-11 check digit (weights 5, 4, 3, 2,
  // 7, 6, 5, 4, 3, 2), or 33 where 30 has none (the sum then moves by 12, so the check digit is 9).
  const cuitFunction = `create or replace function scale_seed_cuit(i bigint) returns text language sql immutable as $$
      select case r when 11 then ten || '0' when 10 then '33' || substr(ten, 3) || '9' else ten || r::text end
      from (select '30' || lpad(n::text, 8, '0') as ten, 11 - (15 + 3 * (n / 10000000 % 10) + 2 * (n / 1000000 % 10)
          + 7 * (n / 100000 % 10) + 6 * (n / 10000 % 10) + 5 * (n / 1000 % 10) + 4 * (n / 100 % 10) + 3 * (n / 10 % 10) + 2 * (n % 10)) % 11 as r
        from (select i % 100000000 as n) m) t
    $$`;
  const supplierEntries = `insert into entries (id, owner_id, folder, status, data, created_at, updated_at)
      select ${seededId('entry', 'i')}, ${owner}, 'suppliers', 'Registered',
        jsonb_build_object('name', 'Proveedor ' || i, 'tax_id', jsonb_build_object('country', 'AR', 'code', scale_seed_cuit(i))),
        ${at(0)}, ${at(0)}
      from ${series}`;
  const done = ['drop function scale_seed_cuit(bigint)', 'analyze'];
  if (seed.entriesOnly) return [cuitFunction, supplierEntries, ...done];
  return [
    cuitFunction,
    supplierEntries,
    `insert into entries (id, owner_id, folder, status, data, created_at, updated_at)
      select ${seededId('invoice', 'i')}, ${owner}, 'invoices', 'Empty',
        jsonb_build_object('$schema', 'https://gobl.org/draft-0/envelope', 'doc', jsonb_build_object(
          '$schema', 'https://gobl.org/draft-0/bill/invoice', 'series', '1', 'code', lpad(i::text, 8, '0'), 'issue_date', '2026-01-02',
          'supplier', jsonb_build_object('name', 'Proveedor ' || i, 'tax_id', jsonb_build_object('country', 'AR', 'code', scale_seed_cuit(i))))),
        ${at(500)}, ${at(500)}
      from ${series} where i % 5 = 0`,
    `insert into secrets (id, owner_id, entry_id, purpose, key_id, sealed, created_at, updated_at)
      select ${seededId('secret', 'i')}, ${owner}, ${seededId('entry', 'i')}, 'certificate_private_key', 'seed', 'sealed', ${at(3)}, ${at(3)}
      from ${series}`,
    `insert into jobs (id, owner_id, workflow_id, silo_entry_id, status, "authorization", created_at, updated_at, completed_at)
      select ${seededId('job', 'i')}, ${owner}, ${workflow}, ${seededId('entry', 'i')}, 'completed',
        jsonb_build_object('credential_id', ${seededId('credential', 'i')}), ${at(1)}, ${at(5)}, ${at(5)}
      from ${series}`,
    `insert into job_steps (id, job_id, position, name, rescue, status, attempts, run_at, started_at, completed_at)
      select ${uuidV7("'1' || lpad(to_hex(p), 2, '0')", 'i')}, ${seededId('job', 'i')}, case when p = ${steps.length - 1} then 1000 else p end,
        (array[${steps.map((name) => `'${name}'`).join(', ')}])[p + 1], p = ${steps.length - 1},
        case when p = ${steps.length - 1} then 'skipped' else 'completed' end, 1, ${at(1)}, ${at(1)}, ${at(5)}
      from ${series}, generate_series(0, ${steps.length - 1}) as p`,
    `insert into meta_records (id, owner_id, entry_id, job_id, src, key, ref, link_url, link_scope, indexed, shared, created_at, updated_at)
      select ${seededId('link', 'i')}, ${owner}, ${seededId('entry', 'i')}, ${seededId('job', 'i')}, 'gov-ar', 'link',
        md5('ref:' || i), 'https://wizard.test/reg/' || md5('ref:' || i), 'public', true, false, ${at(2)}, ${at(2)}
      from ${series}`,
    // Certificates expire evenly over two years from now: about 4% fall within the sweep's 30 days.
    `insert into credentials (id, owner_id, entry_id, job_id, environment, alias, cuit, serial, issuer, subject, fingerprint,
        certificate_pem, key_secret_id, services, not_before, not_after, status, created_at)
      select ${seededId('credential', 'i')}, ${owner}, ${seededId('entry', 'i')}, ${seededId('job', 'i')}, 'sandbox',
        'seed' || i, scale_seed_cuit(i), to_hex(i), 'CN=Computadores Test, O=AFIP, C=AR', 'CN=seed' || i, md5('fingerprint:' || i),
        'seeded', ${seededId('secret', 'i')}, '["wsfe"]'::jsonb, now() - interval '1 year',
        now() + interval '1 day' + (i % 730) * interval '1 day' + (i % 86400) * interval '1 second', 'active', ${at(4)}
      from ${series}`,
    `insert into meta_records (id, owner_id, entry_id, job_id, src, key, value, indexed, shared, created_at, updated_at)
      select ${seededId('certificate-record', 'i')}, ${owner}, ${seededId('entry', 'i')}, ${seededId('job', 'i')}, 'gov-ar', 'certificate',
        jsonb_build_object('alias', 'seed' || i, 'state', 'valid'), true, false, ${at(4)}, ${at(4)}
      from ${series}`,
    `insert into webhook_deliveries (id, owner_id, workflow_id, job_id, entry_id, event, url, body, dedupe_key, status, attempts,
        next_attempt_at, created_at, delivered_at)
      select ${seededId('delivery', 'i')}, ${owner}, ${workflow}, ${seededId('job', 'i')}, ${seededId('entry', 'i')},
        'registration.link_created', 'https://hooks.test/', '{}', 'registration.link_created:' || ${seededId('job', 'i')}, 'delivered', 1,
        ${at(2)}, ${at(2)}, ${at(3)}
      from ${series}`,
    ...done,
  ];
}

export async function seedScale(run: RunSql, seed: ScaleSeed): Promise<void> {
  for (const statement of scaleSeedStatements(seed)) await run(statement);
}
