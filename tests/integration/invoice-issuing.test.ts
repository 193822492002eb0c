// Issuing invoices at the (emulated) authority with the `ar-invoice` workflow: numbering after the
// authority's last, the CAE and the stamps on the entry, refusals, lost answers and batches.
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { readArcaQrUrl } from '@/lib/ar/arca/qr';
import { toFECAEDetRequest } from '@/lib/ar/arca/wsfe-detail';
import { authorityTicket } from '@/lib/authority/tickets';
import { getDb } from '@/lib/db/client';
import { authorityTickets, jobSteps } from '@/lib/db/schema';
import type { CalculableInvoice } from '@/lib/gobl/invoice';
import { openCredential } from '@/lib/gov-ar/credentials';
import {
  ensureSequence,
  queueSend,
  releaseSequenceLease,
  takeSequenceLease,
} from '@/lib/gov-ar/invoices/issuance-queries';
import { batchesSent } from '@/lib/gov-ar/invoices/batch-tally';
import { sendSequence } from '@/lib/gov-ar/invoices/sequence-sender';
import { listJobSteps } from '@/lib/transform/queries';
import { newId } from '@/lib/ids';
import { getRegisteredSupplierCredential, getSupplierCompanyRecord } from '@/lib/gov-ar/invoices/queries';
import { insertMetaRecords } from '@/lib/silo/queries';
import { claimNextStep, runClaimedStep } from '@/lib/transform/engine';
import { drainJobs } from '@/lib/transform/runner';
import { registerTemplate, templateNamed } from '@/lib/transform/templates';
import { drainWebhookDeliveries } from '@/lib/webhooks/delivery';
import { portal, portalGet } from '@/tests/support/emulator-client';
import { putInvoice, registeredSupplier } from '@/tests/support/invoices';
import { invoiceDoc } from '@/tests/support/invoice-docs';
import {
  argentinaToday,
  createInvoiceWorkflow,
  issuingSupplier,
  issue,
  readEntry,
  runUntilEnded,
  stampOf,
  storeInvoice,
} from '@/tests/support/issuing';
import { useEmulator } from '@/tests/support/registration';
import { useWebhookReceiver } from '@/tests/support/use-webhook-receiver';
import { consultar, solicitar, voucher } from '@/tests/support/wsfe-vouchers';
import * as pdfRoute from '@/app/silo/v1/entries/[id]/pdf/route';
import { call } from '@/tests/support/call';
import { flat, pdfText, readQrCodes } from '@/tests/support/pdf-tools';
import { createWorkspace, getJob } from '@/tests/support/scenario';

const emulator = useEmulator();
const receiverOf = useWebhookReceiver();

const readySupplier = () => issuingSupplier(emulator());

/**
 * `count` B invoices of a fresh supplier issued on `pointOfSale` while someone else sends the sequence: each is
 * queued and its send step waits to be woken. The other sender has let go by the time this answers.
 */
async function queuedBehindAnotherSender(pointOfSale: number, count: number) {
  const supplier = await readySupplier();
  const invoices = await Promise.all(
    Array.from({ length: count }, () => storeInvoice(supplier.apiKey, supplier.cuit, { series: String(pointOfSale) })),
  );
  const jobs = await Promise.all(
    invoices.map((invoice) => issue(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id)),
  );
  const sequence = await ensureSequence({ environment: 'sandbox', cuit: supplier.cuit, pointOfSale, docType: 6 });
  const other = newId();
  expect(await takeSequenceLease(sequence.id, other, 60)).toBeDefined();
  await drainJobs();
  await releaseSequenceLease(sequence.id, other);
  return { supplier, invoices, jobs, sequence };
}

describe('the ar-invoice workflow', () => {
  it("has the contract's steps, and the webhook before Sent when configured", async () => {
    const supplier = await registeredSupplier(emulator());
    const plain = await createInvoiceWorkflow(supplier.apiKey);
    expect(plain.steps.map((step) => step.name)).toEqual(['silo.status.processing', 'gov-ar.send', 'silo.status.sent']);
    expect(plain.rescue.map((step) => step.name)).toEqual(['silo.status.error']);
    const hooked = await createInvoiceWorkflow(supplier.apiKey, { webhook: { url: 'https://example.com/hook' } });
    expect(hooked.steps.map((step) => step.name)).toEqual([
      'silo.status.processing',
      'gov-ar.send',
      'webhook.send',
      'silo.status.sent',
    ]);
  });

  it('issues a B invoice to a final consumer: number, CAE, expiry and QR on the entry, Sent', async () => {
    const supplier = await readySupplier();
    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit);
    const job = await issue(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id);
    const [ended] = await runUntilEnded(supplier.apiKey, [job.id]);
    expect(ended.status).toBe('completed');
    const entry = await readEntry(supplier.apiKey, invoice.id);
    expect(entry.status).toBe('Sent');
    expect(entry.data.doc.code).toBe('00000001');
    expect(stampOf(entry, 'arca-cae')).toMatch(/^\d{14}$/);
    expect(stampOf(entry, 'arca-cae-expiry')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const qr = readArcaQrUrl(stampOf(entry, 'arca-qr')!);
    expect(qr).toMatchObject({
      ver: 1,
      fecha: argentinaToday(),
      cuit: Number(supplier.cuit),
      ptoVta: 1,
      tipoCmp: 6,
      nroCmp: 1,
      importe: 242,
      moneda: 'PES',
      ctz: 1,
      tipoDocRec: 99,
      nroDocRec: 0,
      tipoCodAut: 'E',
      codAut: Number(stampOf(entry, 'arca-cae')),
    });
  });

  // The store calculates an invoice that names no rounding rule under "currency" (round-then-sum), as the
  // voucher adds its parts: under GOBL's "precise" both of these were a cent away from their voucher.
  it.each([
    {
      name: 'ten decimals, 1.1234567891 × 1000.00 at 21% (B)',
      overrides: {
        lines: [
          {
            quantity: '1.1234567891',
            item: { name: 'Tornillos', price: '1000.00', key: 'goods' },
            taxes: [{ cat: 'VAT', rate: 'general' }],
          },
        ],
      },
      totals: { tax: '235.93', payable: '1359.39' },
    },
    {
      name: 'an ordinary A invoice, 0.50 at 21% and 1.00 at 10.5%',
      overrides: {
        tax: { ext: { 'ar-arca-doc-letter': 'A' } },
        lines: [
          { quantity: '1', item: { name: 'a', price: '0.50', key: 'goods' }, taxes: [{ cat: 'VAT', rate: 'general' }] },
          { quantity: '1', item: { name: 'b', price: '1.00', key: 'goods' }, taxes: [{ cat: 'VAT', rate: 'reduced' }] },
        ],
      },
      totals: { tax: '0.22', payable: '1.72' },
    },
  ])(
    "stores and issues $name by default: the stored payable is the authority's ImpTotal and the QR's importe",
    async ({ overrides, totals }) => {
      const supplier = await readySupplier();
      const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, overrides);
      expect(invoice.data.doc.tax).toMatchObject({ rounding: 'currency' });
      expect(invoice.data.doc.totals).toMatchObject(totals);
      const job = await issue(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id);
      const [ended] = await runUntilEnded(supplier.apiKey, [job.id]);
      expect(ended.status).toBe('completed');
      const entry = await readEntry(supplier.apiKey, invoice.id);
      const book = await portalGet(emulator(), `taxpayers/${supplier.cuit}?environment=sandbox`);
      expect(book.body.vouchers).toEqual([expect.objectContaining({ total: totals.payable })]);
      expect(readArcaQrUrl(stampOf(entry, 'arca-qr')!)).toMatchObject({ importe: Number(totals.payable) });
      expect(entry.data.doc.totals.payable).toBe(totals.payable);
    },
  );

  it("renders the issued invoice's PDF on first request and keeps it: its number, CAE and QR as stamped, served to its owner only", {
    timeout: 90_000,
  }, async () => {
    const supplier = await readySupplier();
    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '16' });
    const pdfOf = (apiKey: string) => call(pdfRoute.GET, { token: apiKey, params: { id: invoice.id } });
    expect((await pdfOf(supplier.apiKey)).status).toBe(404); // not issued yet
    await runUntilEnded(supplier.apiKey, [(await issue(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id)).id]);
    const entry = await readEntry(supplier.apiKey, invoice.id);
    const response = await pdfRoute.GET(
      new Request(`http://localhost/silo/v1/entries/${invoice.id}/pdf`, {
        headers: { authorization: `Bearer ${supplier.apiKey}` },
      }),
      { params: Promise.resolve({ id: invoice.id }) },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="FACTURA-B-00016-00000001.pdf"');
    const pdf = Buffer.from(await response.arrayBuffer());
    const text = flat(pdfText(pdf));
    expect(text).toContain(stampOf(entry, 'arca-cae'));
    expect(text).toContain('00016-00000001');
    expect(text).toContain('$ 242,00');
    expect(readQrCodes(pdf, 1)).toEqual([stampOf(entry, 'arca-qr')]);
    expect(entry.meta.find((record: { key: string }) => record.key === 'pdf')).toBeUndefined(); // not on the path to Sent
    const kept = await readEntry(supplier.apiKey, invoice.id);
    expect(kept.meta.find((record: { key: string }) => record.key === 'pdf')).toMatchObject({
      src: 'gov-ar',
      link_url: `https://wizard.test/silo/v1/entries/${invoice.id}/pdf`,
    });
    const again = await pdfRoute.GET(
      new Request(`http://localhost/silo/v1/entries/${invoice.id}/pdf`, {
        headers: { authorization: `Bearer ${supplier.apiKey}` },
      }),
      { params: Promise.resolve({ id: invoice.id }) },
    );
    expect(Buffer.from(await again.arrayBuffer()).equals(pdf)).toBe(true); // the one kept
    const stranger = await createWorkspace();
    expect((await pdfOf(stranger.api_key)).status).toBe(404);
  });

  it('prints the company data the supplier confirmed in the wizard, of that supplier only', {
    timeout: 90_000,
  }, async () => {
    const supplier = await readySupplier();
    const company = {
      legal_name: 'Tornillería del Plata S.R.L.',
      fiscal_address: 'Av. Corrientes 1234, CABA',
      tax_classification: 'responsable_inscripto',
      gross_income: '901-712345-6',
      started_on: '2015-03-02',
    };
    await insertMetaRecords(await getDb(), [
      {
        id: newId(),
        ownerId: supplier.ownerId,
        entryId: supplier.entryId,
        src: 'gov-ar',
        key: 'company',
        value: company,
      },
    ]);
    expect(await getSupplierCompanyRecord(supplier.ownerId, supplier.cuit)).toEqual(company);
    expect(await getSupplierCompanyRecord(supplier.ownerId, '20111111112')).toBeUndefined();
    expect(await getSupplierCompanyRecord(newId(), supplier.cuit)).toBeUndefined();

    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '17' });
    await runUntilEnded(supplier.apiKey, [(await issue(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id)).id]);
    const response = await pdfRoute.GET(
      new Request(`http://localhost/silo/v1/entries/${invoice.id}/pdf`, {
        headers: { authorization: `Bearer ${supplier.apiKey}` },
      }),
      { params: Promise.resolve({ id: invoice.id }) },
    );
    expect(response.status).toBe(200);
    const text = flat(pdfText(Buffer.from(await response.arrayBuffer())));
    expect(text).toContain('Razón social: Tornillería del Plata S.R.L.');
    expect(text).toContain('Av. Corrientes 1234, CABA');
    // RG 1415's issuer block whole: the Ingresos Brutos number and start the company step asked for.
    expect(text).toContain('Ingresos Brutos: 901-712345-6');
    expect(text).toContain('Fecha de inicio de actividades: 02/03/2015');
  });

  it('numbers one sequence without gaps or repeats: 20 invoices at once get 1..20 and 20 CAEs', async () => {
    const supplier = await readySupplier();
    const tallied = batchesSent();
    const invoices = await Promise.all(
      Array.from({ length: 20 }, () => storeInvoice(supplier.apiKey, supplier.cuit, { series: '7' })),
    );
    const jobs = await Promise.all(
      invoices.map((invoice) => issue(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id)),
    );
    await Promise.all([drainJobs(), drainJobs(), drainJobs()]);
    const ended = await runUntilEnded(
      supplier.apiKey,
      jobs.map((job) => job.id),
    );
    expect(ended.map((job) => job.status)).toEqual(jobs.map(() => 'completed'));
    const entries = await Promise.all(invoices.map((invoice) => readEntry(supplier.apiKey, invoice.id)));
    expect(entries.map((entry) => Number(entry.data.doc.code)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(new Set(entries.map((entry) => stampOf(entry, 'arca-cae'))).size).toBe(20);
    // What the bench prints of the sender's batches: the 20, each batch timed with the authority's part in it.
    const now = batchesSent();
    expect(now.invoices - tallied.invoices).toBe(20);
    expect(now.batches - tallied.batches).toBeGreaterThanOrEqual(1);
    expect(now.authorityMs - tallied.authorityMs).toBeGreaterThan(0);
    expect(now.ms - tallied.ms).toBeGreaterThan(now.authorityMs - tallied.authorityMs);
  });

  it('completes the send steps of the invoices a sender settled for them, and the inline steps after: each runs once', async () => {
    const { supplier, invoices, jobs, sequence } = await queuedBehindAnotherSender(8, 3);
    const sendStep = async (jobId: string) => (await listJobSteps(jobId)).find((step) => step.name === 'gov-ar.send')!;
    for (const job of jobs) expect(await sendStep(job.id)).toMatchObject({ status: 'ready', attempts: 1 });

    // A sender sends the three in one batch and records each step's end itself.
    expect(await sendSequence(sequence.id)).toEqual({ kind: 'idle' });
    const numbers: number[] = [];
    for (const job of jobs) {
      const step = await sendStep(job.id);
      expect(step).toMatchObject({ status: 'completed', attempts: 1 });
      numbers.push(Number(step.message!.match(/^Authorised as number (\d+), CAE \d{14}\.$/)![1]));
      // The inline step after it (Sent) ran with the sender, in its transaction: never claimed, the job ended.
      const setSent = (await listJobSteps(job.id)).find((row) => row.name === 'silo.status.sent')!;
      expect(setSent).toMatchObject({ status: 'completed', attempts: 0 });
      expect((await getJob(supplier.apiKey, job.id)).body).toMatchObject({ status: 'completed' });
    }
    expect(numbers.sort()).toEqual([1, 2, 3]);
    expect(await drainJobs()).toBe(0);
    for (const job of jobs) expect((await sendStep(job.id)).attempts).toBe(1);
    const entries = await Promise.all(invoices.map((invoice) => readEntry(supplier.apiKey, invoice.id)));
    expect(entries.map((entry) => entry.status)).toEqual(['Sent', 'Sent', 'Sent']);
  });

  it("leaves the inline steps after a sender's batch to their runners when one throws: the batch's record stands", async () => {
    const { supplier, invoices, jobs, sequence } = await queuedBehindAnotherSender(18, 2);

    const template = templateNamed('ar-invoice')!;
    const broken = async () => {
      throw new Error('a status step that fails');
    };
    registerTemplate({ ...template, inline: { ...template.inline, 'silo.status.sent': broken } });
    try {
      expect(await sendSequence(sequence.id)).toEqual({ kind: 'idle' });
    } finally {
      registerTemplate(template);
    }
    for (const job of jobs) {
      const steps = await listJobSteps(job.id);
      expect(steps.find((step) => step.name === 'gov-ar.send')).toMatchObject({ status: 'completed', attempts: 1 });
      expect(steps.find((step) => step.name === 'silo.status.sent')).toMatchObject({ status: 'ready', attempts: 0 });
    }
    const entries = await Promise.all(invoices.map((invoice) => readEntry(supplier.apiKey, invoice.id)));
    expect(entries.map((entry) => entry.status)).toEqual(['Sent', 'Sent']);
    expect(entries.every((entry) => stampOf(entry, 'arca-cae'))).toBe(true);

    expect(await drainJobs()).toBe(2);
    for (const job of jobs) expect((await getJob(supplier.apiKey, job.id)).body).toMatchObject({ status: 'completed' });
  });

  it('sets the statuses inline: Sent with the stamps by the sender, and recorded in the transaction that ends the send step', async () => {
    const supplier = await readySupplier();
    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '9' });
    const job = await issue(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id);
    const first = await claimNextStep(job.id);
    expect(first).toMatchObject({ name: 'silo.status.processing', template: 'ar-invoice' });
    const step = await runClaimedStep(first!, true);
    expect(step).toMatchObject({ name: 'gov-ar.send', status: 'running' });
    expect((await readEntry(supplier.apiKey, invoice.id)).status).toBe('Processing');
    expect((await getJob(supplier.apiKey, job.id)).body.status).toBe('running'); // moved by the inline step

    // The runner that ends the send step is handed nothing more: Sent was set and recorded on the way.
    expect(await runClaimedStep(step!, true)).toBeUndefined();
    expect((await readEntry(supplier.apiKey, invoice.id)).status).toBe('Sent');
    const steps = await listJobSteps(job.id);
    expect(steps.filter((each) => !each.rescue).map((each) => [each.name, each.status])).toEqual([
      ['silo.status.processing', 'completed'],
      ['gov-ar.send', 'completed'],
      ['silo.status.sent', 'completed'],
    ]);
    expect(steps.find((each) => each.name === 'silo.status.sent')).toMatchObject({ attempts: 1, lockedUntil: null });
    expect((await getJob(supplier.apiKey, job.id)).body.status).toBe('completed');
    const next = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '9' });
    await runUntilEnded(supplier.apiKey, [(await issue(supplier.apiKey, supplier.invoiceWorkflowId, next.id)).id]);
    expect((await readEntry(supplier.apiKey, next.id)).data.doc.code).toBe('00000002');
  });

  it('undoes an inline status change whose step another runner took over: the late runner records nothing', async () => {
    const supplier = await readySupplier();
    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '9' });
    const job = await issue(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id);
    const before = (await readEntry(supplier.apiKey, invoice.id)).status;
    const claimed = await claimNextStep(job.id);
    const db = await getDb();
    await db
      .update(jobSteps)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobSteps.id, claimed!.id));
    const takenOver = await claimNextStep(job.id);
    expect(takenOver).toMatchObject({ id: claimed!.id, attempts: 2 });

    expect(await runClaimedStep(claimed!, true)).toBeUndefined();
    expect((await readEntry(supplier.apiKey, invoice.id)).status).toBe(before);
    expect((await listJobSteps(job.id))[0]).toMatchObject({ status: 'running', attempts: 2 });

    expect(await runClaimedStep(takenOver!, true)).toMatchObject({ name: 'gov-ar.send' });
    expect((await readEntry(supplier.apiKey, invoice.id)).status).toBe('Processing');
  });

  it('after a lost answer asks the authority first and adopts its CAE: one CAE, no gap', async () => {
    const supplier = await readySupplier();
    const fault = await portal(emulator(), 'faults', {
      environment: 'sandbox',
      operation: 'FECAESolicitar',
      fault: 'drop_response',
      count: 1,
    });
    expect(fault.status).toBe(201);
    const first = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '8' });
    const job = await issue(supplier.apiKey, supplier.invoiceWorkflowId, first.id);
    await runUntilEnded(supplier.apiKey, [job.id]);
    const entry = await readEntry(supplier.apiKey, first.id);
    expect(entry.status).toBe('Sent');
    expect(entry.data.doc.code).toBe('00000001');
    const second = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '8' });
    await runUntilEnded(supplier.apiKey, [(await issue(supplier.apiKey, supplier.invoiceWorkflowId, second.id)).id]);
    expect((await readEntry(supplier.apiKey, second.id)).data.doc.code).toBe('00000002');
  });

  it("refuses an issue date before the sequence's last with the authority's 10016, and the number stays free", async () => {
    const supplier = await readySupplier();
    const today = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '9' });
    await runUntilEnded(supplier.apiKey, [(await issue(supplier.apiKey, supplier.invoiceWorkflowId, today.id)).id]);
    const earlier = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '9', issue_date: argentinaToday(-2) });
    const job = await issue(supplier.apiKey, supplier.invoiceWorkflowId, earlier.id);
    const [ended] = await runUntilEnded(supplier.apiKey, [job.id]);
    expect(ended.status).toBe('failed');
    expect(ended.steps.find((step: { name: string }) => step.name === 'gov-ar.send').message).toContain('10016');
    const refused = await readEntry(supplier.apiKey, earlier.id);
    expect(refused.status).toBe('Error');
    expect(refused.data.doc.code).toBeUndefined();
    expect(refused.meta.find((record: { key: string }) => record.key === 'arca-errors').value).toEqual([
      { code: 10016, message: expect.any(String) },
    ]);
    const next = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '9' });
    await runUntilEnded(supplier.apiKey, [(await issue(supplier.apiKey, supplier.invoiceWorkflowId, next.id)).id]);
    expect((await readEntry(supplier.apiKey, next.id)).data.doc.code).toBe('00000002');
  });

  it("refuses an invoice dated before the sequence's last whose answer was lost: asked again, not held in doubt", async () => {
    const supplier = await readySupplier();
    const today = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '19' });
    await runUntilEnded(supplier.apiKey, [(await issue(supplier.apiKey, supplier.invoiceWorkflowId, today.id)).id]);
    const fault = await portal(emulator(), 'faults', {
      environment: 'sandbox',
      operation: 'FECAESolicitar',
      fault: 'drop_response',
      count: 1,
    });
    expect(fault.status).toBe(201);
    // Its first request is refused (10016) and the answer lost: in doubt. Sent again with its number, it is
    // refused again for its number alone, and its date before voucher 1's says why.
    const earlier = await storeInvoice(supplier.apiKey, supplier.cuit, {
      series: '19',
      issue_date: argentinaToday(-2),
    });
    const [ended] = await runUntilEnded(supplier.apiKey, [
      (await issue(supplier.apiKey, supplier.invoiceWorkflowId, earlier.id)).id,
    ]);
    expect(ended.status).toBe('failed');
    expect(ended.steps.find((step: { name: string }) => step.name === 'gov-ar.send').message).toContain('10016');
    expect((await readEntry(supplier.apiKey, earlier.id)).status).toBe('Error');
    const next = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '19' });
    await runUntilEnded(supplier.apiKey, [(await issue(supplier.apiKey, supplier.invoiceWorkflowId, next.id)).id]);
    expect((await readEntry(supplier.apiKey, next.id)).data.doc.code).toBe('00000002');
  });

  it('waits out the lockout of a ticket lost before we kept it, then issues: the certificate is not unusable', async () => {
    const supplier = await readySupplier();
    const credential = (await getRegisteredSupplierCredential(supplier.ownerId, 'sandbox', supplier.cuit))!;
    const db = await getDb();
    const loseTicket = () =>
      db.delete(authorityTickets).where(eq(authorityTickets.fingerprint, credential.fingerprint));
    const lockout = process.env.AR_EMULATOR_WSAA_LOCKOUT_SECONDS;
    try {
      // The authority issues a ticket now, and we lose it, as a process killed between its answer and our record.
      process.env.AR_EMULATOR_WSAA_LOCKOUT_SECONDS = '0';
      await loseTicket();
      await authorityTicket(await openCredential(credential), 'wsfe');
      process.env.AR_EMULATOR_WSAA_LOCKOUT_SECONDS = '3';
      await loseTicket();
      const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '21' });
      const job = await issue(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id);
      await drainJobs();
      const waiting = (await listJobSteps(job.id)).find((step) => step.name === 'gov-ar.send')!;
      expect(waiting).toMatchObject({ status: 'ready' });
      expect(waiting.message).toContain('lost before we kept it');
      const [ended] = await runUntilEnded(supplier.apiKey, [job.id]);
      expect(ended.status).toBe('completed');
      expect((await readEntry(supplier.apiKey, invoice.id)).status).toBe('Sent');
    } finally {
      if (lockout === undefined) delete process.env.AR_EMULATOR_WSAA_LOCKOUT_SECONDS;
      else process.env.AR_EMULATOR_WSAA_LOCKOUT_SECONDS = lockout;
    }
  });

  it('issues a refused invoice again once corrected in place (PUT) by a new job', async () => {
    const supplier = await readySupplier();
    const first = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '12' });
    await runUntilEnded(supplier.apiKey, [(await issue(supplier.apiKey, supplier.invoiceWorkflowId, first.id)).id]);
    const stale = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '12', issue_date: argentinaToday(-3) });
    await runUntilEnded(supplier.apiKey, [(await issue(supplier.apiKey, supplier.invoiceWorkflowId, stale.id)).id]);
    expect((await readEntry(supplier.apiKey, stale.id)).status).toBe('Error');
    const { code: _code, ...corrected } = invoiceDoc(supplier.cuit, { series: '12', issue_date: argentinaToday() });
    const put = await putInvoice(supplier.apiKey, stale.id, corrected);
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: stale.id, status: 'Empty', data: { doc: { issue_date: argentinaToday() } } });
    const [ended] = await runUntilEnded(supplier.apiKey, [
      (await issue(supplier.apiKey, supplier.invoiceWorkflowId, stale.id)).id,
    ]);
    expect(ended.status).toBe('completed');
    const sent = await readEntry(supplier.apiKey, stale.id);
    expect(sent).toMatchObject({ status: 'Sent', data: { doc: { code: '00000002' } } });
    // The refusal no longer holds: a Sent invoice carries no arca-errors record, and is corrected no more.
    expect(sent.meta.some((record: { key: string }) => record.key === 'arca-errors')).toBe(false);
    expect((await putInvoice(supplier.apiKey, stale.id, { ...corrected, series: '13' })).status).toBe(409);
  });

  it('fails with sequence_conflict, overwriting nothing, when another voucher holds the number an invoice went out with', async () => {
    const supplier = await readySupplier();
    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '14' });
    const job = await issue(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id);
    // The invoice was numbered 1 and written as going out, then the process died before the request left
    // (its answer is lost); meanwhile another system issued number 1 on the same point of sale.
    const sequence = await ensureSequence({ environment: 'sandbox', cuit: supplier.cuit, pointOfSale: 14, docType: 6 });
    const detail = toFECAEDetRequest(invoice.data.doc as CalculableInvoice).detail;
    await queueSend({
      ownerId: supplier.ownerId,
      sequenceId: sequence.id,
      entryId: invoice.id,
      jobId: job.id,
      detail,
      issueDate: argentinaToday(),
    });
    const db = await getDb();
    await db.execute(sql`update invoice_sends set state = 'sending', number = 1 where job_id = ${job.id}`);
    const credential = (await getRegisteredSupplierCredential(supplier.ownerId, 'sandbox', supplier.cuit))!;
    const ticket = await authorityTicket(await openCredential(credential), 'wsfe');
    const other = await solicitar(
      emulator(),
      'sandbox',
      { token: ticket.token, sign: ticket.sign, cuit: supplier.cuit },
      { pointOfSale: 14, voucherType: 6 },
      [voucher('B', 1, { ImpTotal: 605, ImpNeto: 500, ImpIVA: 105, Iva: [{ Id: 5, BaseImp: 500, Importe: 105 }] })],
    );
    expect(other.head.Resultado).toBe('A');

    const [ended] = await runUntilEnded(supplier.apiKey, [job.id]);
    expect(ended.status).toBe('failed');
    expect(ended.steps.find((step: { name: string }) => step.name === 'gov-ar.send').message).toContain(
      'sequence_conflict',
    );
    const entry = await readEntry(supplier.apiKey, invoice.id);
    expect(entry.status).toBe('Error');
    expect(entry.data.doc.code).toBeUndefined();
    expect(stampOf(entry, 'arca-cae')).toBeUndefined();
    expect(entry.meta.find((record: { key: string }) => record.key === 'arca-errors').value).toEqual([
      { code: 'sequence_conflict', message: expect.stringContaining('another system') },
    ]);
    // The other system's voucher stands as it was.
    const held = await consultar(
      emulator(),
      'sandbox',
      { token: ticket.token, sign: ticket.sign, cuit: supplier.cuit },
      14,
      6,
      1,
    );
    expect(held.result.ResultGet.ImpTotal).toBe('605');
  });

  it('raises invoice.sent with the number and stamps, and invoice.rejected (in the rescue) with the errors', async () => {
    const supplier = await registeredSupplier(emulator());
    const workflow = await createInvoiceWorkflow(supplier.apiKey, { webhook: { url: receiverOf().url() } });
    expect(workflow.rescue.map((step) => step.name)).toEqual(['silo.status.error', 'webhook.send']);
    const good = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '15' });
    // Dated before the sequence's last voucher (within the window the store takes): the authority's 10016.
    const stale = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '15', issue_date: argentinaToday(-2) });
    const jobs = [await issue(supplier.apiKey, workflow.id, good.id)];
    await runUntilEnded(supplier.apiKey, [jobs[0]!.id]);
    jobs.push(await issue(supplier.apiKey, workflow.id, stale.id));
    await runUntilEnded(supplier.apiKey, [jobs[1]!.id]);
    await drainWebhookDeliveries();
    const events = receiverOf().deliveries.map((delivery) => JSON.parse(delivery.body));
    const sent = events.find((event) => event.event === 'invoice.sent');
    const entry = await readEntry(supplier.apiKey, good.id);
    expect(sent).toMatchObject({
      silo_entry_id: good.id,
      transform_job_id: jobs[0]!.id,
      data: {
        status: 'Sent',
        code: '00000001',
        cae: stampOf(entry, 'arca-cae'),
        cae_expiry: stampOf(entry, 'arca-cae-expiry'),
        qr: stampOf(entry, 'arca-qr'),
        pdf_url: `https://wizard.test/silo/v1/entries/${good.id}/pdf`,
      },
    });
    const rejected = events.find((event) => event.event === 'invoice.rejected');
    expect(rejected).toMatchObject({
      silo_entry_id: stale.id,
      data: { status: 'Error', errors: [{ code: expect.any(Number), message: expect.any(String) }] },
    });
  });

  it('retries while the authority is down and loses nothing', async () => {
    const supplier = await readySupplier();
    await portal(emulator(), 'faults', {
      environment: 'sandbox',
      operation: 'FECAESolicitar',
      fault: 'unavailable',
      count: 2,
    });
    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '10' });
    const job = await issue(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id);
    await drainJobs();
    const waiting = (await getJob(supplier.apiKey, job.id)).body;
    expect(waiting.status).toBe('running');
    expect(waiting.steps.find((step: { name: string }) => step.name === 'gov-ar.send').message).toContain(
      'did not answer',
    );
    const [ended] = await runUntilEnded(supplier.apiKey, [job.id], 30_000);
    expect(ended.status).toBe('completed');
    expect((await readEntry(supplier.apiKey, invoice.id)).data.doc.code).toBe('00000001');
  });

  it('refuses a second job on a Sent invoice', async () => {
    const supplier = await readySupplier();
    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '11' });
    await runUntilEnded(supplier.apiKey, [(await issue(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id)).id]);
    const again = await import('@/tests/support/scenario').then(({ startJob }) =>
      startJob(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id),
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('invoice_already_sent');
  });
});
