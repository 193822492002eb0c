// The README's "Your first invoice", run as a person runs it: the block exactly as written, pasted into bash
// (on its standard input), from a directory other than the repository's, with BASE and KEY set to what
// `npm start` printed, against the product started as `npm start` on a fresh data directory. It must end
// without an error, with three vouchers Sent, each with its 14-digit CAE, its QR and its PDF; a second paste
// issues three more; and a wrong key stops it at the first call, saying why. Then its contingency block, on the
// supplier the first registered: an invoice issued under the CAEA while the emulator is down, and informed once
// it is back. Every loop the README's shell blocks hold has a time limit.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readArcaQrUrl } from '@/lib/ar/arca/qr';
import { createScratchDatabase, dropScratchDatabase } from '@/tests/support/scratch-database';
import { startProduct, type RunningServer } from '@/tests/support/server-process';

const readme = fs.readFileSync('README.md', 'utf8');

/** The first bash block of the README's section under `heading` (`## Your first invoice`). */
function blockUnder(heading: string): string {
  const start = readme.indexOf(`\n${heading}\n`);
  expect(start).toBeGreaterThan(0);
  const end = readme.slice(start + 1).search(/\n#{2,4} /);
  const section = readme.slice(start, end < 0 ? undefined : start + 1 + end);
  const block = /\n```bash\n([\s\S]*?)\n```\n/.exec(section)?.[1];
  expect(block).toBeDefined();
  return `${block!}\n`;
}
const firstInvoiceBlock = () => blockUnder('## Your first invoice');

/**
 * Pasted into bash: the block on its standard input, run where the person happens to be. Run without holding
 * this process, which reads the server's output meanwhile (a server whose output pipe filled would stop).
 */
function paste(block: string, env: Record<string, string>) {
  const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'first-invoice-'));
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      'bash',
      [],
      {
        cwd: elsewhere,
        env: { PATH: process.env.PATH, HOME: elsewhere, ...env } as unknown as NodeJS.ProcessEnv,
        encoding: 'utf8',
        timeout: 240_000,
        maxBuffer: 16 * 1024 * 1024,
      },
      // Killed at its time limit: no status.
      (error, stdout, stderr) =>
        resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    ).stdin!.end(block);
  });
}

/** The `show` objects the block prints (jq's pretty JSON, one after the other). */
function shownVouchers(stdout: string) {
  const objects = stdout.match(/^\{\n[\s\S]*?\n\}$/gm) ?? [];
  return objects.map((text) => JSON.parse(text)).filter((value) => 'cae' in value);
}

const serverUrl = process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-onboarding-first-invoice-'));
let databaseUrl: string | undefined;
let server: RunningServer;
let apiKey: string;

beforeAll(async () => {
  if (serverUrl) databaseUrl = await createScratchDatabase(serverUrl, 'first_invoice');
  server = await startProduct({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  apiKey = (await server.waitFor(/API key \(shown once\): (sk_test_\S+)/))[1]!;
  await server.waitFor(/registration link: \S+/);
});

afterAll(async () => {
  await server?.stop('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl && serverUrl) await dropScratchDatabase(serverUrl, databaseUrl);
});

describe(`the README's "Your first invoice" (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('registers the demo supplier and issues an A, a B and a credit note; an exporter, its E and T; each with its CAE, QR and PDF', {
    timeout: 300_000,
  }, async () => {
    const run = await paste(firstInvoiceBlock(), { BASE: server.url, KEY: apiKey });
    expect(run.status, `${run.stderr}\n${run.stdout}`).toBe(0);
    expect(run.stderr).toBe('');

    const vouchers = shownVouchers(run.stdout);
    expect(vouchers.map((voucher) => [voucher.status, voucher.type, voucher.number])).toEqual([
      ['Sent', '1', '1-00000001'],
      ['Sent', '6', '1-00000001'],
      ['Sent', '3', '1-00000001'],
      ['Sent', '19', '2-00000001'],
      ['Sent', '195', '3-00000001'],
    ]);
    for (const [at, voucher] of vouchers.entries()) {
      expect(voucher.cae).toMatch(/^\d{14}$/);
      expect(voucher.cae_expiry).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const cuit = at < 3 ? 30712345671 : 30716543214;
      expect(readArcaQrUrl(voucher.qr)).toMatchObject({ cuit, codAut: Number(voucher.cae) });
    }
    // The export's QR is in its currency, at the rate the invoice gave.
    expect(readArcaQrUrl(vouchers[3].qr)).toMatchObject({ tipoCmp: 19, moneda: 'DOL', ctz: 1045.5, importe: 5760 });
    const pdfs = /their PDFs are in (\S+)/.exec(run.stdout)?.[1];
    expect(pdfs).toBeDefined();
    const files = fs.readdirSync(pdfs!).sort();
    expect(files).toEqual([
      '1-1-00000001.pdf',
      '19-2-00000001.pdf',
      '195-3-00000001.pdf',
      '3-1-00000001.pdf',
      '6-1-00000001.pdf',
    ]);
    for (const file of files) expect(fs.readFileSync(path.join(pdfs!, file)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('runs again on the registered supplier, issuing the next numbers', { timeout: 300_000 }, async () => {
    const run = await paste(firstInvoiceBlock(), { BASE: server.url, KEY: apiKey });
    expect(run.status, `${run.stderr}\n${run.stdout}`).toBe(0);
    expect(shownVouchers(run.stdout).map((voucher) => voucher.number)).toEqual([
      '1-00000002',
      '1-00000002',
      '1-00000002',
      '2-00000002',
      '3-00000002',
    ]);
  });

  it('stops at the first failed call, printing the answer, and issues nothing', { timeout: 120_000 }, async () => {
    const run = await paste(firstInvoiceBlock(), { BASE: server.url, KEY: 'sk_test_wrong' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(
      /^GET \/silo\/v1\/entries\?folder=suppliers&limit=100: HTTP 401 \{"code":"unauthorized"/,
    );
    expect(run.stdout).not.toContain('Issued');
  });
});

describe(`the README's contingency block (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('issues under the CAEA while the authority is down, in about the patience, then informs it', {
    timeout: 240_000,
  }, async () => {
    // As a person pastes it: after reading the section, not within seconds of the first block. An invoice sent
    // within 10 s of the authority's last answer goes out without asking whether it is up, and a refusal then is
    // in doubt (README: the block's comment on step 4).
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    const started = Date.now();
    const run = await paste(blockUnder('### Contingency: invoices while the authority is down (CAEA)'), {
      BASE: server.url,
      KEY: apiKey,
    });
    expect(run.status, `${run.stderr}\n${run.stdout}`).toBe(0);
    expect(run.stderr).toBe('');
    const printed = (run.stdout.match(/^\{\n[\s\S]*?\n\}$/gm) ?? []).map((text) => JSON.parse(text));
    const [held, invoice, informed] = printed;
    expect(held).toMatchObject({ caea: expect.stringMatching(/^\d{14}$/), points_of_sale: [9] });
    expect(invoice).toMatchObject({
      status: 'Sent',
      number: '9-00000001',
      caea: held.caea,
      caea_expiry: held.valid_to,
      qr: { ptoVta: 9, nroCmp: 1, tipoCodAut: 'A', codAut: Number(held.caea) },
    });
    const day = new Date(Date.now() - 3 * 3_600_000).getUTCDate();
    if (day === 1 || day === 16) expect(run.stdout).toContain('informed tomorrow');
    else
      expect(informed).toEqual({
        informed: { point_of_sale: 9, number: 1, caea: held.caea, total: expect.any(String) },
      });
    expect(Date.now() - started).toBeLessThan(120_000);
  });
});

describe("the README's shell blocks", () => {
  it('hold no loop without a time limit', () => {
    const blocks = [...readme.matchAll(/\n```(?:sh|bash)\n([\s\S]*?)\n```\n/g)].map((match) => match[1]!);
    expect(blocks.length).toBeGreaterThan(5);
    const loops = blocks.filter((block) => /(^|;|&&|\|\|)\s*(while|until)\s/m.test(block));
    for (const block of loops) expect(block, block).toMatch(/\$SECONDS|\btimeout\b|--max-time/);
  });
});
