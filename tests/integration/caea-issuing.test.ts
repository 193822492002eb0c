// Issuing under the CAEA while WSFEv1 does not answer: an invoice of a workflow in contingency, left queued past
// the workflow's patience, is issued on the supplier's CAEA point of sale with the fortnight's CAEA (numbered
// there, stamped `arca-caea`, QR with `tipoCodAut` "A", Sent, its PDF saying CAEA); an invoice whose request may
// have reached the authority stays in doubt (never issued twice); a workflow that did not opt in keeps waiting.
import { afterEach, describe, expect, it } from 'vitest';
import { fortnightOf } from '@/lib/ar/arca/caea-fortnight';
import { readArcaQrUrl } from '@/lib/ar/arca/qr';
import { isoDate } from '@/lib/ar/arca/voucher-date';
import { authorityTicket } from '@/lib/authority/tickets';
import { feCaeaSolicitar } from '@/lib/authority/wsfe-caea';
import { getDb } from '@/lib/db/client';
import { caeaCodes } from '@/lib/db/schema';
import { openCredential } from '@/lib/gov-ar/credentials';
import { getSendByJob } from '@/lib/gov-ar/invoices/issuance-queries';
import { getRegisteredSupplierCredential } from '@/lib/gov-ar/invoices/queries';
import { drainJobs } from '@/lib/transform/runner';
import * as pdfRoute from '@/app/silo/v1/entries/[id]/pdf/route';
import * as workflowsRoute from '@/app/transform/v1/workflows/route';
import { call } from '@/tests/support/call';
import { portal } from '@/tests/support/emulator-client';
import { addPointOfSale, registeredSupplier } from '@/tests/support/invoices';
import {
  argentinaToday,
  createInvoiceWorkflow,
  issue,
  readEntry,
  runUntilEnded,
  stampOf,
  storeInvoice,
} from '@/tests/support/issuing';
import { flat, pdfText } from '@/tests/support/pdf-tools';
import { useEmulator } from '@/tests/support/registration';
import { getJob } from '@/tests/support/scenario';

const emulator = useEmulator();

const CAEA_POINT = 7;
const PATIENCE_SECONDS = 5;

/** The outage a test started ends before the next test (the emulator's `down` is the environment's). */
let outageEnds = 0;
afterEach(async () => {
  const left = outageEnds - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left + 100));
});

async function authorityDown(seconds: number) {
  const down = { environment: 'sandbox', fault: 'down', duration_ms: seconds * 1000, count: 1 };
  expect((await portal(emulator(), 'faults', down)).status).toBe(201);
  outageEnds = Date.now() + seconds * 1000;
}

/** A sandbox supplier with a CAEA point of sale and this fortnight's CAEA held, and workflows with and without contingency. */
async function supplierInContingency() {
  const supplier = await registeredSupplier(emulator());
  await addPointOfSale(emulator(), 'sandbox', supplier.cuit, { number: CAEA_POINT, emission: 'CAEA' });
  const credential = (await getRegisteredSupplierCredential(supplier.ownerId, 'sandbox', supplier.cuit))!;
  const ticket = await authorityTicket(await openCredential(credential), 'wsfe');
  const fortnight = fortnightOf(argentinaToday().replace(/-/g, ''));
  const granted = await feCaeaSolicitar(
    'sandbox',
    { token: ticket.token, sign: ticket.sign, cuit: supplier.cuit },
    fortnight,
  );
  const db = await getDb();
  await db.insert(caeaCodes).values({
    environment: 'sandbox',
    cuit: supplier.cuit,
    ...fortnight,
    caea: granted.caea,
    validFrom: granted.validFrom,
    validTo: granted.validTo,
    reportBy: granted.reportBy,
    pointsOfSale: [CAEA_POINT],
  });
  const contingent = await createInvoiceWorkflow(supplier.apiKey, {
    contingency: 'caea',
    patience_seconds: PATIENCE_SECONDS,
  });
  const plain = await createInvoiceWorkflow(supplier.apiKey);
  return { ...supplier, caea: granted, contingentId: contingent.id, plainId: plain.id };
}

/** Drains the jobs for `ms`, as a runner would, without waiting for them to end. */
async function runFor(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    await drainJobs();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a workflow in contingency', () => {
  it('keeps its contingency and patience (30 s unless told), and refuses a patience out of range', async () => {
    const supplier = await registeredSupplier(emulator());
    const made = await call(workflowsRoute.POST, {
      token: supplier.apiKey,
      body: { template: 'ar-invoice', contingency: 'caea' },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ contingency: 'caea', patience_seconds: 30 });
    const refused = await call(workflowsRoute.POST, {
      token: supplier.apiKey,
      body: { template: 'ar-invoice', contingency: 'caea', patience_seconds: 1 },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('validation_failed');
    const unknown = await call(workflowsRoute.POST, {
      token: supplier.apiKey,
      body: { template: 'ar-invoice', contingency: 'paper' },
    });
    expect(unknown.status).toBe(422);
  });
});

describe('contingency: issuing under the CAEA', () => {
  it('issues on the CAEA point of sale after the patience, with the CAEA, its QR and PDF, and Sent', async () => {
    const supplier = await supplierInContingency();
    await authorityDown(15);
    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit);
    const started = Date.now();
    const job = await issue(supplier.apiKey, supplier.contingentId, invoice.id);
    const [ended] = await runUntilEnded(supplier.apiKey, [job.id], 20_000);
    expect(ended.status).toBe('completed');
    // About the patience: not before it, and not long after.
    expect(Date.now() - started).toBeGreaterThanOrEqual(PATIENCE_SECONDS * 1000);
    expect(Date.now() - started).toBeLessThan(PATIENCE_SECONDS * 1000 + 8_000);

    const entry = await readEntry(supplier.apiKey, invoice.id);
    expect(entry.status).toBe('Sent');
    expect(entry.data.doc.code).toBe('00000001');
    expect(entry.data.doc.series).toBe(String(CAEA_POINT));
    expect(stampOf(entry, 'arca-caea')).toBe(supplier.caea.caea);
    expect(stampOf(entry, 'arca-caea-expiry')).toBe(isoDate(supplier.caea.validTo));
    expect(stampOf(entry, 'arca-cae')).toBeUndefined();
    expect(readArcaQrUrl(stampOf(entry, 'arca-qr')!)).toMatchObject({
      ptoVta: CAEA_POINT,
      tipoCmp: 6,
      nroCmp: 1,
      importe: 242,
      tipoCodAut: 'A',
      codAut: Number(supplier.caea.caea),
    });

    const send = (await getSendByJob(job.id))!;
    expect(send).toMatchObject({ state: 'unreported', number: 1, caea: supplier.caea.caea });
    expect(String(send.detail.CbteFchHsGen)).toMatch(/^\d{14}$/);

    const pdf = await pdfRoute.GET(
      new Request(`http://localhost/silo/v1/entries/${invoice.id}/pdf`, {
        headers: { authorization: `Bearer ${supplier.apiKey}` },
      }),
      { params: Promise.resolve({ id: invoice.id }) },
    );
    expect(pdf.status).toBe(200);
    const text = flat(pdfText(Buffer.from(await pdf.arrayBuffer())));
    expect(text).toContain('CAEA N°');
    expect(text).toContain(supplier.caea.caea);
    expect(text).toContain(`0000${CAEA_POINT}-00000001`);
  }, 60_000);

  it('numbers the CAEA point of sale one after the other, never back in date; a workflow without contingency keeps waiting', async () => {
    const supplier = await supplierInContingency();
    await authorityDown(25);
    const first = await storeInvoice(supplier.apiKey, supplier.cuit);
    const second = await storeInvoice(supplier.apiKey, supplier.cuit);
    const waiting = await storeInvoice(supplier.apiKey, supplier.cuit);
    const jobs = [
      await issue(supplier.apiKey, supplier.contingentId, first.id),
      await issue(supplier.apiKey, supplier.contingentId, second.id),
    ];
    const plainJob = await issue(supplier.apiKey, supplier.plainId, waiting.id);
    const ended = await runUntilEnded(
      supplier.apiKey,
      jobs.map((job) => job.id),
      20_000,
    );
    expect(ended.map((job) => job.status)).toEqual(['completed', 'completed']);
    const codes = await Promise.all(
      [first, second].map(async (invoice) => (await readEntry(supplier.apiKey, invoice.id)).data.doc.code),
    );
    expect(codes.sort()).toEqual(['00000001', '00000002']);
    await runFor(1_000);
    expect((await getJob(supplier.apiKey, plainJob.id)).body.status).toBe('running');
    expect((await readEntry(supplier.apiKey, waiting.id)).status).toBe('Processing');
    expect((await getSendByJob(plainJob.id))!.state).toBe('queued');

    // Dated before the vouchers issued under the CAEA: numbered after them, its report would be refused (704).
    const yesterday = await storeInvoice(supplier.apiKey, supplier.cuit, { issue_date: argentinaToday(-1) });
    const yesterdayJob = await issue(supplier.apiKey, supplier.contingentId, yesterday.id);
    await runFor((PATIENCE_SECONDS + 1.5) * 1000);
    expect((await getSendByJob(yesterdayJob.id))!.state).toBe('queued');
    const job = (await getJob(supplier.apiKey, yesterdayJob.id)).body;
    expect(job.status).toBe('running');
    expect(JSON.stringify(job.steps)).toContain('Not issued under the CAEA');
  }, 60_000);

  it('leaves an invoice whose answer was lost in doubt: it is never issued a second time under the CAEA', async () => {
    const supplier = await supplierInContingency();
    const lost = { environment: 'sandbox', operation: 'FECAESolicitar', fault: 'drop_response', count: 1 };
    expect((await portal(emulator(), 'faults', lost)).status).toBe(201);
    const inDoubt = await storeInvoice(supplier.apiKey, supplier.cuit);
    const inDoubtJob = await issue(supplier.apiKey, supplier.contingentId, inDoubt.id);
    // Its steps alone: the earlier tests' jobs still run, and draining them too could outlast this one's
    // backoff, so that it ran again and settled its doubt before the outage.
    await drainJobs(inDoubtJob.id);
    expect((await getSendByJob(inDoubtJob.id))!.state).toBe('sending');
    await authorityDown(15);
    const behind = await storeInvoice(supplier.apiKey, supplier.cuit);
    const behindJob = await issue(supplier.apiKey, supplier.contingentId, behind.id);
    await runUntilEnded(supplier.apiKey, [behindJob.id], 20_000);
    expect((await getSendByJob(behindJob.id))!.state).toBe('unreported');
    // The one in doubt waited for the authority's record, and got its CAE once it answered.
    expect((await getSendByJob(inDoubtJob.id))!.state).toBe('sending');
    const [settled] = await runUntilEnded(supplier.apiKey, [inDoubtJob.id], 40_000);
    expect(settled.status).toBe('completed');
    const entry = await readEntry(supplier.apiKey, inDoubt.id);
    expect(stampOf(entry, 'arca-cae')).toMatch(/^\d{14}$/);
    expect(stampOf(entry, 'arca-caea')).toBeUndefined();
    expect(entry.data.doc.series).toBe('1');
  }, 90_000);
});
