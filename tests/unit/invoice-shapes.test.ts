// What the invoices folder accepts is what the PDF and the mapping to the authority can read. An invoice
// that fills every GOBL field of its parties, items, notes and payment is taken and printed; each of its
// fields given another JSON type, or text past the store's limits, is refused naming that field (a table
// built from the invoice itself); and any edit of it the store accepts prints without an error.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WsfeMappingError } from '@/lib/ar/arca/wsfe-mapping-error';
import { TEXT_LIMITS } from '@/lib/gobl/org';
import { InvoiceEnvelopeSchema } from '@/lib/gov-ar/invoices/envelope';
import { InvoicePdfError } from '@/lib/gov-ar/pdf/input';
import { renderInvoicePdf } from '@/lib/gov-ar/pdf/render-invoice';
import { issueInvoice } from '@/tests/support/issued-invoices';
import { richInvoiceEnvelope } from '@/tests/support/invoice-docs';
import { applyJsonEdit, jsonEditArbitrary, type Json } from '@/tests/support/json-mutations';
import { pdfText } from '@/tests/support/pdf-tools';

const CUIT = '30712345671';
const envelope = richInvoiceEnvelope(CUIT) as unknown as Json;

type Path = (string | number)[];
/** Every leaf of a JSON value (string, number, boolean), with its path. */
function leaves(value: Json, path: Path = []): { path: Path; value: Json }[] {
  if (Array.isArray(value)) return value.flatMap((item, at) => leaves(item, [...path, at]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]));
  return [{ path, value }];
}

function replaced(body: Json, path: Path, value: Json): Json {
  const copy = structuredClone(body);
  const parent = path.slice(0, -1).reduce<Json>((node, key) => (node as Record<string, Json>)[key]!, copy);
  (parent as Record<string, Json>)[path.at(-1)!] = value;
  return copy;
}

/** The dotted paths the store names in its 422 for this envelope (as `data.` + these), or undefined when it takes it. */
function refusedPaths(body: Json): string[] | undefined {
  const parsed = InvoiceEnvelopeSchema.safeParse(body);
  return parsed.success ? undefined : parsed.error.issues.map((issue) => issue.path.join('.'));
}

/** Values of another JSON type than the leaf's, and text longer than any field takes. */
function wrongValues(value: Json): Json[] {
  const others: Json[] = [7, true, { text: 'x' }, ['x'], null];
  if (typeof value === 'string')
    return [...others.filter((other) => typeof other !== 'string'), 'x'.repeat(TEXT_LIMITS.text + 1)];
  if (typeof value === 'number') return ['7', true, {}, []];
  return ['false', 1, {}];
}

const cases = leaves(envelope)
  .filter(({ path }) => path[0] !== '$schema')
  .flatMap(({ path, value }) => wrongValues(value).map((wrong) => ({ field: path.join('.'), path, wrong })));

describe('an invoice filling every GOBL field the store types', () => {
  it('is taken, and printed with its parties', async () => {
    const parsed = InvoiceEnvelopeSchema.safeParse(envelope);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    const issued = issueInvoice(parsed.data!.doc as unknown as Parameters<typeof issueInvoice>[0]);
    const text = pdfText(await renderInvoicePdf({ envelope: issued.envelope }));
    expect(text).toContain('Proveedor Completo S.A.');
    expect(text).toContain('Av. Corrientes 1234');
    expect(text).toContain('Tornillos galvanizados');
  });

  it(`has ${cases.length} fields × wrong values in its table`, () => {
    expect(cases.length).toBeGreaterThan(400);
  });

  it.each(cases.map((entry) => [entry.field, JSON.stringify(entry.wrong).slice(0, 20), entry] as const))(
    '%s = %s is refused naming the field',
    (_field, _shown, { field, path, wrong }) => {
      const paths = refusedPaths(replaced(envelope, path, wrong));
      expect(paths, `${field} = ${JSON.stringify(wrong).slice(0, 40)} was taken`).toBeDefined();
      expect(paths).toContain(field);
    },
  );

  it('refuses stamps of the authority sent by the client: the store writes them once the invoice is issued', () => {
    const forged = replaced(envelope, ['head', 'stamps'], [{ prv: 'arca-cae', val: '75123456789012' }]);
    expect(refusedPaths(forged)).toEqual(['head.stamps.0.prv']);
  });

  it('names an item of 100 000 characters and a note past the limit, with the limit', () => {
    const long = replaced(envelope, ['doc', 'lines', 0, 'item', 'name'], 'x'.repeat(100_000));
    const parsed = InvoiceEnvelopeSchema.safeParse(replaced(long, ['doc', 'notes', 0, 'text'], 'y'.repeat(5_001)));
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['doc.lines.0.item.name', 'at most 1000 characters'],
      ['doc.notes.0.text', 'at most 5000 characters'],
    ]);
  });
});

describe('any edit of it the store takes', () => {
  it('prints: the PDF never meets a value it cannot read', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(jsonEditArbitrary(), { minLength: 1, maxLength: 3 }), async (edits) => {
        const edited = edits.reduce(applyJsonEdit, envelope);
        const parsed = InvoiceEnvelopeSchema.safeParse(edited);
        if (!parsed.success) return;
        let issued: ReturnType<typeof issueInvoice>;
        try {
          issued = issueInvoice(parsed.data.doc as unknown as Parameters<typeof issueInvoice>[0]);
        } catch (error) {
          // Not issuable as edited (the mapping to the authority refuses it): nothing to print.
          if (error instanceof WsfeMappingError) return;
          throw error;
        }
        await renderInvoicePdf({ envelope: issued.envelope }).catch((error: unknown) => {
          if (!(error instanceof InvoicePdfError)) throw error;
        });
      }),
      { numRuns: 150 },
    );
  });
});
