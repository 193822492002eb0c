// The README's "Issuing invoices" by example, run: each invoice body its curl lines store (the heredocs fed
// to `issue`) goes through the real routes, is issued at the emulator by the `ar-invoice` workflow and
// ends Sent with its number, CAE and QR, and its PDF is served. If the README's bodies rot, this fails.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as entriesRoute from '@/app/silo/v1/entries/route';
import * as pdfRoute from '@/app/silo/v1/entries/[id]/pdf/route';
import { readArcaQrUrl } from '@/lib/ar/arca/qr';
import { call } from '@/tests/support/call';
import { registeredSupplier } from '@/tests/support/invoices';
import {
  argentinaToday,
  createInvoiceWorkflow,
  issue,
  readEntry,
  runUntilEnded,
  stampOf,
} from '@/tests/support/issuing';
import { useEmulator } from '@/tests/support/registration';

const emulator = useEmulator();

const DEMO_CUIT = '30712345671';

/** The README's section, and the invoice bodies its `issue <<JSON ... JSON` heredocs hold, in order. */
function readmeSection() {
  const readme = fs.readFileSync('README.md', 'utf8');
  const start = readme.indexOf('\n## Issuing invoices\n');
  expect(start).toBeGreaterThan(0);
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const bodies = [...section.matchAll(/\$\(issue <<JSON\n([\s\S]*?)\nJSON\n\)/g)].map((match) => match[1]!);
  return { section, bodies };
}

/** What the shell substitutes in a heredoc: the variables the README sets before it. */
function substitute(body: string, values: Record<string, string>): unknown {
  const filled = body.replace(/\$([A-Z_]+)\b/g, (_whole, name: string) => {
    if (!(name in values)) throw new Error(`the README's body uses $${name}, which this test does not know`);
    return values[name]!;
  });
  // `\$schema` in an unquoted heredoc is the shell's way of writing `$schema`.
  return JSON.parse(filled.replaceAll('\\$', '$'));
}

const plusDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe("the README's issuing examples", () => {
  it('has the workflow, the four invoices and the PDF download the newcomer runs', () => {
    const { section, bodies } = readmeSection();
    expect(bodies).toHaveLength(4);
    expect(section).toContain(`-d '{"template":"ar-invoice"}'`);
    expect(section).toContain('/silo/v1/entries/$(echo "$entry" | jq -r .id)/pdf');
    expect(section).toContain('TODAY=$(TZ=America/Argentina/Buenos_Aires date +%F)');
  });

  it('issues an A invoice, a B invoice to a final consumer, a services invoice and a credit note against the first', {
    timeout: 120_000,
  }, async () => {
    const supplier = await registeredSupplier(emulator());
    const workflow = await createInvoiceWorkflow(supplier.apiKey);
    const today = argentinaToday();
    const values: Record<string, string> = { TODAY: today, MONTH: today.slice(0, 7), DUE: plusDays(today, 15) };
    const { bodies } = readmeSection();

    const issued: { entry: any; pdf: { status: number; fileName?: string } }[] = [];
    for (const [index, body] of bodies.entries()) {
      // The README's supplier is the demo's; this test's is registered under a CUIT of its own.
      const request = JSON.parse(JSON.stringify(substitute(body, values)).replaceAll(DEMO_CUIT, supplier.cuit));
      const stored = await call(entriesRoute.POST, { token: supplier.apiKey, body: request });
      expect(stored.status, `body ${index + 1}: ${JSON.stringify(stored.body)}`).toBe(201);
      const job = await issue(supplier.apiKey, workflow.id, stored.body.id);
      const [ended] = await runUntilEnded(supplier.apiKey, [job.id]);
      expect(ended.status, `body ${index + 1}: ${JSON.stringify(ended.steps)}`).toBe('completed');
      const entry = await readEntry(supplier.apiKey, stored.body.id);
      const pdf = await pdfRoute.GET(
        new Request(`http://localhost/silo/v1/entries/${entry.id}/pdf`, {
          headers: { authorization: `Bearer ${supplier.apiKey}` },
        }),
        { params: Promise.resolve({ id: entry.id }) },
      );
      const bytes = Buffer.from(await pdf.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(entry.meta).toEqual([]); // what the README's `show` prints before the PDF is asked for
      issued.push({
        entry: await readEntry(supplier.apiKey, stored.body.id),
        pdf: {
          status: pdf.status,
          fileName: /filename="([^"]+)"/.exec(pdf.headers.get('content-disposition') ?? '')?.[1],
        },
      });
      if (index === 0) values.A_CODE = entry.data.doc.code;
    }

    const [a, b, services, creditNote] = issued;
    const expected = [
      { of: a!, docType: '1', code: '00000001', concept: '1', file: 'FACTURA-A-00001-00000001.pdf' },
      { of: b!, docType: '6', code: '00000001', concept: '1', file: 'FACTURA-B-00001-00000001.pdf' },
      { of: services!, docType: '1', code: '00000002', concept: '2', file: 'FACTURA-A-00001-00000002.pdf' },
      { of: creditNote!, docType: '3', code: '00000001', concept: '1', file: 'NOTA-DE-CREDITO-A-00001-00000001.pdf' },
    ];
    for (const { of, docType, code, concept, file } of expected) {
      const { entry, pdf } = of;
      expect(entry.status).toBe('Sent');
      expect(entry.data.doc.tax.ext).toMatchObject({ 'ar-arca-doc-type': docType, 'ar-arca-concept': concept });
      expect(entry.data.doc.code).toBe(code);
      const cae = stampOf(entry, 'arca-cae');
      expect(cae).toMatch(/^\d{14}$/);
      expect(stampOf(entry, 'arca-cae-expiry')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(readArcaQrUrl(stampOf(entry, 'arca-qr')!)).toMatchObject({
        cuit: Number(supplier.cuit),
        ptoVta: 1,
        tipoCmp: Number(docType),
        nroCmp: Number(code),
        codAut: Number(cae),
      });
      expect(pdf).toEqual({ status: 200, fileName: file });
      // Once asked for, the PDF is kept, and its meta record says so.
      expect(entry.meta.find((record: { key: string }) => record.key === 'pdf')?.value).toMatchObject({
        file_name: file,
        content_type: 'application/pdf',
      });
    }
    expect(creditNote!.entry.data.doc.preceding[0]).toMatchObject({ code: a!.entry.data.doc.code });
    expect(services!.entry.data.doc.ordering.period).toEqual({ start: `${values.MONTH}-01`, end: today });
  });
});
