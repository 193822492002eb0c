// The API document describes our `ar-fex-*` extension keys of an export invoice (issue 27): each on the invoice's
// `tax.ext` (the country CUIT on the customer's `ext`), with its meaning and allowed values, as docs/exports.md
// and the README's table give them.
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '@/lib/openapi/document';

type Schema = { properties?: Record<string, Schema>; description?: string; enum?: string[]; pattern?: string } & Record<
  string,
  unknown
>;

const invoice = openApiDocument().components.schemas.InvoiceEnvelope as Schema;

/** The schema at a path of properties, through the `allOf`/`anyOf` zod may wrap an optional object in. */
function at(schema: Schema | undefined, path: string[]): Schema | undefined {
  if (!schema || path.length === 0) return schema;
  const [key, ...rest] = path;
  const direct = schema.properties?.[key!];
  if (direct) return at(direct, rest);
  for (const variant of [...((schema.anyOf as Schema[]) ?? []), ...((schema.allOf as Schema[]) ?? [])]) {
    const found = at(variant, path);
    if (found) return found;
  }
  return undefined;
}

describe('the invoice schema in the API document', () => {
  const taxExt = at(invoice, ['doc', 'tax', 'ext']);
  const customerExt = at(invoice, ['doc', 'customer', 'ext']);

  it.each([
    ['ar-fex-export-type', /Tipo_expo.*1 Exportación definitiva de bienes, 2 Servicios, 4 Otros/, ['1', '2', '4']],
    ['ar-fex-language', /Idioma_cbte.*1 Español, 2 Inglés, 3 Portugués.*When absent, 1/, ['1', '2', '3']],
    ['ar-fex-incoterm', /Incoterms.*FOB.*Required on an invoice \(19\) of goods/, undefined],
    ['ar-fex-country', /Dst_cmp.*3-digit code/, undefined],
    ['ar-fex-permit', /shipping permit.*99999AAXX999999A/, undefined],
  ])('tax.ext.%s says what it is and takes', (key, meaning, values) => {
    const schema = taxExt?.properties?.[key];
    expect(schema, key).toBeDefined();
    expect(schema!.description).toMatch(meaning);
    expect(schema!.description).toMatch(/^Export invoices \(E, WSFEX\) only\./);
    if (values) expect(schema!.enum).toEqual(values);
  });

  it('lists every incoterm the store takes, and the forms of a country code and a permit', () => {
    expect(taxExt?.properties?.['ar-fex-incoterm']?.enum).toEqual(expect.arrayContaining(['EXW', 'FOB', 'CIF', 'DPU']));
    expect(new RegExp(taxExt!.properties!['ar-fex-country']!.pattern!).test('212')).toBe(true);
    expect(new RegExp(taxExt!.properties!['ar-fex-permit']!.pattern!).test('26001EC01000123A')).toBe(true);
  });

  it("describes the country CUIT on the customer's ext", () => {
    expect(customerExt?.properties?.['ar-fex-country-cuit']?.description).toMatch(
      /Cuit_pais_cliente.*FEXGetPARAM_DST_CUIT.*11 digits/,
    );
  });
});
