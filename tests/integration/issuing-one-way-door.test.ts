// Issuing as a one-way door: whatever fails on the way (a proxy's error after the authority acted, a record
// that lags, a lease that runs long, a certificate that lapses, a job that fails), one invoice gets one
// voucher at the authority, and an authorised invoice stays Sent. Each test is one of the ways an invoice
// could be authorised twice (or lose its CAE) that a reading of the issuing code found.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { toFECAEDetRequest } from '@/lib/ar/arca/wsfe-detail';
import { authorityTicket } from '@/lib/authority/tickets';
import { getDb, inTransaction } from '@/lib/db/client';
import { credentials, invoiceSends, jobSteps, invoiceSequences } from '@/lib/db/schema';
import type { CalculableInvoice } from '@/lib/gobl/invoice';
import { openCredential } from '@/lib/gov-ar/credentials';
import {
  ensureSequence,
  getSendByJob,
  queueSend,
  releaseSequenceLease,
  takeSequenceLease,
} from '@/lib/gov-ar/invoices/issuance-queries';
import { getRegisteredSupplierCredential } from '@/lib/gov-ar/invoices/queries';
import { authoritiesOf, canSpeak } from '@/lib/gov-ar/invoices/sequence-authority';
import { takeLease } from '@/lib/gov-ar/invoices/sequence-lease';
import { sendFreshBatch } from '@/lib/gov-ar/invoices/send-batch';
import { newId } from '@/lib/ids';
import { templateNamed } from '@/lib/transform/templates';
import { claimNextStep, runClaimedStep } from '@/lib/transform/engine';
import { drainJobs } from '@/lib/transform/runner';
import { getJobByIdAnyOwner } from '@/lib/transform/queries';
import { portal } from '@/tests/support/emulator-client';
import { startAuthorityProxy, type AuthorityProxy } from '@/tests/support/authority-proxy';
import { completeRegistration, putInvoice } from '@/tests/support/invoices';
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
import { startRegistration, useEmulator } from '@/tests/support/registration';
import { createSupplier, readyWorkspace, startJob } from '@/tests/support/scenario';
import { consultar, lastNumber, solicitar, voucher } from '@/tests/support/wsfe-vouchers';

const emulator = useEmulator();
let proxy: AuthorityProxy;
beforeAll(async () => {
  proxy = await startAuthorityProxy(emulator);
  process.env.AR_EMULATOR_URL = proxy.url;
});
afterAll(async () => {
  process.env.AR_EMULATOR_URL = emulator();
  await proxy.close();
});

const readySupplier = () => issuingSupplier(emulator());

type Supplier = Awaited<ReturnType<typeof readySupplier>>;

/** The supplier's own WSAA ticket, to read the authority's book as the supplier. */
async function authOf(supplier: { ownerId: string; cuit: string }) {
  const credential = (await getRegisteredSupplierCredential(supplier.ownerId, 'sandbox', supplier.cuit))!;
  const ticket = await authorityTicket(await openCredential(credential), 'wsfe');
  return { token: ticket.token, sign: ticket.sign, cuit: supplier.cuit };
}

/** How many vouchers the authority holds on the sequence (B, point of sale `series`). */
async function authorityLast(supplier: Supplier, series: number) {
  return Number((await lastNumber(emulator(), 'sandbox', await authOf(supplier), series, 6)).CbteNro);
}

const sequenceOf = (supplier: { cuit: string }, series: number) =>
  ensureSequence({ environment: 'sandbox', cuit: supplier.cuit, pointOfSale: series, docType: 6 });

/** The invoice queued on its sequence (B, point of sale `series`) as its job's send step would queue it. */
async function queuedAsItsStepWould(
  supplier: Supplier,
  invoice: { id: string; data: { doc: Record<string, unknown> } },
  jobId: string,
  series: number,
) {
  const detail = toFECAEDetRequest(invoice.data.doc as CalculableInvoice).detail;
  const send = await queueSend({
    ownerId: supplier.ownerId,
    sequenceId: (await sequenceOf(supplier, series)).id,
    entryId: invoice.id,
    jobId,
    detail,
    issueDate: argentinaToday(),
  });
  return { send, detail };
}

/** Runs the job's steps that are runnable now, repeatedly, until `done` holds (or the time runs out). */
async function runUntil(done: () => Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await drainJobs();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Makes the job's waiting step runnable now (its retry wait is not what the test is about). */
async function wakeJob(jobId: string) {
  const db = await getDb();
  await db.update(jobSteps).set({ runAt: new Date() }).where(eq(jobSteps.jobId, jobId));
}

describe('one invoice, one voucher at the authority', () => {
  it('a proxy error after the authority authorised (HTTP 502) leaves the invoice in doubt, then adopts its CAE', async () => {
    const supplier = await readySupplier();
    proxy.errorAfterCommit(1);
    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '21' });
    const job = await issue(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id);
    await drainJobs();
    // The authority authorised number 1; we heard a 502: not a refusal, so nothing is sent again blindly.
    expect(await authorityLast(supplier, 21)).toBe(1);
    const send = (await getSendByJob(job.id))!;
    expect(send).toMatchObject({ state: 'sending', number: 1 });
    expect((await readEntry(supplier.apiKey, invoice.id)).status).toBe('Processing');

    await wakeJob(job.id);
    const [ended] = await runUntilEnded(supplier.apiKey, [job.id]);
    expect(ended.status).toBe('completed');
    const entry = await readEntry(supplier.apiKey, invoice.id);
    expect(entry).toMatchObject({ status: 'Sent', data: { doc: { code: '00000001' } } });
    const held = await consultar(emulator(), 'sandbox', await authOf(supplier), 21, 6, 1);
    expect(stampOf(entry, 'arca-cae')).toBe(held.result.ResultGet.CodAutorizacion);
    expect(await authorityLast(supplier, 21)).toBe(1);
    expect(proxy.solicited.filter((envelope) => envelope.includes('<ar:PtoVta>21<'))).toHaveLength(1);
  });

  it('a lost answer whose voucher the record does not show yet stays in doubt, and is adopted once it does', async () => {
    const supplier = await readySupplier();
    await portal(emulator(), 'faults', {
      environment: 'sandbox',
      operation: 'FECAESolicitar',
      fault: 'drop_response',
      count: 1,
    });
    // FECompConsultar lags behind FECompUltimoAutorizado: number 1 is counted but not shown.
    proxy.lagAbove(0);
    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '22' });
    const job = await issue(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id);
    for (let round = 0; round < 3; round++) {
      await drainJobs();
      await wakeJob(job.id);
    }
    expect((await getSendByJob(job.id))!).toMatchObject({ state: 'sending', number: 1 });
    expect(await authorityLast(supplier, 22)).toBe(1);

    // Both lookups lag now: number 1 looks free, and goes out again as number 1 only (the authority says 10016).
    proxy.lagAbove(0, { lastToo: true });
    await wakeJob(job.id);
    await drainJobs();
    expect((await getSendByJob(job.id))!).toMatchObject({ state: 'sending', number: 1 });
    expect(await authorityLast(supplier, 22)).toBe(1);

    proxy.lagAbove(undefined);
    await wakeJob(job.id);
    const [ended] = await runUntilEnded(supplier.apiKey, [job.id]);
    expect(ended.status).toBe('completed');
    expect((await readEntry(supplier.apiKey, invoice.id)).data.doc.code).toBe('00000001');
    expect(await authorityLast(supplier, 22)).toBe(1);
    for (const envelope of proxy.solicited.filter((each) => each.includes('<ar:PtoVta>22<')))
      expect(envelope).toContain('<ar:CbteDesde>1<');
  });

  it('renews the sequence lease right before FECAESolicitar goes out, so no other sender takes the sequence meanwhile', async () => {
    const supplier = await readySupplier();
    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '23' });
    const job = await issue(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id);
    const sequence = await sequenceOf(supplier, 23);
    // The invoice is queued while another sender holds the sequence.
    await takeSequenceLease(sequence.id, newId(), 60);
    await drainJobs();
    await (await getDb()).update(invoiceSequences).set({ leaseOwner: null, leaseUntil: null });
    expect((await getSendByJob(job.id))!.state).toBe('queued');

    const lease = (await takeLease(sequence.id))!;
    const db = await getDb();
    // Most of the lease went on a ticket login and the other calls before the request.
    await db.execute(
      sql`update invoice_sequences set lease_until = now() + interval '1 second' where id = ${sequence.id}`,
    );
    let takenMeanwhile: unknown = 'not asked';
    proxy.onSolicit(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      takenMeanwhile = await takeSequenceLease(sequence.id, newId(), 60);
    });
    try {
      const authority = await authoritiesOf(lease.sequence)(supplier.ownerId);
      if (!canSpeak(authority)) throw new Error(authority.unusable);
      const sent = await sendFreshBatch(lease, authority, { ownerId: supplier.ownerId, after: 0, limit: 10 });
      expect(sent).toEqual({ end: 1, inDoubt: false });
    } finally {
      proxy.onSolicit(undefined);
      await releaseSequenceLease(sequence.id, lease.owner);
    }
    expect(takenMeanwhile).toBeUndefined();
    expect((await getSendByJob(job.id))!).toMatchObject({ state: 'authorised', number: 1 });
  });

  it("a lapsed certificate withdraws its workspace's queued invoices with their jobs; issued again, each gets one voucher", async () => {
    const supplier = await readySupplier();
    const invoices = [
      await storeInvoice(supplier.apiKey, supplier.cuit, { series: '24' }),
      await storeInvoice(supplier.apiKey, supplier.cuit, { series: '24' }),
    ];
    const sequence = await sequenceOf(supplier, 24);
    await takeSequenceLease(sequence.id, newId(), 60);
    const jobs = [];
    for (const invoice of invoices) jobs.push(await issue(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id));
    await drainJobs();
    const db = await getDb();
    await db.update(credentials).set({ status: 'expired' }).where(eq(credentials.ownerId, supplier.ownerId));
    await db
      .update(invoiceSequences)
      .set({ leaseOwner: null, leaseUntil: null })
      .where(eq(invoiceSequences.id, sequence.id));
    for (const job of jobs) await wakeJob(job.id);
    const ended = await runUntilEnded(
      supplier.apiKey,
      jobs.map((job) => job.id),
    );
    expect(ended.map((job) => job.status)).toEqual(['failed', 'failed']);
    for (const job of jobs) expect((await getSendByJob(job.id))!.state).toBe('withdrawn');
    for (const invoice of invoices) expect((await readEntry(supplier.apiKey, invoice.id)).status).toBe('Error');

    // Renewed: the integrator issues both again. The withdrawn sends stay withdrawn; one voucher each.
    await db.update(credentials).set({ status: 'active' }).where(eq(credentials.ownerId, supplier.ownerId));
    const again = [];
    for (const invoice of invoices) again.push(await issue(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id));
    const reissued = await runUntilEnded(
      supplier.apiKey,
      again.map((job) => job.id),
    );
    expect(reissued.map((job) => job.status)).toEqual(['completed', 'completed']);
    expect(await authorityLast(supplier, 24)).toBe(2);
    const codes = await Promise.all(
      invoices.map(async (invoice) => (await readEntry(supplier.apiKey, invoice.id)).data.doc.code),
    );
    expect(codes.sort()).toEqual(['00000001', '00000002']);
  });

  it('a job that fails takes its queued send with it; a send in doubt or authorised holds its job back from failing', async () => {
    const supplier = await readySupplier();
    const template = templateNamed('ar-invoice')!;
    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '25' });
    const job = await issue(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id);
    const { send } = await queuedAsItsStepWould(supplier, invoice, job.id, 25);
    const row = (await getJobByIdAnyOwner(job.id))!;
    const failing = () => inTransaction((tx) => template.beforeJobFails!(tx, row));
    const db = await getDb();
    await db.update(invoiceSends).set({ state: 'sending', number: 1 }).where(eq(invoiceSends.id, send.id));
    expect(await failing()).toEqual({ hold: expect.stringContaining('in doubt') });
    await db.update(invoiceSends).set({ state: 'authorised' }).where(eq(invoiceSends.id, send.id));
    expect(await failing()).toEqual({ hold: expect.stringContaining('Sent') });
    await db.update(invoiceSends).set({ state: 'queued', number: null }).where(eq(invoiceSends.id, send.id));
    expect(await failing()).toBeUndefined();
    expect((await getSendByJob(job.id))!.state).toBe('withdrawn');
  });

  it('counts a step’s errors, not its claims: an invoice that waited its turn backs off as after a first error', async () => {
    const supplier = await readySupplier();
    await portal(emulator(), 'faults', {
      environment: 'sandbox',
      operation: 'FECAESolicitar',
      fault: 'unavailable',
      count: 1,
    });
    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '26' });
    const job = await issue(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id);
    const first = (await claimNextStep(job.id))!;
    const sendStep = (await runClaimedStep(first, true))!;
    expect(sendStep.name).toBe('gov-ar.send');
    // Twelve earlier claims found its sequence busy: waiting, not failing.
    const db = await getDb();
    await db.update(jobSteps).set({ attempts: 12 }).where(eq(jobSteps.id, sendStep.id));
    await runClaimedStep({ ...sendStep, attempts: 12 });
    const [row] = await db.select().from(jobSteps).where(eq(jobSteps.id, sendStep.id));
    expect(row).toMatchObject({ status: 'ready', errors: 1 });
    expect(row!.runAt.getTime() - Date.now()).toBeLessThan(5_000);
  });

  it('sends a batch of one workspace only, with its own certificate: a lapsed workspace never holds another on the same CUIT', async () => {
    const first = await readySupplier();
    // A second workspace registers the same CUIT with a certificate of its own.
    const workspace = await readyWorkspace();
    const entry = await createSupplier(workspace.apiKey, { tax_id: { country: 'AR', code: first.cuit } });
    const second = await completeRegistration(
      emulator(),
      await startRegistration({
        apiKey: workspace.apiKey,
        ownerId: workspace.owner_id,
        workflowId: workspace.workflow.id,
        entryId: entry.id,
        cuit: first.cuit,
        environment: 'sandbox',
      }),
    );
    const secondWorkflow = await createInvoiceWorkflow(second.apiKey);
    const sequence = await sequenceOf(first, 27);
    await takeSequenceLease(sequence.id, newId(), 60);
    // The second workspace's invoice is queued first; then its certificate lapses.
    const lapsed = await storeInvoice(second.apiKey, first.cuit, { series: '27' });
    const lapsedJob = await startJob(second.apiKey, secondWorkflow.id, lapsed.id);
    await drainJobs();
    const mine = await storeInvoice(first.apiKey, first.cuit, { series: '27' });
    const myJob = await issue(first.apiKey, first.invoiceWorkflowId, mine.id);
    await drainJobs();
    const db = await getDb();
    await db.update(credentials).set({ status: 'expired' }).where(eq(credentials.ownerId, second.ownerId));
    await db
      .update(invoiceSequences)
      .set({ leaseOwner: null, leaseUntil: null })
      .where(eq(invoiceSequences.id, sequence.id));
    const sentBefore = proxy.solicited.length;
    await wakeJob(lapsedJob.body.id);
    await wakeJob(myJob.id);
    await runUntil(async () => (await getSendByJob(myJob.id))!.state === 'authorised');
    expect((await readEntry(first.apiKey, mine.id)).status).toBe('Sent');
    expect((await getSendByJob(lapsedJob.body.id))!.state).toBe('withdrawn');
    const myToken = (await authOf(first)).token;
    const batches = proxy.solicited.slice(sentBefore).filter((envelope) => envelope.includes('<ar:PtoVta>27<'));
    expect(batches).toHaveLength(1);
    expect(batches[0]).toContain(`<ar:Token>${myToken}</ar:Token>`);
  });

  it('adopts a lost answer by its number, every element checked: a same-day, same-total voucher of another system is a conflict', async () => {
    const supplier = await readySupplier();
    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '28' });
    const job = await issue(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id);
    const { detail } = await queuedAsItsStepWould(supplier, invoice, job.id, 28);
    const db = await getDb();
    await db.execute(sql`update invoice_sends set state = 'sending', number = 1 where job_id = ${job.id}`);
    // Another system's final-consumer voucher of the same day and the same total, but another sale.
    const total = Number(detail.ImpTotal);
    const other = await solicitar(emulator(), 'sandbox', await authOf(supplier), { pointOfSale: 28, voucherType: 6 }, [
      voucher('B', 1, {
        Concepto: 2,
        ImpTotal: total,
        ImpNeto: detail.ImpNeto,
        ImpIVA: detail.ImpIVA,
        Iva: (detail.Iva?.AlicIva ?? []) as unknown as Record<string, number>[],
        FchServDesde: detail.CbteFch,
        FchServHasta: detail.CbteFch,
        FchVtoPago: detail.CbteFch,
      }),
    ]);
    expect(other.head.Resultado).toBe('A');
    const [ended] = await runUntilEnded(supplier.apiKey, [job.id]);
    expect(ended.status).toBe('failed');
    const entry = await readEntry(supplier.apiKey, invoice.id);
    expect(entry.status).toBe('Error');
    expect(stampOf(entry, 'arca-cae')).toBeUndefined();
    expect(entry.meta.find((record: { key: string }) => record.key === 'arca-errors').value).toEqual([
      { code: 'sequence_conflict', message: expect.stringContaining('Concepto') },
    ]);
  });

  it('an authorised invoice is Sent for good: no new job, no PUT, and the rescue never turns it to Error', async () => {
    const supplier = await readySupplier();
    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '29' });
    const job = await issue(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id);
    await runUntilEnded(supplier.apiKey, [job.id]);
    expect((await readEntry(supplier.apiKey, invoice.id)).status).toBe('Sent');
    const { code: _code, ...doc } = invoice.data.doc;
    expect((await putInvoice(supplier.apiKey, invoice.id, { ...doc, series: '30' })).status).toBe(409);
    expect((await startJob(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id)).body.code).toBe(
      'invoice_already_sent',
    );
    const row = (await getJobByIdAnyOwner(job.id))!;
    await inTransaction((tx) => templateNamed('ar-invoice')!.inline!['silo.status.error']!(tx, [row]));
    expect((await readEntry(supplier.apiKey, invoice.id)).status).toBe('Sent');
  });
});
