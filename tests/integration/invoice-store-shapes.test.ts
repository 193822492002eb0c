// Bad input is refused when the invoice is stored, never found later by the PDF: through the real handlers,
// a field of the wrong JSON type anywhere GOBL types it, or text past the store's limits, is
// `422 validation_failed` naming the field; an invoice filling every typed field is stored, issued and printed.
import { describe, expect, it } from 'vitest';
import * as entriesRoute from '@/app/silo/v1/entries/route';
import * as pdfRoute from '@/app/silo/v1/entries/[id]/pdf/route';
import { MAX_JSON_BODY_BYTES } from '@/lib/api/body';
import { call } from '@/tests/support/call';
import { postInvoice, registeredSupplier } from '@/tests/support/invoices';
import { invoiceDoc, richInvoiceDoc, richInvoiceEnvelope } from '@/tests/support/invoice-docs';
import { argentinaToday, createInvoiceWorkflow, issue, readEntry, runUntilEnded } from '@/tests/support/issuing';
import { flat, pdfText } from '@/tests/support/pdf-tools';
import { useEmulator } from '@/tests/support/registration';

const emulator = useEmulator();

/** The document with `value` at the dotted `path` (numbers index arrays). */
function withValue(doc: Record<string, unknown>, path: string, value: unknown) {
  const copy = structuredClone(doc);
  const keys = path.split('.');
  let node = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1)!] = value;
  return copy;
}

describe('an invoice with a field of the wrong type or size', () => {
  it.each([
    // Reproduced: stored (201), then the PDF crashed on `region.trim`.
    ['supplier.addresses.0.region', 7, 'must be text (a string) of at most 1000 characters'],
    ['supplier.addresses.0.coords.lat', '-34.6', 'a latitude is a number'],
    ['supplier.emails.0.addr', 5, 'must be text (a string) of at most 1000 characters'],
    ['supplier.telephones.0.num', { n: 1 }, 'must be text (a string) of at most 300 characters'],
    ['supplier.people.0.name.given', ['Ana'], 'must be text (a string) of at most 1000 characters'],
    ['customer.name', 42, 'must be text (a string) of at most 1000 characters'],
    ['customer.addresses', 'Av. Santa Fe 2500', 'must be a list (an array)'],
    ['customer.identities.0.code', 25123456, 'must be text (a string) of at most 300 characters'],
    ['lines.0.item.name', 'x'.repeat(100_000), 'at most 1000 characters'],
    ['lines.0.item.unit', 1, 'must be text (a string) of at most 300 characters'],
    ['lines.0.item.ref', true, 'must be text (a string) of at most 300 characters'],
    ['lines.0.notes.0.text', {}, 'must be text (a string) of at most 5000 characters'],
    ['lines.0.discounts.0.reason', 3, 'must be text (a string) of at most 5000 characters'],
    ['notes.0.text', 'n'.repeat(5_001), 'at most 5000 characters'],
    ['payment.instructions.card.last4', 1234, 'must be text (a string) of at most 300 characters'],
    ['payment.terms.notes', false, 'must be text (a string) of at most 5000 characters'],
    ['ordering.code', 42, 'must be text (a string) of at most 300 characters'],
  ] as const)('data.doc.%s of the wrong type or size is 422 naming it', async (path, value, reason) => {
    const supplier = await registeredSupplier(emulator());
    const refused = await postInvoice(supplier.apiKey, withValue(richInvoiceDoc(supplier.cuit), path, value));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'validation_failed', fields: { [`data.doc.${path}`]: reason } });
  });

  it('is refused whole past the body limit (413), well above any invoice the limits allow', async () => {
    const supplier = await registeredSupplier(emulator());
    const huge = invoiceDoc(supplier.cuit, { notes: [{ text: 'x'.repeat(MAX_JSON_BODY_BYTES) }] });
    const refused = await call(entriesRoute.POST, { token: supplier.apiKey, body: { folder: 'invoices', data: huge } });
    expect(refused.status).toBe(413);
    expect(refused.body.code).toBe('payload_too_large');
  });
});

describe('an invoice filling every field the store types', () => {
  it('is stored, issued and printed', { timeout: 60_000 }, async () => {
    const supplier = await registeredSupplier(emulator());
    const workflow = await createInvoiceWorkflow(supplier.apiKey);
    const envelope = richInvoiceEnvelope(supplier.cuit, { issue_date: argentinaToday(), op_date: argentinaToday() });
    const stored = await postInvoice(supplier.apiKey, envelope);
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    const [job] = await runUntilEnded(supplier.apiKey, [
      (await issue(supplier.apiKey, workflow.id, stored.body.id)).id,
    ]);
    expect(job.status, JSON.stringify(job.steps)).toBe('completed');
    expect((await readEntry(supplier.apiKey, stored.body.id)).status).toBe('Sent');
    const response = await pdfRoute.GET(
      new Request(`http://localhost/silo/v1/entries/${stored.body.id}/pdf`, {
        headers: { authorization: `Bearer ${supplier.apiKey}` },
      }),
      { params: Promise.resolve({ id: stored.body.id }) },
    );
    expect(response.status).toBe(200);
    const text = flat(pdfText(Buffer.from(await response.arrayBuffer())));
    expect(text).toContain('Proveedor Completo S.A.');
    expect(text).toContain('Tornillos galvanizados');
  });
});
