// A PDF past the render's limits fails alone, through the real flow: with this process's pool limited to
// 3 s and 32 MiB a render (PDF_RENDER_TIME_LIMIT_MS, PDF_RENDER_MEMORY_MB), a 2 000-line invoice issued at the emulated authority answers
// `422 pdf_render_failed` at `GET /silo/v1/entries/{id}/pdf`, never a 500, and stays Sent, while the same
// workspace's one-line invoice is rendered at once by a fresh thread.
import { afterAll, describe, expect, it } from 'vitest';
import * as pdfRoute from '@/app/silo/v1/entries/[id]/pdf/route';
import { expectDocumented } from '@/tests/support/documented';
import { registeredSupplier } from '@/tests/support/invoices';
import { createInvoiceWorkflow, issue, readEntry, runUntilEnded, storeInvoice } from '@/tests/support/issuing';
import { useEmulator } from '@/tests/support/registration';

// Read when the process's pool is made, on the first render (none has run in this file yet).
process.env.PDF_RENDER_TIME_LIMIT_MS = '3000';
process.env.PDF_RENDER_MEMORY_MB = '32';
afterAll(() => {
  delete process.env.PDF_RENDER_TIME_LIMIT_MS;
  delete process.env.PDF_RENDER_MEMORY_MB;
});

const emulator = useEmulator();

const line = (at: number) => ({
  quantity: '1',
  item: { name: `Artículo ${at + 1} ${'palabra '.repeat(30)}`, price: '10.00', key: 'goods' },
  taxes: [{ cat: 'VAT', rate: 'general' }],
});

async function downloadPdf(apiKey: string, id: string) {
  const response = await pdfRoute.GET(
    new Request(`http://localhost/silo/v1/entries/${id}/pdf`, { headers: { authorization: `Bearer ${apiKey}` } }),
    { params: Promise.resolve({ id }) },
  );
  const type = response.headers.get('content-type') ?? '';
  return { status: response.status, body: type.includes('json') ? await response.json() : undefined };
}

describe('an invoice whose PDF is past the limits of a render', () => {
  it('answers 422 pdf_render_failed for that PDF alone', { timeout: 180_000 }, async () => {
    const supplier = await registeredSupplier(emulator());
    const workflow = await createInvoiceWorkflow(supplier.apiKey);
    const heavy = await storeInvoice(supplier.apiKey, supplier.cuit, {
      lines: Array.from({ length: 2_000 }, (_, at) => line(at)),
    });
    const light = await storeInvoice(supplier.apiKey, supplier.cuit);
    const jobs = [
      (await issue(supplier.apiKey, workflow.id, heavy.id)).id,
      (await issue(supplier.apiKey, workflow.id, light.id)).id,
    ];
    const ended = await runUntilEnded(supplier.apiKey, jobs, 60_000);
    expect(ended.map((job) => job.status)).toEqual(['completed', 'completed']);

    const refused = await downloadPdf(supplier.apiKey, heavy.id);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('pdf_render_failed');
    expect(refused.body.message).toMatch(
      new RegExp(
        `^Entry ${heavy.id}'s PDF could not be made: its PDF (took more than 3 s|needed more than 32 MiB) to render\\. The invoice stands`,
      ),
    );
    expectDocumented('GET /silo/v1/entries/{id}/pdf', refused);
    expect((await readEntry(supplier.apiKey, heavy.id)).status).toBe('Sent');

    expect((await downloadPdf(supplier.apiKey, light.id)).status).toBe(200);
  });
});
