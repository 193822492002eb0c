// `"check_customer": true` on the workspace's ar-invoice workflow: a stored invoice whose customer the
// authority's register contradicts (unknown, inactive, an A to someone not in IVA) is refused at store in the
// register's words, nothing stored (so no number used); the register down, the invoice is stored unchecked;
// without the option the register is not asked.
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { expectDocumented } from '@/tests/support/documented';
import { portal } from '@/tests/support/emulator-client';
import { invoiceDoc } from '@/tests/support/invoice-docs';
import { countInvoices, postInvoice, registeredSupplier } from '@/tests/support/invoices';
import { argentinaToday, createInvoiceWorkflow } from '@/tests/support/issuing';
import { useEmulator } from '@/tests/support/registration';
import { freshCuit } from '@/tests/support/scenario';

const emulator = useEmulator();
beforeAll(() => getDb(), 120_000);
const CONSUMIDOR_FINAL = '20400000019';
const INACTIVE = '30999999987';

/** An A invoice of the supplier to this customer CUIT, dated today. */
function invoiceA(supplierCuit: string, customerCuit: string) {
  const { code: _code, ...doc } = invoiceDoc(supplierCuit, {
    issue_date: argentinaToday(),
    tax: { ext: { 'ar-arca-doc-letter': 'A' } },
    customer: { name: 'Cliente', tax_id: { country: 'AR', code: customerCuit }, ext: { 'ar-arca-vat-status': '1' } },
  });
  return doc;
}

async function setTaxpayer(body: Record<string, unknown>) {
  expect((await portal(emulator(), 'taxpayers', { environment: 'sandbox', ...body })).status).toBe(201);
}

async function checkingSupplier() {
  const supplier = await registeredSupplier(emulator());
  const workflow = await createInvoiceWorkflow(supplier.apiKey, { check_customer: true });
  expect(workflow).toMatchObject({ check_customer: true });
  return supplier;
}

describe('check_customer at store', () => {
  it('stores an A to a customer the register lists in IVA, and refuses the register contradicted, nothing stored', async () => {
    const supplier = await checkingSupplier();
    const inscripto = freshCuit();
    await setTaxpayer({ cuit: inscripto, name: 'Cliente Inscripto S.A.', vat_status: 'responsable_inscripto' });
    expect((await postInvoice(supplier.apiKey, invoiceA(supplier.cuit, inscripto))).status).toBe(201);

    const refusals: [string, string, RegExp][] = [
      ['an A to a consumidor final', CONSUMIDOR_FINAL, /«Consumidor Final».*issue a B/],
      ['an inactive CUIT', INACTIVE, /«INACTIVO»/],
      ['a CUIT the register does not hold', freshCuit(), /«No existe persona con ese Id»/],
    ];
    for (const [what, customer, words] of refusals) {
      const answer = await postInvoice(supplier.apiKey, invoiceA(supplier.cuit, customer));
      expect(answer.status, what).toBe(422);
      expectDocumented('POST /silo/v1/entries', answer);
      expect(answer.body.code, what).toBe('customer_register_mismatch');
      expect(answer.body.message, what).toMatch(words);
      expect(Object.keys(answer.body.fields), what).toEqual(['data.doc.customer.tax_id.code']);
    }
    expect(await countInvoices(supplier.ownerId)).toBe(1);
  });

  it('stores an A to a Monotributista (RG 5003)', async () => {
    const supplier = await checkingSupplier();
    const answer = await postInvoice(supplier.apiKey, invoiceA(supplier.cuit, '27900000001'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  });

  it('steps aside when the register is down: the invoice is stored', async () => {
    const supplier = await checkingSupplier();
    const consumer = freshCuit('20');
    await setTaxpayer({ cuit: consumer, name: 'Consumidor Nuevo', vat_status: 'consumidor_final' });
    await portal(emulator(), 'faults', {
      environment: 'sandbox',
      operation: 'getPersona_v2',
      fault: 'unavailable',
      count: 1,
    });
    expect((await postInvoice(supplier.apiKey, invoiceA(supplier.cuit, consumer))).status).toBe(201);
  });

  it('is not asked without the option', async () => {
    const supplier = await registeredSupplier(emulator());
    await createInvoiceWorkflow(supplier.apiKey);
    expect((await postInvoice(supplier.apiKey, invoiceA(supplier.cuit, CONSUMIDOR_FINAL))).status).toBe(201);
  });
});
