// Invoices carry the point of sale: envelopes stored in the `invoices` folder for suppliers registered
// through the wizard, against the emulated authority over HTTP. Sandbox takes any number; live only a
// point of sale the authority reports (not blocked, not dropped); the letter needs its web service.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { newId } from '@/lib/ids';
import { closedPort, withEnv } from '@/tests/support/authority';
import {
  addPointOfSale,
  countInvoices,
  getStoredEntry,
  listEnvelopes,
  postInvoice,
  putInvoice,
  registerAgain,
  storedDoc,
  registeredSupplier,
} from '@/tests/support/invoices';
import { ENVELOPE_SCHEMA, invoiceDoc } from '@/tests/support/invoice-docs';
import { portal } from '@/tests/support/emulator-client';
import { openRegistration, useEmulator, type OpenRegistration } from '@/tests/support/registration';
import { createSupplier, createWorkspace, freshCuit } from '@/tests/support/scenario';

const emulator = useEmulator();

/** Runs `action` while nothing answers where the authority should be. */
async function withAuthorityDown<T>(action: () => Promise<T>): Promise<T> {
  return withEnv({ AR_EMULATOR_URL: `http://127.0.0.1:${await closedPort()}` }, action);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a sandbox supplier', () => {
  it('stores invoices on any point of sale, wrapping a bare document into an envelope', async () => {
    const supplier = await registeredSupplier(emulator());
    for (const series of ['1', '42', '0007', '99998']) {
      const stored = await postInvoice(supplier.apiKey, invoiceDoc(supplier.cuit, { series, code: `A-${series}` }));
      expect(stored.status).toBe(201);
      expect(stored.body).toMatchObject({ folder: 'invoices', owner_id: supplier.ownerId, status: 'Empty' });
      expect(stored.body.data).toEqual({
        $schema: ENVELOPE_SCHEMA,
        doc: storedDoc(invoiceDoc(supplier.cuit, { series, code: `A-${series}` })),
      });
    }
    const fetched = await listEnvelopes(supplier.apiKey, { limit: '3' });
    expect(fetched.status).toBe(200);
    expect(fetched.body.list.map((entry: { data: { doc: { series: string } } }) => entry.data.doc.series)).toEqual([
      '99998',
      '0007',
      '42',
    ]);
    const rest = await listEnvelopes(supplier.apiKey, { limit: '3', cursor: fetched.body.next_cursor });
    expect(rest.body.list.map((entry: { data: { doc: { series: string } } }) => entry.data.doc.series)).toEqual(['1']);
    expect(rest.body).not.toHaveProperty('next_cursor');
    const one = await getStoredEntry(supplier.apiKey, rest.body.list[0].id);
    expect(one.body).toEqual(rest.body.list[0]);
  });

  it('never asks the authority: the sandbox takes any number even with the authority down', async () => {
    const supplier = await registeredSupplier(emulator());
    const stored = await withAuthorityDown(() =>
      postInvoice(supplier.apiKey, invoiceDoc(supplier.cuit, { series: '31' })),
    );
    expect(stored.status).toBe(201);
  });

  it('stores a GOBL envelope with its head as sent, the document calculated and a hyphenated CUIT normalised', async () => {
    const supplier = await registeredSupplier(emulator());
    const hyphenated = `${supplier.cuit.slice(0, 2)}-${supplier.cuit.slice(2, 10)}-${supplier.cuit.slice(10)}`;
    const envelope = {
      $schema: ENVELOPE_SCHEMA,
      head: { uuid: newId(), dig: { alg: 'sha256', val: 'abc' } },
      doc: invoiceDoc(hyphenated, { tax: { ext: { 'ar-arca-doc-letter': 'B' } } }),
    };
    const stored = await postInvoice(supplier.apiKey, envelope);
    expect(stored.status).toBe(201);
    expect(stored.body.data.head).toEqual(envelope.head);
    expect(stored.body.data.doc.supplier.tax_id.code).toBe(supplier.cuit);
    // Calculated as GOBL does: the line's sum and total, the VAT category at 21%, what is payable.
    expect(stored.body.data.doc.lines[0]).toMatchObject({ sum: '200.00', total: '200.00' });
    expect(stored.body.data.doc.totals).toMatchObject({
      sum: '200.00',
      total: '200.00',
      tax: '42.00',
      total_with_tax: '242.00',
      payable: '242.00',
    });
    expect(stored.body.data.doc.tax.ext).toMatchObject({
      'ar-arca-doc-type': '6',
      'ar-arca-concept': '1',
      'ar-arca-doc-letter': 'B',
    });
  });
});

describe('the supplier of an invoice', () => {
  const situations: [string, string, (registered: OpenRegistration) => Promise<{ apiKey: string; cuit: string }>][] = [
    [
      'a CUIT with no supplier entry',
      'no supplier entry',
      async (registered) => ({ apiKey: registered.apiKey, cuit: freshCuit() }),
    ],
    ['a supplier whose registration is not finished', 'Processing', () => openRegistration()],
    [
      'a supplier of another workspace',
      'no supplier entry',
      async (registered) => ({ apiKey: (await createWorkspace()).api_key, cuit: registered.cuit }),
    ],
  ];
  it.each(situations)('is refused for %s', async (_situation, why, arrange) => {
    const { apiKey, cuit } = await arrange(await registeredSupplier(emulator()));
    const refused = await postInvoice(apiKey, invoiceDoc(cuit));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'supplier_not_registered',
      fields: { 'data.doc.supplier.tax_id.code': expect.any(String) },
    });
    expect(refused.body.message).toContain(why);
  });

  it('is refused when only an unregistered entry has the CUIT, even beside a registered one elsewhere', async () => {
    const supplier = await registeredSupplier(emulator());
    const other = await createSupplier(supplier.apiKey);
    const refused = await postInvoice(supplier.apiKey, invoiceDoc(other.data.tax_id.code));
    expect(refused.body).toMatchObject({ code: 'supplier_not_registered' });
    expect(refused.body.message).toContain('Empty, not Registered');
  });

  it('is, of several registered entries with that CUIT, the most recently registered', async () => {
    const first = await registeredSupplier(emulator(), { invoiceTypes: ['A'] });
    expect(
      (await postInvoice(first.apiKey, invoiceDoc(first.cuit, { tax: { ext: { 'ar-arca-doc-letter': 'E' } } }))).body
        .code,
    ).toBe('service_not_authorized');
    await registerAgain(emulator(), first, ['E']);
    const exports = await postInvoice(
      first.apiKey,
      invoiceDoc(first.cuit, { tax: { ext: { 'ar-arca-doc-letter': 'E' } } }),
    );
    expect(exports.status).toBe(201);
    expect((await postInvoice(first.apiKey, invoiceDoc(first.cuit))).body.code).toBe('service_not_authorized');
  });
});

describe('letters and web services', () => {
  it.each([
    [['A', 'B', 'C'], 'A', 'stored'],
    [['A', 'B', 'C'], 'none', 'stored'],
    [['A', 'B', 'C'], 'M', 'stored'],
    [['A', 'B', 'C'], 'E', 'needs wsfex'],
    [['A', 'B', 'C'], 'T', 'needs wsct'],
    [['E'], 'E', 'stored'],
    [['E'], 'B', 'needs wsfe'],
    [['E'], 'none', 'needs wsfe'],
    [['A', 'T'], 'T', 'stored'],
  ] as const)('a supplier registered for %j, letter %s: %s', async (invoiceTypes, letter, outcome) => {
    const supplier = await registeredSupplier(emulator(), { invoiceTypes: [...invoiceTypes] });
    const declared = letter === 'none' ? {} : { tax: { ext: { 'ar-arca-doc-letter': letter } } };
    const result = await postInvoice(supplier.apiKey, invoiceDoc(supplier.cuit, declared));
    if (outcome === 'stored') {
      expect(result.status).toBe(201);
      return;
    }
    expect(result.status).toBe(422);
    expect(result.body).toMatchObject({
      code: 'service_not_authorized',
      service: outcome.replace('needs ', ''),
      fields: { 'data.doc.tax.ext.ar-arca-doc-letter': outcome },
    });
  });
});

describe('a live supplier', () => {
  it('stores invoices only on the points of sale the authority reports, not blocked, not dropped', async () => {
    const supplier = await registeredSupplier(emulator(), { environment: 'live' });
    await addPointOfSale(emulator(), 'live', supplier.cuit, { number: 3 });
    await addPointOfSale(emulator(), 'live', supplier.cuit, { number: 4, blocked: true });
    await addPointOfSale(emulator(), 'live', supplier.cuit, { number: 5, dropped_on: '2025-06-30' });

    expect((await postInvoice(supplier.apiKey, invoiceDoc(supplier.cuit, { series: '3' }))).status).toBe(201);
    expect((await postInvoice(supplier.apiKey, invoiceDoc(supplier.cuit, { series: '00003', code: '2' }))).status).toBe(
      201,
    );
    for (const [series, state] of [
      ['7', 'not registered'],
      ['4', 'blocked'],
      ['5', 'dropped on 2025-06-30'],
    ]) {
      const refused = await postInvoice(supplier.apiKey, invoiceDoc(supplier.cuit, { series }));
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({
        code: 'point_of_sale_not_registered',
        fields: { 'data.doc.series': `${state} at the authority` },
      });
      expect(refused.body.message).toContain(`Point of sale ${series} is ${state}`);
      expect(refused.body.message).toContain('usable there: 3.');
    }
    expect(await countInvoices(supplier.ownerId)).toBe(2);
  });

  it('refuses every number while the authority reports none (error 602)', async () => {
    const supplier = await registeredSupplier(emulator(), { environment: 'live' });
    const refused = await postInvoice(supplier.apiKey, invoiceDoc(supplier.cuit, { series: '1' }));
    expect(refused.body).toMatchObject({ code: 'point_of_sale_not_registered' });
    expect(refused.body.message).toContain('usable there: none');
  });

  it('accepts a point of sale added at the authority after a first refusal, on the next try', async () => {
    const supplier = await registeredSupplier(emulator(), { environment: 'live' });
    await addPointOfSale(emulator(), 'live', supplier.cuit, { number: 2 });
    expect((await postInvoice(supplier.apiKey, invoiceDoc(supplier.cuit, { series: '2' }))).status).toBe(201); // the list is now kept
    expect((await postInvoice(supplier.apiKey, invoiceDoc(supplier.cuit, { series: '8' }))).body.code).toBe(
      'point_of_sale_not_registered',
    );
    await addPointOfSale(emulator(), 'live', supplier.cuit, { number: 8 });
    expect((await postInvoice(supplier.apiKey, invoiceDoc(supplier.cuit, { series: '8' }))).status).toBe(201);
    // Unblocking works the same way: the kept list has 4 blocked, so 4 is asked again.
    await addPointOfSale(emulator(), 'live', supplier.cuit, { number: 4, blocked: true });
    expect((await postInvoice(supplier.apiKey, invoiceDoc(supplier.cuit, { series: '4' }))).body.code).toBe(
      'point_of_sale_not_registered',
    );
    await addPointOfSale(emulator(), 'live', supplier.cuit, { number: 4, blocked: false });
    expect((await postInvoice(supplier.apiKey, invoiceDoc(supplier.cuit, { series: '4' }))).status).toBe(201);
  });

  it('answers 503 and stores nothing while the authority is unreachable', async () => {
    const supplier = await registeredSupplier(emulator(), { environment: 'live' });
    await addPointOfSale(emulator(), 'live', supplier.cuit, { number: 6 });
    const refused = await withAuthorityDown(() =>
      postInvoice(supplier.apiKey, invoiceDoc(supplier.cuit, { series: '6' })),
    );
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ code: 'authority_unavailable', message: expect.any(String) });
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(await countInvoices(supplier.ownerId)).toBe(0);
    expect((await listEnvelopes(supplier.apiKey)).body.list).toEqual([]);
    expect((await postInvoice(supplier.apiKey, invoiceDoc(supplier.cuit, { series: '6' }))).status).toBe(201);
  });

  it('keeps the list a few minutes: a known point needs no authority, an unknown one or a stale list does', async () => {
    const supplier = await registeredSupplier(emulator(), { environment: 'live' });
    await addPointOfSale(emulator(), 'live', supplier.cuit, { number: 9 });
    expect((await postInvoice(supplier.apiKey, invoiceDoc(supplier.cuit, { series: '9', code: '1' }))).status).toBe(
      201,
    );
    await withAuthorityDown(async () => {
      expect((await postInvoice(supplier.apiKey, invoiceDoc(supplier.cuit, { series: '9', code: '2' }))).status).toBe(
        201,
      );
      expect((await postInvoice(supplier.apiKey, invoiceDoc(supplier.cuit, { series: '10' }))).status).toBe(503);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 6 * 60_000);
      expect((await postInvoice(supplier.apiKey, invoiceDoc(supplier.cuit, { series: '9', code: '3' }))).status).toBe(
        503,
      );
    });
    expect(await countInvoices(supplier.ownerId)).toBe(2);
  });

  it('refuses a revoked certificate as the authority reports it', async () => {
    const supplier = await registeredSupplier(emulator(), { environment: 'live' });
    const db = await getDb();
    const { rows } = (await db.execute(
      sql`select certificate_pem from credentials where entry_id = ${supplier.entryId}`,
    )) as unknown as { rows: { certificate_pem: string }[] };
    // The ticket from the registration would still open WSFE: drop it so the next login meets the revocation.
    await db.execute(sql`delete from authority_tickets where owner_id = ${supplier.ownerId}`);
    const revoked = await portal(emulator(), 'revocations', {
      environment: 'live',
      certificate: rows[0]!.certificate_pem,
    });
    expect(revoked.status).toBe(201);
    const refused = await postInvoice(supplier.apiKey, invoiceDoc(supplier.cuit, { series: '1' }));
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('certificate_revoked');
  });

  it('refuses a CAE invoice on a CAEA point of sale: the authority keeps those for contingency', async () => {
    const supplier = await registeredSupplier(emulator(), { environment: 'live' });
    await addPointOfSale(emulator(), 'live', supplier.cuit, { number: 16, emission: 'CAEA' });
    await addPointOfSale(emulator(), 'live', supplier.cuit, { number: 17 });
    const refused = await postInvoice(supplier.apiKey, invoiceDoc(supplier.cuit, { series: '16' }));
    expect(refused.body).toMatchObject({ code: 'point_of_sale_not_registered' });
    expect(refused.body.message).toContain('usable there: 17');
    expect((await postInvoice(supplier.apiKey, invoiceDoc(supplier.cuit, { series: '17' }))).status).toBe(201);
  });

  it("an export's point of sale is looked up in WSFEX's list: no wsfe needed", async () => {
    const supplier = await registeredSupplier(emulator(), { environment: 'live', invoiceTypes: ['E'] });
    await addPointOfSale(emulator(), 'live', supplier.cuit, { number: 14 });
    const exportOn = (series: string) =>
      postInvoice(supplier.apiKey, invoiceDoc(supplier.cuit, { series, tax: { ext: { 'ar-arca-doc-letter': 'E' } } }));
    expect((await exportOn('14')).status).toBe(201);
    const refused = await exportOn('15');
    expect(refused.body).toMatchObject({
      code: 'point_of_sale_not_registered',
      fields: { 'data.doc.series': expect.any(String) },
    });
    expect(refused.body.message).toContain('14');
  });
});

describe('PUT /silo/v1/entries/{id} with an invoice', () => {
  it('is an idempotent create: same body → the stored invoice, other body → 409, no second check', async () => {
    const supplier = await registeredSupplier(emulator(), { environment: 'live' });
    await addPointOfSale(emulator(), 'live', supplier.cuit, { number: 12 });
    const id = newId();
    const doc = invoiceDoc(supplier.cuit, { series: '12' });
    const created = await putInvoice(supplier.apiKey, id, doc);
    expect(created.status).toBe(201);
    expect(created.body.id).toBe(id);
    // Sent again as the envelope it was stored as, after the point was blocked: still the stored invoice.
    await addPointOfSale(emulator(), 'live', supplier.cuit, { number: 12, blocked: true });
    const again = await putInvoice(supplier.apiKey, id, { $schema: ENVELOPE_SCHEMA, doc });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(created.body);
    const changed = await putInvoice(supplier.apiKey, id, { ...doc, code: 'other' });
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('conflict');
  });

  it('stores nothing under the id when refused, so the id can be used once the problem is fixed', async () => {
    const supplier = await registeredSupplier(emulator(), { environment: 'live' });
    const id = newId();
    expect((await putInvoice(supplier.apiKey, id, invoiceDoc(supplier.cuit, { series: '13' }))).body.code).toBe(
      'point_of_sale_not_registered',
    );
    expect((await getStoredEntry(supplier.apiKey, id)).status).toBe(404);
    await addPointOfSale(emulator(), 'live', supplier.cuit, { number: 13 });
    expect((await putInvoice(supplier.apiKey, id, invoiceDoc(supplier.cuit, { series: '13' }))).status).toBe(201);
  });
});

describe('a malformed envelope', () => {
  const cuit = freshCuit();
  const doc = invoiceDoc(cuit);
  const without = (field: string) => Object.fromEntries(Object.entries(doc).filter(([name]) => name !== field));
  it.each([
    ['series 0', { ...doc, series: '0' }, 'data.doc.series'],
    ['series 100000', { ...doc, series: '100000' }, 'data.doc.series'],
    ['series with a letter', { ...doc, series: '3a' }, 'data.doc.series'],
    ['a negative series', { ...doc, series: '-1' }, 'data.doc.series'],
    ['a decimal series', { ...doc, series: '1.5' }, 'data.doc.series'],
    ['a series with spaces', { ...doc, series: ' 3' }, 'data.doc.series'],
    ['a series as a JSON number', { ...doc, series: 3 }, 'data.doc.series'],
    ['no series', without('series'), 'data.doc.series'],
    ['no issue date', without('issue_date'), 'data.doc.issue_date'],
    ['an impossible issue date', { ...doc, issue_date: '2026-02-30' }, 'data.doc.issue_date'],
    ['no supplier', without('supplier'), 'data.doc.supplier'],
    [
      'a supplier CUIT with a wrong check digit',
      { ...doc, supplier: { name: 'X', tax_id: { country: 'AR', code: '30712345672' } } },
      'data.doc.supplier.tax_id.code',
    ],
    [
      'a foreign supplier',
      { ...doc, supplier: { name: 'X', tax_id: { country: 'UY', code: cuit } } },
      'data.doc.supplier.tax_id.country',
    ],
    [
      'an unknown letter',
      { ...doc, tax: { ext: { 'ar-arca-doc-letter': 'X' } } },
      'data.doc.tax.ext.ar-arca-doc-letter',
    ],
    ['lines that are not a list', { ...doc, lines: 'many' }, 'data.doc.lines'],
    [
      'another GOBL document in the envelope',
      { $schema: ENVELOPE_SCHEMA, doc: { ...doc, $schema: 'https://gobl.org/draft-0/bill/payment' } },
      'data.doc.$schema',
    ],
    ['an envelope without its document', { $schema: ENVELOPE_SCHEMA }, 'data.doc'],
    ['an unknown field beside the document', { $schema: ENVELOPE_SCHEMA, doc, colour: 'red' }, 'data.colour'],
    ['a document with no $schema', without('$schema'), 'data.doc.$schema'],
    ['a foreign document', { ...doc, $schema: 'https://example.com/invoice' }, 'data.doc.$schema'],
    ['an envelope with a foreign $schema', { $schema: 'https://example.com/envelope', doc }, 'data.$schema'],
    // GOBL's ar-arca-v4 rules, after normalisation and calculation:
    ['series 99999 (the addon takes 1 to 99998)', { ...doc, series: '99999' }, 'data.doc.series'],
    [
      'a type A invoice without a customer',
      { ...invoiceDoc(cuit, { tax: { ext: { 'ar-arca-doc-letter': 'A' } } }), customer: undefined },
      'data.doc.customer',
    ],
    [
      'a type B invoice to a Responsable Inscripto',
      invoiceDoc(cuit, {
        tax: { ext: { 'ar-arca-doc-letter': 'B' } },
        customer: {
          name: 'Cliente S.A.',
          tax_id: { country: 'AR', code: '30500010912' },
          ext: { 'ar-arca-vat-status': '1' },
        },
      }),
      'data.doc.customer.ext.ar-arca-vat-status',
    ],
    [
      'a type C invoice with VAT on its lines',
      invoiceDoc(cuit, { tax: { ext: { 'ar-arca-doc-letter': 'C' } }, lines: doc.lines }),
      'data.doc.lines.0.taxes',
    ],
    ['a credit note without the invoice it corrects', { ...doc, type: 'credit-note' }, 'data.doc.preceding'],
    [
      'services without their period',
      { ...doc, lines: [{ ...doc.lines[0], item: { name: 'Consultoría', price: '100.00', key: 'services' } }] },
      'data.doc.ordering',
    ],
    ['dollars without an exchange rate', { ...doc, currency: 'USD' }, 'data.doc.exchange_rates'],
    // The voucher it would be authorised as: under GOBL's "precise" rounding, asked for, 1.1234567891 × 1000.00
    // at 21% is payable 1359.38, and the voucher's parts, each to the cent, add up to 1359.39 (finding 8).
    [
      'a payable a cent away from the sum of the voucher\'s parts, under "precise" rounding',
      {
        ...doc,
        tax: { rounding: 'precise' },
        lines: [{ ...doc.lines[0], quantity: '1.1234567891', item: { ...doc.lines[0]?.item, price: '1000.00' } }],
      },
      'data.doc.totals.payable',
    ],
    // A discount larger than what it discounts: the voucher's VAT base would be negative, which the
    // authority never takes.
    [
      'a discount larger than the line it discounts',
      { ...doc, discounts: [{ reason: 'Bonificación', amount: '500.00', taxes: [{ cat: 'VAT', rate: 'general' }] }] },
      'data.doc.totals.taxes.categories.0.rates.0.base',
    ],
    ['no data', undefined, 'data'],
    ['a list as data', [doc], 'data'],
  ])('answers 422 naming the field for %s, before any other rule', async (_case, data, field) => {
    const { api_key } = await createWorkspace();
    const { status, body } = await postInvoice(api_key, data);
    expect(status).toBe(422);
    expect(body.code).toBe('validation_failed');
    expect(Object.keys(body.fields)).toContain(field);
  });
});
