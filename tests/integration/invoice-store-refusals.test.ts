// What the authority is certain to refuse is refused when the invoice is stored, with the field named and a
// message that says what is wrong, before a job or a number exists: a customer CUIT with a wrong check digit
// (10284), a negative quantity, an unidentified final consumer at or above RG 4444's amount (10015), a date
// outside the authority's window (10016), a VAT status its tax ID contradicts; the series rule said one way;
// every path in the stored form (`data.doc.…`), a NUL character in a bare document included; and an entry or
// job id another workspace holds refused saying only that it cannot be used here; and an export (E) WSFEX
// could not take (no destination, an unknown incoterm, a currency without its rate), by its field.
import { describe, expect, it } from 'vitest';
import * as entriesRoute from '@/app/silo/v1/entries/route';
import * as entryRoute from '@/app/silo/v1/entries/[id]/route';
import * as jobRoute from '@/app/transform/v1/jobs/[id]/route';
import { SERIES_RULE } from '@/lib/ar/arca/rules';
import { newId } from '@/lib/ids';
import { call } from '@/tests/support/call';
import { expectDocumented } from '@/tests/support/documented';
import { invoiceDoc } from '@/tests/support/invoice-docs';
import { postInvoice, registeredSupplier } from '@/tests/support/invoices';
import { argentinaToday, createInvoiceWorkflow } from '@/tests/support/issuing';
import { useEmulator } from '@/tests/support/registration';

const emulator = useEmulator();

/** One registered supplier for the refusals (each stores nothing), made on first use. */
let shared: ReturnType<typeof registeredSupplier> | undefined;
const refusingSupplier = () => {
  shared ??= registeredSupplier(emulator());
  return shared;
};

const A_CUSTOMER = {
  name: 'Cliente Responsable Inscripto S.A.',
  tax_id: { country: 'AR', code: '30500010912' },
  ext: { 'ar-arca-vat-status': '1' },
};
const letter = (value: string) => ({ tax: { ext: { 'ar-arca-doc-letter': value } } });
const goodsLine = (quantity: string, price: string) => ({
  quantity,
  item: { name: 'Tornillos', price, key: 'goods' },
  taxes: [{ cat: 'VAT', rate: 'general' }],
});
const servicesOf = (date: string) => ({
  issue_date: date,
  lines: [
    {
      quantity: '1',
      item: { name: 'Consultoría', price: '100.00', key: 'services' },
      taxes: [{ cat: 'VAT', rate: 'general' }],
    },
  ],
  ordering: { period: { start: date, end: date } },
  payment: { terms: { due_dates: [{ date, percent: '100%' }] } },
});

describe('an invoice the authority is certain to refuse', () => {
  it.each([
    [
      "a customer CUIT whose check digit is wrong (the authority's 10284)",
      { ...letter('A'), customer: { ...A_CUSTOMER, tax_id: { country: 'AR', code: '30-50001091-3' } } },
      'data.doc.customer.tax_id.code',
      /customer's CUIT ends with its check digit, and this one does not match/,
    ],
    [
      'a customer CUIL (identity type 86) whose check digit is wrong',
      {
        customer: {
          name: 'Ana Pérez',
          identities: [{ code: '20123456780', ext: { 'ar-arca-identity-type': '86' } }],
          ext: { 'ar-arca-vat-status': '5' },
        },
      },
      'data.doc.customer.identities.0.code',
      /type 86 \(CUIT, CUIL or CDI\) ends with its check digit/,
    ],
    [
      'a negative quantity',
      { lines: [goodsLine('-2', '100.00')] },
      'data.doc.lines.0.quantity',
      /^a quantity is not negative \(-2\): to take back what an invoice sold, issue a credit note/,
    ],
    [
      "an unidentified final consumer at RG 4444's amount (the authority's 10015)",
      { lines: [goodsLine('1', '8264462.81')] },
      'data.doc.customer',
      /ARS 10\.000\.000 or more \(RG 4444.*names its receiver/,
    ],
    [
      'goods dated six days before the authority’s today (10016)',
      { issue_date: argentinaToday(-6) },
      'data.doc.issue_date',
      /within 5 days of its today .* for goods: .* is 6 days before it/,
    ],
    ['goods dated six days after it', { issue_date: argentinaToday(6) }, 'data.doc.issue_date', /is 6 days after it/],
    [
      'services dated eleven days before it',
      servicesOf(argentinaToday(-11)),
      'data.doc.issue_date',
      /within 10 days of its today .* for services/,
    ],
    [
      'a final consumer (VAT status 5) with a CUIT, which GOBL would issue as an A',
      { customer: { ...A_CUSTOMER, ext: { 'ar-arca-vat-status': '5' } } },
      'data.doc.customer.ext.ar-arca-vat-status',
      /^VAT status 5 does not fit a customer with an Argentine tax_id \(CUIT\).*named by an identity/,
    ],
  ])(
    'refuses %s at store, naming the field, and stores nothing',
    { timeout: 60_000 },
    async (_name, overrides, field, reason) => {
      const supplier = await refusingSupplier();
      const { code: _code, ...doc } = invoiceDoc(supplier.cuit, { issue_date: argentinaToday(), ...overrides });
      const stored = await postInvoice(supplier.apiKey, doc);
      expect(stored.status, JSON.stringify(stored.body)).toBe(422);
      expect(stored.body.code).toBe('validation_failed');
      expect(Object.keys(stored.body.fields)).toEqual([field]);
      expect(stored.body.fields[field]).toMatch(reason);
      expect(stored.body.fields[field]).not.toMatch(/discount/);
      expectDocumented('POST /silo/v1/entries', stored);
      const listed = await call(entriesRoute.GET, { token: supplier.apiKey, query: { folder: 'invoices' } });
      expect(listed.body.list).toEqual([]);
    },
  );

  it('stores what is inside each limit: the window’s edges, an identified consumer above the amount', async () => {
    const supplier = await registeredSupplier(emulator());
    const accepted = [
      { issue_date: argentinaToday(-5) },
      { issue_date: argentinaToday(5) },
      servicesOf(argentinaToday(-10)),
      {
        lines: [goodsLine('1', '8264462.81')],
        customer: {
          name: 'Ana Pérez',
          identities: [{ code: '25123456', ext: { 'ar-arca-identity-type': '96' } }],
          ext: { 'ar-arca-vat-status': '5' },
        },
      },
      { lines: [goodsLine('1', '8264462.80')] }, // ARS 9.999.999,99 with VAT: no receiver needed
      { ...letter('A'), customer: { ...A_CUSTOMER, tax_id: { country: 'AR', code: '30-50001091-2' } } },
    ];
    for (const overrides of accepted) {
      const { code: _code, ...doc } = invoiceDoc(supplier.cuit, { issue_date: argentinaToday(), ...overrides });
      const stored = await postInvoice(supplier.apiKey, doc);
      expect(stored.status, `${JSON.stringify(overrides)}: ${JSON.stringify(stored.body)}`).toBe(201);
    }
  });
});

describe('one rule, one message, one path form', () => {
  it.each(['0', '99999', '123456', '3a'])('series %s is refused with the one series rule', async (series) => {
    const supplier = await refusingSupplier();
    const { code: _code, ...doc } = invoiceDoc(supplier.cuit, { series });
    const stored = await postInvoice(supplier.apiKey, doc);
    expect(stored.status).toBe(422);
    expect(stored.body.fields['data.doc.series']).toMatch(
      new RegExp(`(^|\\) )${SERIES_RULE.replace(/[()".]/g, '\\$&')}$`),
    );
    expect(SERIES_RULE).toContain('1 to 99998');
  });

  it('names a NUL character in a bare document by its stored path, data.doc.…', async () => {
    const supplier = await refusingSupplier();
    const { code: _code, ...doc } = invoiceDoc(supplier.cuit, { lines: [goodsLine('1', '100.00')] });
    (doc.lines[0] as { item: { name: string } }).item.name = 'Torni\u0000llos';
    const bare = await postInvoice(supplier.apiKey, doc);
    expect(bare.status).toBe(422);
    expect(Object.keys(bare.body.fields)).toEqual(['data.doc.lines.0.item.name']);
    const wrapped = await postInvoice(supplier.apiKey, { $schema: 'https://gobl.org/draft-0/envelope', doc });
    expect(wrapped.body.fields).toEqual(bare.body.fields);
    // A supplier (no wrapping) keeps its plain path.
    const party = await call(entriesRoute.POST, {
      token: supplier.apiKey,
      body: { folder: 'suppliers', data: { name: 'Nul\u0000', tax_id: { country: 'AR', code: supplier.cuit } } },
    });
    expect(Object.keys(party.body.fields)).toEqual(['data.name']);
  });
});

describe('an id another workspace holds', () => {
  it('is refused the same way whatever that workspace stored under it, entry or job', async () => {
    const owner = await registeredSupplier(emulator());
    const stranger = await registeredSupplier(emulator());
    const id = newId();
    const { code: _code, ...doc } = invoiceDoc(owner.cuit);
    const body = { folder: 'invoices', data: doc };
    expect((await call(entryRoute.PUT, { token: owner.apiKey, params: { id }, body })).status).toBe(201);

    // The same content, other content, and an unused id: only the last may be stored.
    const { code: _other, ...strangerDoc } = invoiceDoc(stranger.cuit);
    const same = await call(entryRoute.PUT, { token: stranger.apiKey, params: { id }, body });
    const other = await call(entryRoute.PUT, {
      token: stranger.apiKey,
      params: { id },
      body: { folder: 'invoices', data: strangerDoc },
    });
    for (const answer of [same, other]) {
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({
        code: 'id_unavailable',
        message: `The id ${id} cannot be used here: choose another (a new UUID v7).`,
      });
      expectDocumented('PUT /silo/v1/entries/{id}', answer);
    }
    const fresh = await call(entryRoute.PUT, {
      token: stranger.apiKey,
      params: { id: newId() },
      body: { folder: 'invoices', data: strangerDoc },
    });
    expect(fresh.status).toBe(201);

    const jobId = newId();
    const ownerWorkflow = await createInvoiceWorkflow(owner.apiKey);
    const ownerJob = await call(jobRoute.PUT, {
      token: owner.apiKey,
      params: { id: jobId },
      body: { workflow_id: ownerWorkflow.id, silo_entry_id: id },
    });
    expect(ownerJob.status).toBe(202);
    const strangerWorkflow = await createInvoiceWorkflow(stranger.apiKey);
    const jobAnswers = [
      await call(jobRoute.PUT, {
        token: stranger.apiKey,
        params: { id: jobId },
        body: { workflow_id: ownerWorkflow.id, silo_entry_id: id },
      }),
      await call(jobRoute.PUT, {
        token: stranger.apiKey,
        params: { id: jobId },
        body: { workflow_id: strangerWorkflow.id, silo_entry_id: fresh.body.id },
      }),
    ];
    for (const answer of jobAnswers) {
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({
        code: 'id_unavailable',
        message: `The id ${jobId} cannot be used here: choose another (a new UUID v7).`,
      });
      expectDocumented('PUT /transform/v1/jobs/{id}', answer);
    }
  });
});

describe('an export (E) WSFEX is certain to refuse', () => {
  const exporter = (() => {
    let supplier: ReturnType<typeof registeredSupplier> | undefined;
    return () => {
      supplier ??= registeredSupplier(emulator(), { invoiceTypes: ['A', 'E'] });
      return supplier;
    };
  })();
  const dollars = { currency: 'USD', exchange_rates: [{ from: 'USD', to: 'ARS', amount: '1045.50' }] };
  const exportDoc = (cuit: string, change: (doc: Record<string, any>) => void = () => {}) => {
    const doc: Record<string, any> = structuredClone(
      invoiceDoc(cuit, { issue_date: argentinaToday(), ...dollars, ...letter('E') }),
    );
    delete doc.code;
    change(doc);
    return doc;
  };

  it('stores one in dollars that WSFEX could take', { timeout: 60_000 }, async () => {
    const supplier = await exporter();
    const stored = await postInvoice(supplier.apiKey, exportDoc(supplier.cuit));
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    expect(stored.body.data.doc.tax.ext).toMatchObject({ 'ar-arca-doc-type': '19', 'ar-fex-incoterm': 'FOB' });
  });

  it.each([
    [
      'no destination country',
      (doc: Record<string, any>) => {
        delete doc.customer.addresses[0].country;
        doc.customer.tax_id = undefined;
        doc.customer.identities = [{ code: 'P1234567', ext: { 'ar-arca-identity-type': '94' } }];
        doc.customer.ext['ar-fex-country-cuit'] = '50000002124';
      },
      'data.doc.customer.addresses.0.country',
    ],
    [
      'an unknown incoterm',
      (doc: Record<string, any>) => (doc.tax.ext['ar-fex-incoterm'] = 'XYZ'),
      'data.doc.tax.ext.ar-fex-incoterm',
    ],
    [
      'a currency without its exchange rate',
      (doc: Record<string, any>) => delete doc.exchange_rates,
      'data.doc.exchange_rates',
    ],
  ])('refuses %s with 422, naming %s, and stores nothing', { timeout: 60_000 }, async (_name, change, field) => {
    const supplier = await exporter();
    const stored = await postInvoice(supplier.apiKey, exportDoc(supplier.cuit, change));
    expect(stored.status, JSON.stringify(stored.body)).toBe(422);
    expect(stored.body.code).toBe('validation_failed');
    expect(Object.keys(stored.body.fields)).toEqual([field]);
    expectDocumented('POST /silo/v1/entries', stored);
  });
});
