// Property-based request bodies for every JSON endpoint that takes one, through the real route handlers:
// valid bodies with fields removed, replaced or added (prototype keys included), any JSON, text that
// is not JSON, other content types, oversized and deeply nested bodies. Whatever arrives, the answer is
// never a 5xx, a refusal is the contract's `{ code, message, fields? }` with the status its code
// names, a refused request leaves every table as it was, and no object prototype is polluted. An invoice
// the store takes is printed: what it stored never makes the PDF fail (a 201 then a crash).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import * as appsRoute from '@/app/access/v1/apps/route';
import * as connectRoute from '@/app/access/v1/apps/[app_id]/connect/route';
import * as authorizeRoute from '@/app/access/v1/enrollment/authorize/route';
import * as progressRoute from '@/app/gov-ar/v1/registrations/[ref]/progress/route';
import * as entriesRoute from '@/app/silo/v1/entries/route';
import * as entryRoute from '@/app/silo/v1/entries/[id]/route';
import * as jobsRoute from '@/app/transform/v1/jobs/route';
import * as jobRoute from '@/app/transform/v1/jobs/[id]/route';
import * as workflowsRoute from '@/app/transform/v1/workflows/route';
import { ERROR_STATUS } from '@/lib/api/errors';
import { MAX_JSON_BODY_BYTES } from '@/lib/api/body';
import { call } from '@/tests/support/call';
import { databaseFingerprint } from '@/tests/support/database-dump';
import { addPointOfSale, registeredSupplier } from '@/tests/support/invoices';
import { WsfeMappingError } from '@/lib/ar/arca/wsfe-mapping-error';
import { InvoicePdfError } from '@/lib/gov-ar/pdf/input';
import { renderInvoicePdf } from '@/lib/gov-ar/pdf/render-invoice';
import { ENVELOPE_SCHEMA, richInvoiceDoc } from '@/tests/support/invoice-docs';
import { issueInvoice } from '@/tests/support/issued-invoices';
import { malformedBody, type Json } from '@/tests/support/json-mutations';
import { openRegistration, useEmulator, type OpenRegistration } from '@/tests/support/registration';
import { createSupplier, freshCuit } from '@/tests/support/scenario';

// Hundreds of calls to one registration link: the per-link rate limit would answer most of them 429.
process.env.RATE_LIMITS = 'off';

const emulator = useEmulator();

type Handler = Parameters<typeof call>[0];

/** What the bodies refer to, made once: a Registered live supplier's workspace, an app, another workspace's link. */
interface Fixtures {
  token: string;
  registered: OpenRegistration;
  supplierId: string;
  app: { id: string; client_id: string; client_secret: string };
  elsewhere: OpenRegistration;
  party: Json;
  invoice: Json;
}

interface Endpoint {
  name: string;
  handler: Handler;
  method: 'POST' | 'PUT';
  /** Called with the workspace's API key; the others take no token. */
  withToken: boolean;
  /** PUT creates name their own id: a fresh one per case, so a valid body creates rather than conflicts. */
  idParam?: boolean;
  params?: (f: Fixtures) => Record<string, string>;
  valid: (f: Fixtures) => Json;
  /** Well-formed values to swap in, so that edited bodies also reach the rules behind the schema. */
  alternatives: (f: Fixtures) => Json[];
  /** Where a nested value is kept as sent (loose GOBL fields), so depth reaches storage rather than a strict schema. */
  looseAt: string[];
  /** Stores invoices: what it takes must print. */
  printed?: boolean;
}

const partyValues: Json[] = [
  '20111111112',
  '30-71234567-1',
  '30712345670',
  'AR',
  'BR',
  'Proveedor Dos S.R.L.',
  'https://gobl.org/draft-0/org/party',
];
const invoiceValues = (f: Fixtures): Json[] => [
  f.registered.cuit,
  '20111111112',
  '1',
  '2',
  '3',
  '0001',
  '99999',
  '100000',
  'A',
  'B',
  'C',
  'M',
  'E',
  'T',
  'Z',
  '2024-02-29',
  '2026-02-29',
  ENVELOPE_SCHEMA,
  'https://gobl.org/draft-0/bill/invoice',
  { 'ar-arca-doc-letter': 'E' },
  { name: 'Cliente', tax_id: { country: 'AR', code: '20111111112' } },
  { street: 'Av. Corrientes', num: '1234', region: 'Salta' },
  [{ addr: 'ventas@example.com' }],
  [{ text: 'Una nota' }],
  { ref: 'R-1', name: 'Tornillos', price: '10.00', unit: 'kg', key: 'goods' },
];
const job = (f: Fixtures, key: string) => ({ workflow_id: f.registered.workflowId, silo_entry_id: f.supplierId, key });
const jobValues = (f: Fixtures): Json[] => [
  f.registered.entryId,
  f.supplierId,
  f.registered.workflowId,
  f.elsewhere.entryId,
  f.elsewhere.workflowId,
  '0190a3f0-0000-7000-8000-00000000ffff',
  'fuzz-job',
];
const silo = { method: 'POST' as const, handler: entriesRoute.POST, withToken: true };
const siloPut = { method: 'PUT' as const, handler: entryRoute.PUT, withToken: true, idParam: true };

const ENDPOINTS: Endpoint[] = [
  {
    ...silo,
    name: 'POST /silo/v1/entries (suppliers)',
    valid: (f) => ({ folder: 'suppliers', key: 'fuzz-supplier', data: f.party }),
    alternatives: () => partyValues,
    looseAt: ['data', 'address'],
  },
  {
    ...siloPut,
    name: 'PUT /silo/v1/entries/{id} (suppliers)',
    valid: (f) => ({ folder: 'suppliers', data: f.party }),
    alternatives: () => partyValues,
    looseAt: ['data', 'address'],
  },
  {
    ...silo,
    name: 'POST /silo/v1/entries (invoices)',
    valid: (f) => ({ folder: 'invoices', data: f.invoice }),
    alternatives: invoiceValues,
    looseAt: ['data', 'complements'],
    printed: true,
  },
  {
    ...siloPut,
    name: 'PUT /silo/v1/entries/{id} (invoice envelope)',
    valid: (f) => ({ folder: 'invoices', data: { $schema: ENVELOPE_SCHEMA, doc: f.invoice } }),
    alternatives: invoiceValues,
    looseAt: ['data', 'doc', 'complements'],
    printed: true,
  },
  {
    name: 'POST /transform/v1/workflows',
    handler: workflowsRoute.POST,
    method: 'POST',
    withToken: true,
    looseAt: [],
    valid: () => ({
      template: 'ar-supplier-registration',
      name: 'Fuzz',
      webhook: { url: 'https://hooks.example.com/fuzz' },
      invoice_types: ['A', 'E'],
      allowed_origins: ['https://erp.example.com'],
    }),
    alternatives: () => [
      'http://127.0.0.1:9/hook',
      'ftp://hooks.example.com',
      `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
      'whsec_c2hvcnQ=',
      ['T'],
      ['A', 'B', 'C', 'M', 'E', 'T'],
      'https://erp.example.com:8443',
      'https://erp.example.com/path',
      'HTTPS://ERP.EXAMPLE.COM/',
      "https://x.example.com; script-src 'unsafe-inline'",
    ],
  },
  {
    name: 'POST /transform/v1/jobs',
    handler: jobsRoute.POST,
    method: 'POST',
    withToken: true,
    valid: (f) => job(f, 'fuzz-job'),
    alternatives: jobValues,
    looseAt: [],
  },
  {
    name: 'PUT /transform/v1/jobs/{id}',
    handler: jobRoute.PUT,
    method: 'PUT',
    withToken: true,
    idParam: true,
    valid: (f) => job(f, 'fuzz-put-job'),
    alternatives: jobValues,
    looseAt: [],
  },
  {
    name: 'POST /access/v1/apps',
    handler: appsRoute.POST,
    method: 'POST',
    withToken: true,
    valid: () => ({ name: 'ERP' }),
    alternatives: () => [' ', 'x'.repeat(201), 'Ñandú ERP'],
    looseAt: [],
  },
  {
    name: 'POST /access/v1/enrollment/authorize',
    handler: authorizeRoute.POST,
    method: 'POST',
    withToken: false,
    looseAt: [],
    valid: (f) => ({ client_id: f.app.client_id, client_secret: f.app.client_secret, owner_id: f.registered.ownerId }),
    alternatives: (f) => [
      f.elsewhere.ownerId,
      f.registered.ownerId,
      'gov-ar',
      f.app.id,
      `${f.app.client_secret}x`,
      '0190a3f0-0000-7000-8000-00000000ffff',
    ],
  },
  {
    name: 'PUT /gov-ar/v1/registrations/{ref}/progress',
    handler: progressRoute.PUT,
    method: 'PUT',
    withToken: false,
    params: (f) => ({ ref: f.elsewhere.ref }),
    looseAt: [],
    valid: () => ({
      step: 'company',
      path: 'generate',
      company: {
        legal_name: 'Proveedor Fuzz S.A.',
        fiscal_address: 'Av. Corrientes 1234, CABA',
        activity_code: '620100',
        tax_classification: 'responsable_inscripto',
      },
    }),
    alternatives: () => ['done', 'upload', 'points_of_sale', 'own', 'monotributista', '12345', '1234567', ' x '],
  },
];

let f: Fixtures;
/** The database as the last answered call left it: a refusal must not change it. */
let current: Record<string, string>;

beforeAll(async () => {
  // A live supplier that is Registered, with point of sale 1: an invoice body can pass every rule and reach the authority.
  const registered = await registeredSupplier(emulator(), { environment: 'live' });
  await addPointOfSale(emulator(), 'live', registered.cuit, { number: 1 });
  await addPointOfSale(emulator(), 'live', registered.cuit, { number: 2, blocked: true });
  const token = registered.apiKey;
  const supplier = await createSupplier(token);
  const app = await call(appsRoute.POST, { token, body: { name: 'Fuzz ERP' } });
  expect((await call(connectRoute.POST, { token, params: { app_id: app.body.id } })).status).toBe(200);
  f = {
    token,
    registered,
    supplierId: supplier.id,
    app: app.body,
    elsewhere: await openRegistration(),
    party: {
      $schema: 'https://gobl.org/draft-0/org/party',
      name: 'Proveedor Fuzz S.A.',
      tax_id: { country: 'AR', code: freshCuit() },
    },
    // Every GOBL field the store types is there to be edited; no uuid, so a valid body is stored again and again.
    invoice: (({ uuid: _uuid, ...doc }) => doc)(richInvoiceDoc(registered.cuit)) as unknown as Json,
  };
  current = await databaseFingerprint();
});

const SNAKE_CASE = /^[a-z]+(_[a-z]+)*$/;

/** The contract's error body: a known code whose status is the one answered, a message, string-valued fields. */
function expectErrorBody(status: number, body: Record<string, unknown>) {
  expect(body.code).toMatch(SNAKE_CASE);
  expect(ERROR_STATUS[body.code as keyof typeof ERROR_STATUS]).toBe(status);
  expect(typeof body.message).toBe('string');
  if ('fields' in body) {
    expect(Object.getPrototypeOf(body.fields)).toBe(Object.prototype);
    for (const reason of Object.values(body.fields as object)) expect(typeof reason).toBe('string');
  }
  const documentedExtras =
    body.code === 'service_not_authorized' ? ['service'] : body.code === 'duplicate_invoice' ? ['entry_id'] : [];
  expect(Object.keys(body).filter((key) => !['code', 'message', 'fields', ...documentedExtras].includes(key))).toEqual(
    [],
  );
}

/** A stored invoice, once stamped as issued, prints, or is refused by the PDF's or the mapping's own checks. */
async function expectPrintable(doc: Parameters<typeof issueInvoice>[0]) {
  let issued: ReturnType<typeof issueInvoice>;
  try {
    issued = issueInvoice(doc);
  } catch (error) {
    if (error instanceof WsfeMappingError) return;
    throw error;
  }
  await renderInvoicePdf({ envelope: issued.envelope }).catch((error: unknown) => {
    if (!(error instanceof InvoicePdfError)) throw error;
  });
}

async function expectSafeAnswer(
  endpoint: Endpoint,
  raw: string | Uint8Array<ArrayBuffer> | undefined,
  contentType: string | undefined,
  id?: string,
) {
  const response = await call(endpoint.handler, {
    method: endpoint.method,
    token: endpoint.withToken ? f.token : undefined,
    raw,
    headers: contentType === undefined ? {} : { 'content-type': contentType },
    params: id ? { id } : endpoint.params?.(f),
  });
  expect(response.status).toBeLessThan(500);
  const after = await databaseFingerprint();
  if (response.status >= 400) {
    expectErrorBody(response.status, response.body);
    expect(after).toEqual(current);
  } else if (endpoint.printed) {
    await expectPrintable(response.body.data.doc);
  }
  current = after;
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.keys(Object.prototype)).toEqual([]);
}

const idArbitrary = fc.uuid({ version: 7 });

describe('malformed JSON bodies', () => {
  // 10 endpoints × 110 runs: 1100 bodies, each an edit of that endpoint's valid body or any JSON at all.
  it.each(ENDPOINTS)('$name: never a 5xx, and a refusal stores nothing', async (endpoint) => {
    await fc.assert(
      fc.asyncProperty(malformedBody(endpoint.valid(f), endpoint.alternatives(f)), idArbitrary, (body, id) =>
        expectSafeAnswer(endpoint, body, 'application/json', endpoint.idParam ? id : undefined),
      ),
      { numRuns: 110 },
    );
  });
});

describe('bodies that are not JSON, or not what JSON endpoints take', () => {
  /** `depth` arrays or objects inside one another, as JSON text. */
  const nested = (depth: number, kind: 'array' | 'object') =>
    kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}null${'}'.repeat(depth)}`;
  /** The endpoint's valid body with `value` (JSON text) where it keeps nested values as sent (else at the top). */
  function placed(endpoint: Endpoint, value: string): string {
    const path = endpoint.looseAt;
    const marker = '"__fuzz_value__"';
    const body = JSON.parse(JSON.stringify(endpoint.valid(f))) as Record<string, Json>;
    let node: Record<string, Json> = body;
    for (const step of path.slice(0, -1)) node = node[step] as Record<string, Json>;
    node[path.at(-1) ?? 'nested'] = '__fuzz_value__';
    return JSON.stringify(body).replace(marker, value);
  }

  const kinds = fc.oneof(
    fc.record({
      kind: fc.constant('text' as const),
      text: fc.string({ unit: 'binary', maxLength: 200 }),
      type: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain'),
    }),
    fc.record({ kind: fc.constant('bytes' as const), bytes: fc.uint8Array({ maxLength: 500 }) }),
    fc.record({
      kind: fc.constant('wrong type' as const),
      type: fc.constantFrom(
        'text/plain',
        '',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/jsonp',
        'text/json',
        'application/json-patch+json',
        'APPLICATION/JSON; charset=latin1',
      ),
    }),
    fc.record({ kind: fc.constant('oversized' as const), extra: fc.integer({ min: 1, max: 200_000 }) }),
    fc.record({
      kind: fc.constant('deep' as const),
      // Around the 100 levels a body may nest (lib/api/storable-json.ts), and far past them.
      depth: fc.oneof(fc.integer({ min: 80, max: 120 }), fc.integer({ min: 120, max: 150_000 })),
      shape: fc.constantFrom('array' as const, 'object' as const),
    }),
    fc.record({ kind: fc.constant('empty' as const), text: fc.constantFrom('', ' ', '\n', '\u0000', '\ufeff{}') }),
  );

  it('answers 300 of them across the endpoints without a 5xx, storing nothing on refusal', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: ENDPOINTS.length - 1 }), kinds, idArbitrary, async (index, sent, id) => {
        const endpoint = ENDPOINTS[index]!;
        const useId = endpoint.idParam ? id : undefined;
        switch (sent.kind) {
          case 'text':
            return expectSafeAnswer(endpoint, sent.text, sent.type, useId);
          case 'bytes':
            return expectSafeAnswer(endpoint, sent.bytes, 'application/json', useId);
          case 'wrong type':
            return expectSafeAnswer(endpoint, JSON.stringify(endpoint.valid(f)), sent.type, useId);
          case 'oversized': {
            const padding = 'a'.repeat(MAX_JSON_BODY_BYTES + sent.extra);
            return expectSafeAnswer(endpoint, placed(endpoint, JSON.stringify(padding)), 'application/json', useId);
          }
          case 'deep':
            return expectSafeAnswer(
              endpoint,
              placed(endpoint, nested(sent.depth, sent.shape)),
              'application/json',
              useId,
            );
          case 'empty':
            return expectSafeAnswer(endpoint, sent.text, 'application/json', useId);
        }
      }),
      {
        numRuns: 300,
        // Found by these properties, each a 500 before lib/api/storable-json.ts: a supplier nested 2204 (or 5000) levels
        // deep (stack overflow), and a NUL or an unpaired surrogate, which PostgreSQL's jsonb refuses.
        examples: [
          [0, { kind: 'deep', depth: 5000, shape: 'array' }, '0190a3f0-0000-7000-8000-000000000000'],
          [
            1,
            {
              kind: 'text',
              type: 'application/json',
              text: '{"folder":"suppliers","data":{"name":"N","tax_id":{"country":"AR","code":"30712345671"},"notes":"a\\u0000b"}}',
            },
            '0190a3f0-0000-7000-8000-000000000001',
          ],
          [
            1,
            {
              kind: 'text',
              type: 'application/json',
              text: '{"folder":"suppliers","data":{"name":"N","tax_id":{"country":"AR","code":"30712345671"},"\\ud800":""}}',
            },
            '0190a3f0-0000-7000-8000-000000000002',
          ],
        ],
      },
    );
  });
});
