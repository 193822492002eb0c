// The CAEA reporter against the emulated authority over real HTTP (lib/gov-ar/contingency): vouchers issued
// under a CAEA are informed once (the emulator's book holds each once), a lost answer is settled by the record
// without informing again, a refusal is visible (meta record, event), numbering stops at it, a voucher is not
// informed on its CAEA's first day (R7, 1414), and an unused point of sale is informed once. The clock is set
// (Date only: the emulator in this process and the reporter's `today` read it), so each rule's day is reachable
// whatever day the suite runs. Until the issuing switch lands, the vouchers issued under the CAEA are set up
// here: a real CAEA asked of the emulator (FECAEASolicitar), real invoices and jobs, the sends as rows.
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toFECAEDetRequest } from '@/lib/ar/arca/wsfe-detail';
import { authorityTicket } from '@/lib/authority/tickets';
import {
  feCaeaRegInformativo,
  feCaeaSinMovimientoConsultar,
  feCaeaSinMovimientoInformar,
  feCaeaSolicitar,
} from '@/lib/authority/wsfe-caea';
import { caeaDetailOf } from '@/lib/gov-ar/contingency/inform-batch';
import { getDb, inTransaction } from '@/lib/db/client';
import {
  caeaCodes,
  caeaIdleReports,
  invoiceSends,
  metaRecords,
  webhookDeliveries,
  type InvoiceSend,
} from '@/lib/db/schema';
import type { CalculableInvoice } from '@/lib/gobl/invoice';
import { reportSequence } from '@/lib/gov-ar/contingency/caea-reporter';
import { argentinaDay } from '@/lib/gov-ar/contingency/report-deadline';
import { fortnightOf } from '@/lib/ar/arca/caea-fortnight';
import { informIdleFortnights } from '@/lib/gov-ar/contingency/idle-fortnights';
import { openCredential } from '@/lib/gov-ar/credentials';
import { ensureSequence, getSendByJob, stampEntries } from '@/lib/gov-ar/invoices/issuance-queries';
import { getRegisteredSupplierCredential } from '@/lib/gov-ar/invoices/queries';
import { newId } from '@/lib/ids';
import { portal, portalGet } from '@/tests/support/emulator-client';
import { invoiceDoc } from '@/tests/support/invoice-docs';
import { getStoredEntry, putInvoice } from '@/tests/support/invoices';
import { readArcaQrUrl } from '@/lib/ar/arca/qr';
import { createInvoiceWorkflow, issuingSupplier, runUntilEnded, storeInvoice } from '@/tests/support/issuing';
import { useEmulator } from '@/tests/support/registration';
import { startJob } from '@/tests/support/scenario';

const emulator = useEmulator();
afterEach(async () => {
  // An outage a test set ends before any day the tests set (the emulator's `down` is the environment's).
  at('2026-01-01');
  await portal(emulator(), 'faults', { environment: 'sandbox', fault: 'down', count: 1, duration_ms: 1 });
  vi.useRealTimers();
});

/** Noon in Argentina on the day (yyyy-mm-dd): the emulator's clock and ours. */
const at = (day: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${day}T12:00:00-03:00`));
};

/** The CAEA point of sale the vouchers are issued on, and their type (B). */
const CAEA_POINT = 5;
const B = 6;
const SECOND_HALF = { period: 202611, half: 2 } as const;

type Supplier = Awaited<ReturnType<typeof issuingSupplier>> & { webhookWorkflowId: string };

async function supplierWithCaea() {
  const supplier = await issuingSupplier(emulator());
  const workflow = await createInvoiceWorkflow(supplier.apiKey, {
    webhook: { url: 'http://127.0.0.1:9/never-delivered' },
  });
  const auth = await authOf(supplier);
  const caea = await feCaeaSolicitar('sandbox', auth, SECOND_HALF);
  return { supplier: { ...supplier, webhookWorkflowId: workflow.id } as Supplier, caea };
}

async function authOf(supplier: { ownerId: string; cuit: string }) {
  const credential = (await getRegisteredSupplierCredential(supplier.ownerId, 'sandbox', supplier.cuit))!;
  const ticket = await authorityTicket(await openCredential(credential), 'wsfe');
  return { token: ticket.token, sign: ticket.sign, cuit: supplier.cuit };
}

/**
 * `count` invoices issued under the CAEA on the CAEA point of sale, numbered from `from`, as the issuing switch
 * leaves them: `unreported`, the detail mapped without its number, with when it was made. `change` alters the
 * detail of the invoice at that index (a voucher the authority will refuse).
 */
async function issuedUnderCaea(
  supplier: Supplier,
  caea: string,
  count: number,
  options: { from?: number; change?: { at: number; detail: Record<string, unknown> } } = {},
) {
  const sequence = await ensureSequence({
    environment: 'sandbox',
    cuit: supplier.cuit,
    pointOfSale: CAEA_POINT,
    docType: B,
  });
  const db = await getDb();
  const sends: InvoiceSend[] = [];
  for (let at = 0; at < count; at++) {
    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, { series: String(CAEA_POINT) });
    const job = await startJob(supplier.apiKey, supplier.webhookWorkflowId, invoice.id);
    const mapped = toFECAEDetRequest(invoice.data.doc as CalculableInvoice).detail;
    const detail = {
      ...mapped,
      CbteFchHsGen: `${mapped.CbteFch}103000`,
      ...(options.change?.at === at ? options.change.detail : {}),
    };
    const [send] = await db
      .insert(invoiceSends)
      .values({
        id: newId(),
        ownerId: supplier.ownerId,
        sequenceId: sequence.id,
        entryId: invoice.id,
        jobId: job.body.id,
        state: 'unreported',
        number: (options.from ?? 1) + at,
        detail,
        caea,
        issueDate: invoice.data.doc.issue_date as string,
      })
      .returning();
    sends.push(send!);
  }
  // Sent with its number and the CAEA, as the issuing switch leaves it.
  await inTransaction((tx) =>
    stampEntries(
      tx,
      sends.map((send) => ({
        entryId: send.entryId,
        code: String(send.number).padStart(8, '0'),
        stamps: [
          { prv: 'arca-caea', val: caea },
          { prv: 'arca-qr', val: 'https://www.afip.gob.ar/fe/qr/?p=e30=' },
        ],
      })),
      'Sent',
    ),
  );
  return { sequenceId: sequence.id, sends };
}

async function statesOf(sequenceId: string) {
  const db = await getDb();
  const rows = await db.select().from(invoiceSends).where(eq(invoiceSends.sequenceId, sequenceId));
  return rows.sort((a, b) => a.number! - b.number!).map((row) => [row.number, row.state]);
}

/** The authority's book of the CAEA point of sale: each voucher it holds, once. */
async function book(cuit: string) {
  const answer = await portalGet(
    emulator(),
    `taxpayers/${cuit}/vouchers?environment=sandbox&point_of_sale=${CAEA_POINT}&voucher_type=${B}`,
  );
  expect(answer.status).toBe(200);
  return (answer.body.list as { number: number; caea?: string }[]).map((row) => [row.number, row.caea]);
}

const fault = (operation: string, kind: string, count = 1) =>
  portal(emulator(), 'faults', { environment: 'sandbox', operation, fault: kind, count });

async function metaOf(entryId: string, key: string) {
  const db = await getDb();
  return db
    .select()
    .from(metaRecords)
    .where(and(eq(metaRecords.entryId, entryId), eq(metaRecords.key, key)));
}

/**
 * Three vouchers issued under a CAEA, the second changed by `change` so that the authority refuses it with
 * `code`: informed, the first is reported, the second refused (its meta record says why) and the third waits.
 */
async function secondOfThreeRefused(change: Record<string, unknown>, code: number) {
  at('2026-11-20');
  const { supplier, caea } = await supplierWithCaea();
  const { sequenceId, sends } = await issuedUnderCaea(supplier, caea.caea, 3, { change: { at: 1, detail: change } });
  at('2026-11-21');
  expect(await reportSequence(sequenceId, '20261121')).toEqual({ kind: 'blocked', at: 2 });
  expect(await statesOf(sequenceId)).toEqual([
    [1, 'reported'],
    [2, 'report_refused'],
    [3, 'unreported'],
  ]);
  expect(await book(supplier.cuit)).toEqual([[1, caea.caea]]);
  const [record] = await metaOf(sends[1]!.entryId, 'arca-caea-errors');
  expect(record!.value).toEqual([expect.objectContaining({ code })]);
  return { supplier, caea, sequenceId, sends };
}

describe('vouchers issued under a CAEA', () => {
  it('are informed once, in number order; a later round informs nothing again', async () => {
    at('2026-11-20');
    const { supplier, caea } = await supplierWithCaea();
    const { sequenceId, sends } = await issuedUnderCaea(supplier, caea.caea, 3);

    at('2026-11-21');
    expect(await reportSequence(sequenceId, '20261121')).toEqual({ kind: 'idle' });
    expect(await statesOf(sequenceId)).toEqual([
      [1, 'reported'],
      [2, 'reported'],
      [3, 'reported'],
    ]);
    expect(await book(supplier.cuit)).toEqual([
      [1, caea.caea],
      [2, caea.caea],
      [3, caea.caea],
    ]);
    // More issued later: informed after the first ones, nothing twice.
    const later = await issuedUnderCaea(supplier, caea.caea, 1, { from: 4 });
    expect(await reportSequence(sequenceId, '20261121')).toEqual({ kind: 'idle' });
    expect(await book(supplier.cuit)).toHaveLength(4);
    expect(later.sends[0]!.number).toBe(4);
    expect(await metaOf(sends[0]!.entryId, 'arca-caea-errors')).toEqual([]);
  });

  it('is not informed on the day its CAEA starts (R7, 1414), and is the day after', async () => {
    at('2026-11-16');
    const { supplier, caea } = await supplierWithCaea();
    const { sequenceId } = await issuedUnderCaea(supplier, caea.caea, 1);
    expect(await reportSequence(sequenceId, '20261116')).toEqual({ kind: 'idle' });
    expect(await statesOf(sequenceId)).toEqual([[1, 'unreported']]);
    expect(await book(supplier.cuit)).toEqual([]);

    at('2026-11-17');
    expect(await reportSequence(sequenceId, '20261117')).toEqual({ kind: 'idle' });
    expect(await statesOf(sequenceId)).toEqual([[1, 'reported']]);
  });

  it('a lost answer leaves them in doubt; the record settles them without informing again', async () => {
    at('2026-11-20');
    const { supplier, caea } = await supplierWithCaea();
    const { sequenceId } = await issuedUnderCaea(supplier, caea.caea, 2);
    at('2026-11-21');
    await fault('FECAEARegInformativo', 'drop_response');
    const first = await reportSequence(sequenceId, '20261121');
    expect(first.kind).toBe('unavailable');
    // The authority has them; we do not know it yet: in doubt, never back to be informed blindly.
    expect(await statesOf(sequenceId)).toEqual([
      [1, 'reporting'],
      [2, 'reporting'],
    ]);
    expect(await book(supplier.cuit)).toHaveLength(2);

    expect(await reportSequence(sequenceId, '20261121')).toEqual({ kind: 'idle' });
    expect(await statesOf(sequenceId)).toEqual([
      [1, 'reported'],
      [2, 'reported'],
    ]);
    expect(await book(supplier.cuit)).toHaveLength(2);
  });

  it.each([
    { fault: 'error_after_commit', what: 'a proxy error after the authority acted', heldMeanwhile: 1 },
    { fault: 'unavailable', what: 'an answer of 503 (nothing arrived)', heldMeanwhile: 0 },
  ])(
    '$what is in doubt too; the record settles it, and it is informed once',
    async ({ fault: kind, heldMeanwhile }) => {
      at('2026-11-20');
      const { supplier, caea } = await supplierWithCaea();
      const { sequenceId } = await issuedUnderCaea(supplier, caea.caea, 1);
      at('2026-11-21');
      await fault('FECAEARegInformativo', kind);
      expect((await reportSequence(sequenceId, '20261121')).kind).toBe('unavailable');
      expect(await statesOf(sequenceId)).toEqual([[1, 'reporting']]);
      expect(await book(supplier.cuit)).toHaveLength(heldMeanwhile);
      expect(await reportSequence(sequenceId, '20261121')).toEqual({ kind: 'idle' });
      expect(await statesOf(sequenceId)).toEqual([[1, 'reported']]);
      expect(await book(supplier.cuit)).toHaveLength(1);
    },
  );

  it('while the authority is down nothing changes; when it is back they are informed', async () => {
    at('2026-11-20');
    const { supplier, caea } = await supplierWithCaea();
    const { sequenceId } = await issuedUnderCaea(supplier, caea.caea, 1);
    at('2026-11-21');
    await portal(emulator(), 'faults', {
      environment: 'sandbox',
      operation: 'FECAEARegInformativo',
      fault: 'down',
      count: 1,
      duration_ms: 60_000,
    });
    expect((await reportSequence(sequenceId, '20261121')).kind).toBe('unavailable');
    expect(await book(supplier.cuit)).toEqual([]);
    at('2026-11-22'); // a day later: the outage is long over
    expect(await reportSequence(sequenceId, '20261122')).toEqual({ kind: 'idle' });
    expect(await statesOf(sequenceId)).toEqual([[1, 'reported']]);
  });

  it('a lost answer and a lagging record: informed again, 703 leaves it in doubt, not refused; the record settles it', async () => {
    at('2026-11-20');
    const { supplier, caea } = await supplierWithCaea();
    const { sequenceId, sends } = await issuedUnderCaea(supplier, caea.caea, 1);
    at('2026-11-21');
    await fault('FECAEARegInformativo', 'drop_response');
    expect((await reportSequence(sequenceId, '20261121')).kind).toBe('unavailable');
    expect(await book(supplier.cuit)).toHaveLength(1);
    // The record lags a minute behind: the authority's last number still shows 0, so the voucher goes again, and
    // the authority answers 703 (it holds number 1 already). That is no refusal of the voucher.
    const lag = (count: number) =>
      Promise.all(
        ['FECompUltimoAutorizado', 'FECompConsultar'].map((operation) =>
          portal(emulator(), 'faults', {
            environment: 'sandbox',
            operation,
            fault: 'lagging_lookup',
            delay_ms: 60_000,
            count,
          }),
        ),
      );
    await lag(10);
    expect(await reportSequence(sequenceId, '20261121')).toEqual({ kind: 'unsettled' });
    expect(await statesOf(sequenceId)).toEqual([[1, 'reporting']]);
    expect(await metaOf(sends[0]!.entryId, 'arca-caea-errors')).toEqual([]);
    await lag(0);
    expect(await reportSequence(sequenceId, '20261121')).toEqual({ kind: 'idle' });
    expect(await statesOf(sequenceId)).toEqual([[1, 'reported']]);
    expect(await book(supplier.cuit)).toEqual([[1, caea.caea]]);
  });

  it('a voucher dated before the one informed before it is refused (703), and numbering stops at it', async () => {
    // The second is dated the day before the first: refused for its date (703); the third is not looked at.
    await secondOfThreeRefused({ CbteFch: '20261119' }, 703);
  });

  it('a refused report is visible (meta record, event), numbering stops at it, and corrected it is informed again', async () => {
    // The second names a currency the authority does not know (1401): refused; the third is not looked at (703).
    const { supplier, caea, sequenceId, sends } = await secondOfThreeRefused({ MonId: 'ZZZ' }, 1401);
    const db = await getDb();
    const events = await db
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.entryId, sends[1]!.entryId),
          eq(webhookDeliveries.event, 'invoice.caea_report_rejected'),
        ),
      );
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.body).data).toMatchObject({ number: 2, caea: caea.caea });

    // Another round informs nothing past it.
    expect(await reportSequence(sequenceId, '20261121')).toEqual({ kind: 'blocked', at: 2 });
    expect(await book(supplier.cuit)).toHaveLength(1);

    // Corrected (a PUT of the entry): what identifies the voucher stays as issued...
    const entryId = sends[1]!.entryId;
    const doc = (await getStoredEntry(supplier.apiKey, entryId)).body.data.doc;
    const redated = await putInvoice(supplier.apiKey, entryId, {
      ...bare(supplier.cuit, doc),
      issue_date: '2026-11-19',
    });
    expect(redated.status).toBe(422);
    expect(redated.body.code).toBe('caea_correction_not_allowed');
    expect(redated.body.message).toContain('doc.issue_date');
    // ...what the authority refused may change: mapped again, informed again with its number.
    const corrected = bare(supplier.cuit, doc);
    const [line] = corrected.lines as { item: { name: string; price: string } }[];
    line!.item.name = 'Tornillos (corregido)';
    line!.item.price = '150.00';
    const put = await putInvoice(supplier.apiKey, entryId, corrected);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ status: 'Sent', data: { doc: { code: '00000002' } } });
    const stamps = put.body.data.head.stamps as { prv: string; val: string }[];
    expect(stamps.map((stamp) => stamp.prv)).toEqual(['arca-caea', 'arca-qr']);
    // The QR says what the corrected voucher says, to the cent.
    expect(readArcaQrUrl(stamps[1]!.val)).toMatchObject({
      ptoVta: CAEA_POINT,
      nroCmp: 2,
      importe: Number(put.body.data.doc.totals.payable),
      tipoCodAut: 'A',
      codAut: Number(caea.caea),
    });
    expect(await metaOf(entryId, 'arca-caea-errors')).toEqual([]);
    expect((await statesOf(sequenceId))[1]).toEqual([2, 'unreported']);

    expect(await reportSequence(sequenceId, '20261121')).toEqual({ kind: 'idle' });
    expect(await statesOf(sequenceId)).toEqual([
      [1, 'reported'],
      [2, 'reported'],
      [3, 'reported'],
    ]);
    expect(await book(supplier.cuit)).toEqual([
      [1, caea.caea],
      [2, caea.caea],
      [3, caea.caea],
    ]);
  });

  it('a number another system informed first is not informed again: its report is refused as a conflict', async () => {
    at('2026-11-20');
    const { supplier, caea } = await supplierWithCaea();
    const { sequenceId, sends } = await issuedUnderCaea(supplier, caea.caea, 2);
    at('2026-11-21');
    // Another system informs number 1 of the point of sale, another voucher.
    const other = { ...caeaDetailOf(sends[0]!), ImpTotal: '1210.00', ImpNeto: '1000.00', ImpIVA: '210.00' };
    other.Iva = { AlicIva: [{ Id: 5, BaseImp: '1000.00', Importe: '210.00' }] };
    const theirs = await feCaeaRegInformativo(
      'sandbox',
      await authOf(supplier),
      { pointOfSale: CAEA_POINT, docType: B },
      [other],
    );
    expect(theirs.details[0]!.accepted).toBe(true);

    expect(await reportSequence(sequenceId, '20261121')).toEqual({ kind: 'unsettled' });
    expect(await statesOf(sequenceId)).toEqual([
      [1, 'reporting'],
      [2, 'unreported'],
    ]);
    expect(await reportSequence(sequenceId, '20261121')).toEqual({ kind: 'blocked', at: 1 });
    expect(await statesOf(sequenceId)).toEqual([
      [1, 'report_refused'],
      [2, 'unreported'],
    ]);
    const [record] = await metaOf(sends[0]!.entryId, 'arca-caea-errors');
    expect(record!.value).toEqual([expect.objectContaining({ code: 'sequence_conflict' })]);
    expect(await book(supplier.cuit)).toHaveLength(1);
  });

  it('says on the invoice when its deadline is near or passed, until it is reported', async () => {
    at('2026-11-20');
    const { supplier, caea } = await supplierWithCaea();
    const { sequenceId, sends } = await issuedUnderCaea(supplier, caea.caea, 1);
    at('2026-12-10');
    const down = { environment: 'sandbox', fault: 'down', count: 1, duration_ms: 60_000 };
    expect((await portal(emulator(), 'faults', down)).status).toBe(201);
    expect((await reportSequence(sequenceId, '20261210')).kind).toBe('unavailable');
    expect(await metaOf(sends[0]!.entryId, 'arca-caea-deadline')).toEqual([]); // 20 days left
    at('2026-12-27');
    expect((await portal(emulator(), 'faults', down)).status).toBe(201);
    expect((await reportSequence(sequenceId, '20261227')).kind).toBe('unavailable');
    const [near] = await metaOf(sends[0]!.entryId, 'arca-caea-deadline');
    expect(near!.value).toMatchObject({ status: 'near', report_by: caea.reportBy });
    at('2026-12-31');
    expect((await portal(emulator(), 'faults', down)).status).toBe(201);
    expect((await reportSequence(sequenceId, '20261231')).kind).toBe('unavailable');
    const notes = await metaOf(sends[0]!.entryId, 'arca-caea-deadline');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.value).toMatchObject({ status: 'passed' });
    // Late, the emulator still takes it (the manual has no code for a late report): reported, the note gone.
    at('2027-01-02');
    expect(await reportSequence(sequenceId, '20270102')).toEqual({ kind: 'idle' });
    expect(await metaOf(sends[0]!.entryId, 'arca-caea-deadline')).toEqual([]);
  });

  it('an invoice Sent under a CAEA whose report was not refused is not corrected', async () => {
    at('2026-11-20');
    const { supplier, caea } = await supplierWithCaea();
    const { sends } = await issuedUnderCaea(supplier, caea.caea, 1);
    const doc = (await getStoredEntry(supplier.apiKey, sends[0]!.entryId)).body.data.doc;
    const changed = bare(supplier.cuit, doc);
    (changed.lines as { item: { name: string } }[])[0]!.item.name = 'Otra cosa';
    const put = await putInvoice(supplier.apiKey, sends[0]!.entryId, changed);
    expect(put.status).toBe(409);
    expect(put.body.code).toBe('invoice_already_sent');
  });
});

/**
 * A round of the sequence once the background reporter (kicked by the issuing, trying again by itself while the
 * authority was down) has let go of it.
 */
async function reportWhenFree(sequenceId: string, today: string) {
  for (const deadline = Date.now() + 10_000; ; ) {
    const round = await reportSequence(sequenceId, today);
    if (round.kind !== 'busy' || Date.now() > deadline) return round;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('end to end: issued under the CAEA while the authority is down, reported when it is back', () => {
  it('an invoice of a workflow in contingency is Sent under the CAEA, then informed once', async () => {
    // Real time for the issuing (the workflow's patience); the report runs on the next day (R7 whatever today is).
    const supplier = await issuingSupplier(emulator());
    const E2E_POINT = 8;
    await portal(emulator(), 'points-of-sale', {
      environment: 'sandbox',
      cuit: supplier.cuit,
      number: E2E_POINT,
      emission: 'CAEA',
    });
    const fortnight = fortnightOf(argentinaDay());
    const caea = await feCaeaSolicitar('sandbox', await authOf(supplier), fortnight);
    const db = await getDb();
    await db.insert(caeaCodes).values({
      environment: 'sandbox',
      cuit: supplier.cuit,
      ...fortnight,
      caea: caea.caea,
      validFrom: caea.validFrom,
      validTo: caea.validTo,
      reportBy: caea.reportBy,
      pointsOfSale: [E2E_POINT],
    });
    const workflow = await createInvoiceWorkflow(supplier.apiKey, { contingency: 'caea', patience_seconds: 5 });
    // Longer than the patience with room to spare: on a busy machine, storing and starting the job take seconds,
    // and an outage that ended before the patience ran out would have the invoice authorised with a CAE.
    const outage = { environment: 'sandbox', fault: 'down', count: 1, duration_ms: 15_000 };
    expect((await portal(emulator(), 'faults', outage)).status).toBe(201);
    const outageEnds = Date.now() + 15_000;
    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit);
    const job = await startJob(supplier.apiKey, workflow.id, invoice.id);
    await runUntilEnded(supplier.apiKey, [job.body.id], 20_000);
    const send = (await getSendByJob(job.body.id))!;
    expect(send).toMatchObject({ state: 'unreported', number: 1, caea: caea.caea });

    // Still down: nothing is informed, nothing is lost. The reporter kicked by the issuing may hold the sequence
    // meanwhile (busy), trying again by itself.
    if (Date.now() < outageEnds - 500) {
      expect(['unavailable', 'busy']).toContain((await reportSequence(send.sequenceId, argentinaDay())).kind);
      expect((await getSendByJob(job.body.id))!.state).not.toBe('reported');
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, outageEnds - Date.now() + 200)));

    at(new Date(Date.now() + 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 10));
    const tomorrow = argentinaDay();
    expect(await reportWhenFree(send.sequenceId, tomorrow)).toEqual({ kind: 'idle' });
    expect((await getSendByJob(job.body.id))!.state).toBe('reported');
    const held = await portalGet(
      emulator(),
      `taxpayers/${supplier.cuit}/vouchers?environment=sandbox&point_of_sale=${E2E_POINT}&voucher_type=${B}`,
    );
    expect(held.body.list).toHaveLength(1);
    expect(held.body.list[0]).toMatchObject({ number: 1, caea: caea.caea });
    // A later round informs nothing again.
    expect(await reportWhenFree(send.sequenceId, tomorrow)).toEqual({ kind: 'idle' });
    expect(
      (
        await portalGet(
          emulator(),
          `taxpayers/${supplier.cuit}/vouchers?environment=sandbox&point_of_sale=${E2E_POINT}&voucher_type=${B}`,
        )
      ).body.list,
    ).toHaveLength(1);
  }, 60_000);
});

describe('an unused fortnight', () => {
  it('each CAEA point of sale with nothing issued under the CAEA is informed once, a lost answer settled by the lookup', async () => {
    at('2026-11-20');
    const { supplier, caea } = await supplierWithCaea();
    await issuedUnderCaea(supplier, caea.caea, 1); // point 5 is used
    const db = await getDb();
    await db.insert(caeaCodes).values({
      environment: 'sandbox',
      cuit: supplier.cuit,
      period: SECOND_HALF.period,
      half: SECOND_HALF.half,
      caea: caea.caea,
      validFrom: caea.validFrom,
      validTo: caea.validTo,
      reportBy: caea.reportBy,
      pointsOfSale: [CAEA_POINT, 6, 7],
    });
    at('2026-11-30');
    await informIdleFortnights('20261130'); // not ended yet: nothing
    expect(await idleStates(supplier.cuit)).toEqual([]);

    at('2026-12-01');
    // Point 6 was informed by a run that died before it wrote the answer: left `sending`, in doubt.
    const auth = await authOf(supplier);
    await feCaeaSinMovimientoInformar('sandbox', auth, caea.caea, 6);
    await db.insert(caeaIdleReports).values({
      environment: 'sandbox',
      cuit: supplier.cuit,
      period: SECOND_HALF.period,
      half: SECOND_HALF.half,
      pointOfSale: 6,
      state: 'sending',
    });
    // Informing it again would fail now: the lookup settles it instead. Point 7 is informed.
    await fault('FECAEASinMovimientoInformar', 'unavailable', 3);
    await informIdleFortnights('20261201');
    const states = new Map(await idleStates(supplier.cuit));
    expect(states.get(6)).toBe('informed');
    expect(states.get(7)).not.toBe('informed');
    await fault('FECAEASinMovimientoInformar', 'unavailable', 0);
    await informIdleFortnights('20261201');
    expect(await idleStates(supplier.cuit)).toEqual([
      [6, 'informed'],
      [7, 'informed'],
    ]);
    const listed = await feCaeaSinMovimientoConsultar('sandbox', auth, caea.caea);
    expect(listed.map((row) => row.pointOfSale).sort()).toEqual([6, 7]);
    // A later run asks nothing more; the authority holds each once (1209 would say so otherwise).
    await informIdleFortnights('20261202');
    expect(await idleStates(supplier.cuit)).toEqual([
      [6, 'informed'],
      [7, 'informed'],
    ]);
  });
});

/** The invoice as a client sends it again: the bare document of the stored one (its issue date and series). */
function bare(cuit: string, stored: Record<string, unknown>): Record<string, unknown> {
  const { code: _code, ...doc } = invoiceDoc(cuit, { issue_date: stored.issue_date, series: stored.series });
  return doc;
}

async function idleStates(cuit: string) {
  const db = await getDb();
  const rows = await db.select().from(caeaIdleReports).where(eq(caeaIdleReports.cuit, cuit));
  return rows.sort((a, b) => a.pointOfSale - b.pointOfSale).map((row) => [row.pointOfSale, row.state] as const);
}
