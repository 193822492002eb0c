// Issuing invoices over HTTP against running servers (`npm start`): a supplier registered through the
// wizard with the emulator's portal, an `ar-invoice` workflow, B invoices stored and given jobs, and reads
// until each is Sent. Also a stand-in network between our clients and the authority that can lose an answer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { makeCsr, pkcs8Pem, testKey } from '@/tests/support/pki';
import type { productClient } from '@/tests/support/product-client';

type Client = ReturnType<typeof productClient>;

export interface InvoicingSupplier {
  key: string;
  cuit: string;
  invoiceWorkflowId: string;
}

/** A sandbox workspace with one supplier Registered and an `ar-invoice` workflow. */
export async function invoicingSupplier(client: Client, cuit: string, alias: string): Promise<InvoicingSupplier> {
  const { key, workflow } = await client.workspace(true);
  const supplierKey = testKey('rsa', { slot: alias });
  const link = await client.supplierWithLink(key, workflow.id, cuit);
  const certificate = await client.issueAtPortal(
    'sandbox',
    cuit,
    alias,
    makeCsr({ key: supplierKey, cuit, alias }).pem,
  );
  const uploaded = await client.uploadCertificate(link.ref, { certificate, key: pkcs8Pem(supplierKey) });
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
  const invoices = await client.api('POST', '/transform/v1/workflows', { template: 'ar-invoice' }, key);
  expect(invoices.status).toBe(201);
  return { key, cuit, invoiceWorkflowId: invoices.body.id as string };
}

/** Today in Argentina (UTC−3): the authority takes goods dated within five days of it. */
const argentinaToday = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

/** A B invoice to an anonymous final consumer, `amount` pesos before VAT. */
export const finalConsumerInvoice = (cuit: string, amount: number) => ({
  $schema: 'https://gobl.org/draft-0/bill/invoice',
  series: '1',
  issue_date: argentinaToday(),
  supplier: { name: 'Proveedor de Prueba S.A.', tax_id: { country: 'AR', code: cuit } },
  lines: [
    {
      i: 1,
      quantity: '1',
      item: { name: 'Tornillos', price: `${amount}.00`, key: 'goods' },
      taxes: [{ cat: 'VAT', rate: 'general' }],
    },
  ],
});

/** Stores the invoice and starts its job; the entry's and job's ids. */
export async function storeAndIssue(client: Client, supplier: InvoicingSupplier, data: unknown) {
  const entry = await client.api('POST', '/silo/v1/entries', { folder: 'invoices', data }, supplier.key);
  expect(entry.status, JSON.stringify(entry.body)).toBe(201);
  const job = await client.api(
    'POST',
    '/transform/v1/jobs',
    { workflow_id: supplier.invoiceWorkflowId, silo_entry_id: entry.body.id },
    supplier.key,
  );
  expect(job.status, JSON.stringify(job.body)).toBe(202);
  return { entryId: entry.body.id as string, jobId: job.body.id as string };
}

/** Reads the invoice until it is Sent (fails on Error or after `ms`); the entry as then read. */
export async function untilSent(client: Client, supplier: InvoicingSupplier, entryId: string, ms = 90_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const { body } = await client.api('GET', `/silo/v1/entries/${entryId}`, undefined, supplier.key);
    if (body.status === 'Sent') return body;
    if (body.status === 'Error') throw new Error(`invoice ${entryId} ended in Error: ${JSON.stringify(body.meta)}`);
    if (Date.now() > deadline) throw new Error(`invoice ${entryId} still ${body.status} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export const caeOf = (entry: { data: { head?: { stamps?: { prv: string; val: string }[] } } }) =>
  entry.data.head?.stamps?.find((stamp) => stamp.prv === 'arca-cae')?.val;

export interface AuthorityLine {
  /** Point the app at this (AR_EMULATOR_URL): its calls to the authority pass here. */
  url: string;
  /** Where the authority (the app's own emulator) is now, e.g. after the app started again on another port. */
  forwardTo(baseUrl: string): void;
  /**
   * The next FECAESolicitar is carried to the authority and answered there; then, with the authority's
   * answer in hand and before it reaches our client, `onAnswered` runs with it (the test kills the app) and the
   * connection is cut. What the authority committed stays committed; we never hear of it.
   */
  loseNextAuthorisation(onAnswered: (answer: string) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** An HTTP hop between our authority clients and the emulator, in the test's own process. */
export async function authorityLine(): Promise<AuthorityLine> {
  let target = '';
  let interception: { onAnswered: (answer: string) => Promise<void>; done: () => void } | undefined;
  const server = http.createServer((incoming, outgoing) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const headers = Object.fromEntries(
        Object.entries(incoming.headers).filter(
          ([name, value]) => typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name),
        ),
      ) as Record<string, string>;
      const answer = await fetch(`${target}${incoming.url}`, {
        method: incoming.method,
        headers,
        body: incoming.method === 'GET' ? undefined : body,
      });
      const answerBody = Buffer.from(await answer.arrayBuffer());
      const intercepted = interception;
      if (intercepted && body.includes('FECAESolicitar>')) {
        interception = undefined;
        await intercepted.onAnswered(answerBody.toString());
        incoming.socket.destroy();
        intercepted.done();
        return;
      }
      outgoing.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/xml' });
      outgoing.end(answerBody);
    })().catch(() => incoming.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    forwardTo: (baseUrl) => {
      target = baseUrl;
    },
    loseNextAuthorisation: (onAnswered) =>
      new Promise<void>((resolve) => {
        interception = { onAnswered, done: resolve };
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
