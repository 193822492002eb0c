// An invoice is stored once and changed only while nothing can be issued from it: a document uuid the
// workspace already stored is `409 duplicate_invoice` naming the entry (also for two stores at the same
// moment: the unique index decides), a key still makes a create safe to retry, and a PUT of other content
// is refused while a job works on the invoice (`invoice_in_progress`) and for good once it is Sent
// (`invoice_already_sent`), the check made with the entry's row held.
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { newId } from '@/lib/ids';
import { lockEntry, setEntryStatus } from '@/lib/silo/queries';
import { postInvoice, putInvoice, registeredSupplier } from '@/tests/support/invoices';
import { invoiceDoc } from '@/tests/support/invoice-docs';
import {
  argentinaToday,
  issuingSupplier,
  issue,
  readEntry,
  runUntilEnded,
  storeInvoice,
} from '@/tests/support/issuing';
import { useEmulator } from '@/tests/support/registration';

const emulator = useEmulator();

const readySupplier = () => issuingSupplier(emulator());

/** An invoice of today with a document uuid of the client's choosing. */
const withUuid = (cuit: string, uuid: string, overrides: Record<string, unknown> = {}) => {
  const { code: _code, ...doc } = invoiceDoc(cuit, { issue_date: argentinaToday(), uuid, ...overrides });
  return doc;
};

describe('a document uuid the workspace already stored', () => {
  it('is refused with 409 duplicate_invoice naming the entry, whatever else changed', async () => {
    const supplier = await registeredSupplier(emulator());
    const uuid = crypto.randomUUID();
    const first = await postInvoice(supplier.apiKey, withUuid(supplier.cuit, uuid));
    expect(first.status).toBe(201);
    for (const again of [
      () => postInvoice(supplier.apiKey, withUuid(supplier.cuit, uuid)),
      () => postInvoice(supplier.apiKey, withUuid(supplier.cuit, uuid.toUpperCase(), { series: '7' })),
      () => postInvoice(supplier.apiKey, withUuid(supplier.cuit, uuid), { key: 'another-key' }),
      () => putInvoice(supplier.apiKey, newId(), withUuid(supplier.cuit, uuid)),
    ]) {
      const refused = await again();
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        code: 'duplicate_invoice',
        message: expect.stringContaining(first.body.id),
        fields: { 'data.doc.uuid': `already stored as entry ${first.body.id}` },
        entry_id: first.body.id,
      });
    }
    // Without a uuid, or with another one, invoices are as many as stored.
    expect((await postInvoice(supplier.apiKey, withUuid(supplier.cuit, crypto.randomUUID()))).status).toBe(201);
    const { code: _code, ...bare } = invoiceDoc(supplier.cuit);
    expect((await postInvoice(supplier.apiKey, bare)).status).toBe(201);
    expect((await postInvoice(supplier.apiKey, bare)).status).toBe(201);
  });

  it('is another workspace’s own business', async () => {
    const one = await registeredSupplier(emulator());
    const other = await registeredSupplier(emulator());
    const uuid = crypto.randomUUID();
    expect((await postInvoice(one.apiKey, withUuid(one.cuit, uuid))).status).toBe(201);
    expect((await postInvoice(other.apiKey, withUuid(other.cuit, uuid))).status).toBe(201);
  });

  it('keeps a create with a key safe to retry: same key and body → the stored entry (200)', async () => {
    const supplier = await registeredSupplier(emulator());
    const doc = withUuid(supplier.cuit, crypto.randomUUID());
    const first = await postInvoice(supplier.apiKey, doc, { key: 'order-1' });
    expect(first.status).toBe(201);
    const retried = await postInvoice(supplier.apiKey, doc, { key: 'order-1' });
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual(first.body);
  });

  it('is stored once when two creates arrive at the same moment: one 201, the others 409', async () => {
    const supplier = await registeredSupplier(emulator());
    const uuid = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, at) =>
        postInvoice(supplier.apiKey, withUuid(supplier.cuit, uuid, { series: `${at + 1}` })),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    const stored = answers.find((answer) => answer.status === 201)!.body.id;
    for (const refused of answers.filter((answer) => answer.status === 409))
      expect(refused.body).toMatchObject({ code: 'duplicate_invoice', entry_id: stored });
  });
});

describe('PUT of other content on a stored invoice', () => {
  it('is refused with invoice_in_progress while a job works on it', async () => {
    const supplier = await readySupplier();
    const invoice = await storeInvoice(supplier.apiKey, supplier.cuit, { series: '21' });
    await issue(supplier.apiKey, supplier.invoiceWorkflowId, invoice.id);
    const changed = withUuid(supplier.cuit, crypto.randomUUID(), { series: '22' });
    const refused = await putInvoice(supplier.apiKey, invoice.id, changed);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('invoice_in_progress');
    // In doubt (Processing) with its job ended: still not changed under the authority's answer.
    await setEntryStatus(await getDb(), invoice.id, 'Processing');
    expect((await putInvoice(supplier.apiKey, invoice.id, changed)).body.code).toBe('invoice_in_progress');
    await setEntryStatus(await getDb(), invoice.id, 'Empty');
  });

  it('is refused with invoice_already_sent once the authority authorised it, and a replay still answers it', async () => {
    const supplier = await readySupplier();
    const { code: _code, ...doc } = invoiceDoc(supplier.cuit, { series: '23', issue_date: argentinaToday() });
    const id = newId();
    expect((await putInvoice(supplier.apiKey, id, doc)).status).toBe(201);
    const [job] = await runUntilEnded(supplier.apiKey, [
      (await issue(supplier.apiKey, supplier.invoiceWorkflowId, id)).id,
    ]);
    expect(job.status).toBe('completed');
    const sent = await readEntry(supplier.apiKey, id);
    expect(sent.status).toBe('Sent');
    const refused = await putInvoice(supplier.apiKey, id, { ...doc, series: '24' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('invoice_already_sent');
    expect(await readEntry(supplier.apiKey, id)).toEqual(sent);
    expect((await putInvoice(supplier.apiKey, id, doc)).status).toBe(200);
  });

  it('waits for a write that holds the invoice (the job setting Sent) and answers what it left', async () => {
    const supplier = await readySupplier();
    const { code: _code, ...doc } = invoiceDoc(supplier.cuit, { series: '25', issue_date: argentinaToday() });
    const stored = await postInvoice(supplier.apiKey, doc);
    const id = stored.body.id as string;
    await setEntryStatus(await getDb(), id, 'Error');
    const db = await getDb();
    let put: ReturnType<typeof putInvoice> | undefined;
    await db.transaction(async (tx) => {
      await lockEntry(tx, id);
      // Sent while the PUT asks: it must see Sent, not the Error it would have read a moment before.
      put = putInvoice(supplier.apiKey, id, { ...doc, series: '26' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await setEntryStatus(tx, id, 'Sent');
    });
    const answer = await put!;
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('invoice_already_sent');
    expect((await readEntry(supplier.apiKey, id)).data.doc.series).toBe('25');
  });

  it('corrects an invoice the authority refused (Error), keeping the uuid rule', async () => {
    const supplier = await registeredSupplier(emulator());
    const taken = crypto.randomUUID();
    expect((await postInvoice(supplier.apiKey, withUuid(supplier.cuit, taken))).status).toBe(201);
    const before = crypto.randomUUID();
    const stored = await postInvoice(supplier.apiKey, withUuid(supplier.cuit, before, { series: '27' }));
    await setEntryStatus(await getDb(), stored.body.id, 'Error');
    const duplicate = await putInvoice(
      supplier.apiKey,
      stored.body.id,
      withUuid(supplier.cuit, taken, { series: '27' }),
    );
    expect(duplicate.body.code).toBe('duplicate_invoice');
    const fresh = crypto.randomUUID();
    const corrected = await putInvoice(
      supplier.apiKey,
      stored.body.id,
      withUuid(supplier.cuit, fresh, { series: '28' }),
    );
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({ status: 'Empty', data: { doc: { uuid: fresh, series: '28' } } });
    // Its old uuid is free again; its new one is taken.
    expect((await postInvoice(supplier.apiKey, withUuid(supplier.cuit, before))).status).toBe(201);
    expect((await postInvoice(supplier.apiKey, withUuid(supplier.cuit, fresh))).body.code).toBe('duplicate_invoice');
  });
});
