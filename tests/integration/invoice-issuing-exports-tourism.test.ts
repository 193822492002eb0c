// Exports (E) through WSFEX and tourism invoices (T) through WSCT, issued by the ar-invoice workflow under the
// same one-way door as A, B, C and M: numbered per sequence, authorised once, stamped with the CAE and the
// RG 4892 QR; a lost answer is settled by the authority's record (and, for WSFEX, by the request Id sent
// again), never authorised twice; an export's request Id is the CUIT's, never given twice across its sequences.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readArcaQrUrl } from '@/lib/ar/arca/qr';
import { getDb } from '@/lib/db/client';
import { emulatorExportVouchers, emulatorWsctVouchers, invoiceSends } from '@/lib/db/schema';
import * as pdfRoute from '@/app/silo/v1/entries/[id]/pdf/route';
import { flat, pdfText, readQrCodes } from '@/tests/support/pdf-tools';
import { portal, portalGet } from '@/tests/support/emulator-client';
import { registeredSupplier } from '@/tests/support/invoices';
import {
  argentinaToday,
  createInvoiceWorkflow,
  issue,
  readEntry,
  runUntilEnded,
  stampOf,
  storeInvoice,
} from '@/tests/support/issuing';
import { useEmulator } from '@/tests/support/registration';

const emulator = useEmulator();

async function supplierFor(letters: string[]) {
  const supplier = await registeredSupplier(emulator(), { invoiceTypes: letters });
  const workflow = await createInvoiceWorkflow(supplier.apiKey);
  return { ...supplier, workflowId: workflow.id };
}

const dollarExport = (series: string) => ({
  series,
  currency: 'USD',
  exchange_rates: [{ from: 'USD', to: 'ARS', amount: '1045.5' }],
  tax: { ext: { 'ar-arca-doc-letter': 'E', 'ar-fex-language': '2' } },
});

const touristInvoice = (series: string) => ({ series, tax: { ext: { 'ar-arca-doc-letter': 'T' } } });

async function issueAll(supplier: { apiKey: string; workflowId: string }, ids: string[]) {
  const jobs = [];
  for (const id of ids) jobs.push((await issue(supplier.apiKey, supplier.workflowId, id)).id);
  return runUntilEnded(supplier.apiKey, jobs, 30_000);
}

async function exportBook(cuit: string, pointOfSale: number) {
  const db = await getDb();
  return db
    .select()
    .from(emulatorExportVouchers)
    .where(and(eq(emulatorExportVouchers.cuit, cuit), eq(emulatorExportVouchers.pointOfSale, pointOfSale)));
}

async function tourismBook(cuit: string, pointOfSale: number) {
  const db = await getDb();
  return db
    .select()
    .from(emulatorWsctVouchers)
    .where(and(eq(emulatorWsctVouchers.cuit, cuit), eq(emulatorWsctVouchers.pointOfSale, pointOfSale)));
}

/** The issued invoice's PDF as the API serves it: its file name, text and QR. */
async function servedPdf(apiKey: string, id: string) {
  const response = await pdfRoute.GET(
    new Request(`http://localhost/silo/v1/entries/${id}/pdf`, { headers: { authorization: `Bearer ${apiKey}` } }),
    { params: Promise.resolve({ id }) },
  );
  expect(response.status).toBe(200);
  const pdf = Buffer.from(await response.arrayBuffer());
  return {
    fileName: /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1],
    text: flat(pdfText(pdf)),
    qr: readQrCodes(pdf, 1),
  };
}

const sendOfEntry = async (entryId: string) => {
  const db = await getDb();
  const [send] = await db.select().from(invoiceSends).where(eq(invoiceSends.entryId, entryId));
  return send!;
};

describe('an export (E) through WSFEX', () => {
  it('in dollars to a customer abroad: numbered, authorised, stamped with its CAE and a QR in dollars', {
    timeout: 90_000,
  }, async () => {
    const supplier = await supplierFor(['B', 'E']);
    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, dollarExport('4'));
    const [ended] = await issueAll(supplier, [invoice.id]);
    expect(ended.status, JSON.stringify(ended.steps)).toBe('completed');
    const entry = await readEntry(supplier.apiKey, invoice.id);
    expect(entry.status).toBe('Sent');
    expect(entry.data.doc.code).toBe('00000001');
    const cae = stampOf(entry, 'arca-cae')!;
    expect(cae).toMatch(/^\d{14}$/);
    expect(stampOf(entry, 'arca-cae-expiry')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(readArcaQrUrl(stampOf(entry, 'arca-qr')!)).toEqual({
      ver: 1,
      fecha: argentinaToday(),
      cuit: Number(supplier.cuit),
      ptoVta: 4,
      tipoCmp: 19,
      nroCmp: 1,
      importe: 200,
      moneda: 'DOL',
      ctz: 1045.5,
      tipoCodAut: 'E',
      codAut: Number(cae),
    });
    // The authority's book holds it once, under the request Id our send kept.
    const book = await exportBook(supplier.cuit, 4);
    expect(book).toHaveLength(1);
    expect(book[0]).toMatchObject({ voucherType: 19, number: 1, cae });
    expect((await sendOfEntry(invoice.id)).requestId).toBe(book[0]!.requestId);
    // Printed in the language the invoice names (ar-fex-language 2: English), with the CAE and QR it got.
    const pdf = await servedPdf(supplier.apiKey, invoice.id);
    expect(pdf.fileName).toBe('FACTURA-DE-EXPORTACION-E-00004-00000001.pdf');
    expect(pdf.text).toContain('E COD. 019 EXPORT INVOICE No. 00004-00000001');
    expect(pdf.text).toContain('Exchange rate: 1,045.50');
    expect(pdf.text).toContain('Total amount: US$ 200.00');
    expect(pdf.text).toContain(cae);
    expect(pdf.qr).toEqual([stampOf(entry, 'arca-qr')]);
  });

  it('two sequences of one CUIT never share a request Id, and each numbers from 1 without a gap', async () => {
    const supplier = await supplierFor(['E']);
    const ids = [];
    for (const series of ['5', '6', '5', '6', '5'])
      ids.push((await storeInvoice(supplier.apiKey, supplier.cuit, dollarExport(series))).id);
    const ended = await issueAll(supplier, ids);
    expect(ended.map((job) => job.status)).toEqual(Array(5).fill('completed'));
    const five = await exportBook(supplier.cuit, 5);
    const six = await exportBook(supplier.cuit, 6);
    expect(five.map((voucher) => voucher.number).sort()).toEqual([1, 2, 3]);
    expect(six.map((voucher) => voucher.number).sort()).toEqual([1, 2]);
    const requestIds = [...five, ...six].map((voucher) => voucher.requestId);
    expect(new Set(requestIds).size).toBe(5);
  });

  it.each(['drop_response', 'error_after_commit'] as const)(
    'whose answer is lost (%s) is settled by the record and its request Id: authorised once',
    async (fault) => {
      const supplier = await supplierFor(['E']);
      await portal(emulator(), 'faults', { environment: 'sandbox', operation: 'FEXAuthorize', fault, count: 1 });
      const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, dollarExport('7'));
      const [ended] = await issueAll(supplier, [invoice.id]);
      expect(ended.status, JSON.stringify(ended.steps)).toBe('completed');
      const book = await exportBook(supplier.cuit, 7);
      expect(book).toHaveLength(1);
      const entry = await readEntry(supplier.apiKey, invoice.id);
      expect(entry.data.doc.code).toBe('00000001');
      expect(stampOf(entry, 'arca-cae')).toBe(book[0]!.cae);
    },
  );

  it('whose answer is lost while the record lags goes again under its first Id: the first result, not a second CAE', async () => {
    const supplier = await supplierFor(['E']);
    await portal(emulator(), 'faults', {
      environment: 'sandbox',
      operation: 'FEXAuthorize',
      fault: 'drop_response',
      count: 1,
    });
    // The record does not show the voucher yet: the sender sends it again, with its number and its request Id.
    await portal(emulator(), 'faults', {
      environment: 'sandbox',
      operation: 'FEXGetLast_CMP',
      fault: 'lagging_lookup',
      delay_ms: 600_000,
      count: 1,
    });
    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, dollarExport('11'));
    const [ended] = await issueAll(supplier, [invoice.id]);
    expect(ended.status, JSON.stringify(ended.steps)).toBe('completed');
    const book = await exportBook(supplier.cuit, 11);
    expect(book).toHaveLength(1);
    expect(stampOf(await readEntry(supplier.apiKey, invoice.id), 'arca-cae')).toBe(book[0]!.cae);
    expect((await sendOfEntry(invoice.id)).requestId).toBe(book[0]!.requestId);
  });

  it('refused by the authority: the job fails with its code and keeps no number; the next takes 1', async () => {
    const supplier = await supplierFor(['E']);
    // A credit note for an export invoice the authority never authorised: WSFEX refuses it (1749); the store
    // cannot know the authority's book.
    const creditNote = (code: string) => ({
      ...dollarExport('8'),
      type: 'credit-note',
      preceding: [{ series: '8', code, issue_date: argentinaToday(), ext: { 'ar-arca-doc-type': '19' } }],
      tax: { ext: { 'ar-arca-doc-letter': 'E', 'ar-fex-language': '2', 'ar-fex-export-type': '2' } },
    });
    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, dollarExport('8'));
    const orphan = await storeInvoice(supplier.apiKey, supplier.cuit, creditNote('99'));
    const [refused] = await issueAll(supplier, [orphan.id]);
    expect(refused.status).toBe('failed');
    expect(refused.steps.find((step: { name: string }) => step.name === 'gov-ar.send').message).toContain('1749');
    expect((await sendOfEntry(orphan.id)).number).toBeNull();
    const [sent] = await issueAll(supplier, [invoice.id]);
    expect(sent.status).toBe('completed');
    const note = await storeInvoice(supplier.apiKey, supplier.cuit, creditNote('1'));
    const [credited] = await issueAll(supplier, [note.id]);
    expect(credited.status, JSON.stringify(credited.steps)).toBe('completed');
    const book = await exportBook(supplier.cuit, 8);
    expect(book.map(({ voucherType, number }) => [voucherType, number]).sort()).toEqual([
      [19, 1],
      [21, 1],
    ]);
  });
});

describe('a tourism invoice (T) through WSCT', () => {
  it('to a foreign tourist: numbered, authorised, stamped with its CAE and QR', async () => {
    const supplier = await supplierFor(['B', 'T']);
    const first = await storeInvoice(supplier.apiKey, supplier.cuit, touristInvoice('9'));
    const second = await storeInvoice(supplier.apiKey, supplier.cuit, touristInvoice('9'));
    const ended = await issueAll(supplier, [first.id, second.id]);
    expect(
      ended.map((job) => job.status),
      JSON.stringify(ended.map((job) => job.steps)),
    ).toEqual(['completed', 'completed']);
    const entry = await readEntry(supplier.apiKey, second.id);
    expect(entry.status).toBe('Sent');
    const cae = stampOf(entry, 'arca-cae')!;
    const qr = readArcaQrUrl(stampOf(entry, 'arca-qr')!);
    expect(qr).toMatchObject({ ptoVta: 9, tipoCmp: 195, moneda: 'PES', ctz: 1, tipoCodAut: 'E', codAut: Number(cae) });
    // A passport's number holds letters: the QR names no receiver document ("si corresponde").
    expect(qr).not.toHaveProperty('nroDocRec');
    const book = await tourismBook(supplier.cuit, 9);
    expect(book.map((voucher) => voucher.number).sort()).toEqual([1, 2]);
    const codes = [first, second].map(async (invoice) => (await readEntry(supplier.apiKey, invoice.id)).data.doc.code);
    expect((await Promise.all(codes)).sort()).toEqual(['00000001', '00000002']);
    expect(book.find((voucher) => voucher.number === Number(entry.data.doc.code))?.cae).toBe(cae);
    const pdf = await servedPdf(supplier.apiKey, second.id);
    expect(pdf.text).toContain(cae);
    expect(pdf.text).toContain('AB123456');
    expect(pdf.qr).toEqual([stampOf(entry, 'arca-qr')]);
  });

  it.each(['drop_response', 'error_after_commit'] as const)(
    'whose answer is lost (%s) is settled by the record: authorised once',
    async (fault) => {
      const supplier = await supplierFor(['T']);
      await portal(emulator(), 'faults', {
        environment: 'sandbox',
        operation: 'autorizarComprobante',
        fault,
        count: 1,
      });
      const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, touristInvoice('3'));
      const [ended] = await issueAll(supplier, [invoice.id]);
      expect(ended.status, JSON.stringify(ended.steps)).toBe('completed');
      const book = await tourismBook(supplier.cuit, 3);
      expect(book).toHaveLength(1);
      expect(stampOf(await readEntry(supplier.apiKey, invoice.id), 'arca-cae')).toBe(book[0]!.cae);
    },
  );
});

describe("the authority's book", () => {
  it("lists the CUIT's vouchers of all three services, each sequence whole and in order, page by page", async () => {
    const supplier = await supplierFor(['B', 'E', 'T']);
    const ids = [
      (await storeInvoice(supplier.apiKey, supplier.cuit, touristInvoice('2'))).id,
      (await storeInvoice(supplier.apiKey, supplier.cuit, dollarExport('2'))).id,
      (await storeInvoice(supplier.apiKey, supplier.cuit, { series: '2' })).id,
      (await storeInvoice(supplier.apiKey, supplier.cuit, dollarExport('1'))).id,
    ];
    expect((await issueAll(supplier, ids)).map((job) => job.status)).toEqual(Array(4).fill('completed'));
    const pages = [];
    let cursor: string | undefined;
    do {
      const page = await portalGet(
        emulator(),
        `taxpayers/${supplier.cuit}/vouchers?environment=sandbox&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status).toBe(200);
      pages.push(...page.body.list);
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(
      pages.map((voucher) => [voucher.point_of_sale, voucher.voucher_type, voucher.number, voucher.service]),
    ).toEqual([
      [1, 19, 1, 'wsfex'],
      [2, 6, 1, 'wsfe'],
      [2, 19, 1, 'wsfex'],
      [2, 195, 1, 'wsct'],
    ]);
    expect(pages[0]).toMatchObject({ currency: 'DOL', total: '200.00', date: argentinaToday() });
    expect(pages[3]).toMatchObject({ currency: 'PES', receiver: { doc_type: 94, doc_number: 'AB123456' } });
  });
});
