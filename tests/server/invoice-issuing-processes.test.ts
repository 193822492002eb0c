// Numbering that never skips or repeats, with real server processes: two app processes on one PostgreSQL
// issuing one sequence at once, and a server killed (SIGKILL) after the authority authorised an invoice but
// before we recorded it: after the restart the invoice is Sent with the authority's CAE (found with
// FECompConsultar, not sent again) and the next invoice takes the next number. `npm start` with PROCESSES=2
// (one port, two processes sharing the work; refused on the embedded database).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { withCheckDigit } from '@/lib/ar/cuit';
import { productClient } from '@/tests/support/product-client';
import { startProduct, type RunningServer } from '@/tests/support/server-process';
import { createScratchDatabase, dropScratchDatabase } from '@/tests/support/scratch-database';
import {
  authorityLine,
  caeOf,
  finalConsumerInvoice,
  invoicingSupplier,
  storeAndIssue,
  untilSent,
  type AuthorityLine,
} from '@/tests/support/issuing-server';

const serverUrl = process.env.DATABASE_URL;
const ADMIN = 'issuing-processes-admin';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Where the servers of one test keep their data: a scratch database (PostgreSQL) or a data directory (PGlite). */
async function storage(prefix: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ar-${prefix}-`));
  const databaseUrl = serverUrl ? await createScratchDatabase(serverUrl, prefix) : undefined;
  cleanups.push(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropScratchDatabase(serverUrl!, databaseUrl);
  });
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ADMIN_TOKEN: ADMIN,
    RATE_LIMITS: 'off',
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
}

async function start(env: Record<string, string | undefined>): Promise<RunningServer> {
  const server = await startProduct(env);
  cleanups.push(() => server.stop());
  await server.waitFor(/is up on/);
  return server;
}

/** Reads the job until it has ended (or 30 s passed); the job as then read. */
async function untilJobEnded(client: ReturnType<typeof productClient>, key: string, jobId: string) {
  for (const deadline = Date.now() + 30_000; ; ) {
    const { body } = await client.api('GET', `/transform/v1/jobs/${jobId}`, undefined, key);
    if (body.status === 'completed' || body.status === 'failed' || Date.now() > deadline) return body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const cuit = (seed: number) => {
  for (let n = seed; ; n++) {
    const valid = withCheckDigit(`30${74_000_000 + n}`);
    if (valid) return valid;
  }
};

describe.runIf(serverUrl)('two app processes on one PostgreSQL issuing one sequence', () => {
  it('number 20 concurrent invoices 1..20, each with its own CAE', async () => {
    // The authority's round trip keeps batches in flight while the other process wants the sequence too.
    const env = { ...(await storage('issuing_pair')), AR_EMULATOR_LATENCY_MS: '200' };
    const servers = [await start(env), await start(env)];
    const [a, b] = servers.map((server) => productClient(server.url, ADMIN));
    const supplier = await invoicingSupplier(a!, cuit(10), 'issuing-pair');

    const issued = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        storeAndIssue(i % 2 ? b! : a!, supplier, finalConsumerInvoice(supplier.cuit, 100 + i)),
      ),
    );
    const sent = await Promise.all(issued.map(({ entryId }, i) => untilSent(i % 2 ? a! : b!, supplier, entryId)));

    expect(sent.map((entry) => Number(entry.data.doc.code)).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    const caes = sent.map(caeOf);
    expect(caes.every((cae) => /^\d{14}$/.test(cae ?? ''))).toBe(true);
    expect(new Set(caes).size).toBe(20);
  }, 180_000);
});

/** The processes `npm start` forked (its children), by pid. */
const childrenOf = (pid: number) =>
  execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map(Number);

describe.runIf(serverUrl)('npm start with PROCESSES=2 on one PostgreSQL', () => {
  it('serves one port from two processes that number one sequence 1..20, and starts a killed one again', async () => {
    const env = { ...(await storage('issuing_processes')), AR_EMULATOR_LATENCY_MS: '200', PROCESSES: '2' };
    const server = await startProduct(env);
    cleanups.push(() => server.stop());
    await server.waitFor(/is up on[\s\S]*is up on/);
    const workers = childrenOf(server.processGroup);
    expect(workers).toHaveLength(2);
    const client = productClient(server.url, ADMIN);
    const supplier = await invoicingSupplier(client, cuit(900), 'issuing-processes');

    process.kill(workers[0]!, 'SIGKILL');
    await server.waitFor(/a server process ended \(SIGKILL\): starting another/);
    const issued = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        storeAndIssue(client, supplier, finalConsumerInvoice(supplier.cuit, 200 + i)),
      ),
    );
    const sent = await Promise.all(issued.map(({ entryId }) => untilSent(client, supplier, entryId)));
    expect(sent.map((entry) => Number(entry.data.doc.code)).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(new Set(sent.map(caeOf)).size).toBe(20);
    const now = childrenOf(server.processGroup);
    expect(now).toHaveLength(2);
    expect(now).not.toContain(workers[0]);
  }, 180_000);
});

describe.runIf(!serverUrl)('npm start with PROCESSES=2 on the embedded database', () => {
  it('refuses to start, naming what it needs', async () => {
    const server = await startProduct({ ...(await storage('processes_embedded')), PROCESSES: '2' });
    cleanups.push(() => server.stop());
    expect(await server.exited()).toBe(1);
    expect(server.output()).toContain('PROCESSES=2 needs PostgreSQL (DATABASE_URL)');
  }, 60_000);
});

describe(`a server killed between the authority's answer and our commit (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  let line: AuthorityLine;

  it('adopts the CAE the authority gave after the restart, and the next invoice takes the next number', async () => {
    line = await authorityLine();
    cleanups.push(() => line.close());
    // A short time limit keeps the dead sender's sequence lease (it, plus 10 s) from outlasting the test.
    const env = { ...(await storage('issuing_kill')), AR_EMULATOR_URL: line.url, AR_AUTHORITY_TIMEOUT_MS: '2000' };
    let server = await start(env);
    line.forwardTo(server.url);
    let client = productClient(server.url, ADMIN);
    const supplier = await invoicingSupplier(client, cuit(500), 'issuing-kill');

    let lostAnswer = '';
    const lost = line.loseNextAuthorisation(async (answer) => {
      // The authority has authorised it (its answer is in our hands here); our server never sees it.
      await server.stop('SIGKILL');
      lostAnswer = answer;
    });
    const first = await storeAndIssue(client, supplier, finalConsumerInvoice(supplier.cuit, 1234));
    await lost;
    expect(lostAnswer).toContain('<Resultado>A</Resultado>');
    const authorityCae = /<CAE>(\d{14})<\/CAE>/.exec(lostAnswer)?.[1];
    expect(authorityCae).toBeDefined();

    server = await start(env);
    line.forwardTo(server.url);
    client = productClient(server.url, ADMIN);
    const adopted = await untilSent(client, supplier, first.entryId);
    // The CAE of the answer we lost, found again with FECompConsultar (sending it again would have been 10016).
    expect(adopted.data.doc.code).toBe('00000001');
    expect(caeOf(adopted)).toBe(authorityCae);
    // Sent comes with the stamps, in the sender's transaction; the job ends with its own steps just after.
    expect((await untilJobEnded(client, supplier.key, first.jobId)).status).toBe('completed');
    // Its PDF, made on the first request, rendered off the event loop in the built app.
    const pdf = await fetch(`${server.url}/silo/v1/entries/${first.entryId}/pdf`, {
      headers: { authorization: `Bearer ${supplier.key}` },
    });
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(server.output()).toContain('[pdf] invoice PDFs render on a worker thread');

    const second = await storeAndIssue(client, supplier, finalConsumerInvoice(supplier.cuit, 99));
    const next = await untilSent(client, supplier, second.entryId);
    expect(next.data.doc.code).toBe('00000002');
    expect(caeOf(next)).not.toBe(caeOf(adopted));
  }, 180_000);
});
