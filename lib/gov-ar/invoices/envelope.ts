// An invoice as the `invoices` folder stores it: a GOBL envelope around a `bill/invoice` document (a bare
// document is wrapped into one first, so every field path names the stored form: `data.doc.series`),
// normalised and calculated as GOBL's Argentina addon does. Fields GOBL does not read are kept as sent.
import { z } from 'zod';
import { INVOICE_LETTERS } from '@/lib/ar/services';
import { prepareArcaInvoice } from '@/lib/ar/arca/prepare';
import { MAX_POINT_OF_SALE, SERIES_RULE } from '@/lib/ar/arca/rules';
import { CalculableInvoiceSchema, type CalculableInvoice } from '@/lib/gobl/invoice';
import { EnvelopeHeaderSchema, goblUuid, nameText, shortText } from '@/lib/gobl/org';
import { EXPORT_CUSTOMER_EXTENSIONS, EXPORT_TAX_EXTENSIONS } from '@/lib/gov-ar/invoices/export-extensions';
import { PartySchema } from '@/lib/gov-ar/party';

const ENVELOPE_SCHEMA_URL = 'https://gobl.org/draft-0/envelope';
const INVOICE_SCHEMA_URL = 'https://gobl.org/draft-0/bill/invoice';
export const DOC_LETTER_EXT = 'ar-arca-doc-letter';

/**
 * The point of sale (punto de venta), 1..99998, as a string of digits. Leading zeros are accepted
 * ("0003" is how the number is printed on an invoice) and kept as sent; the value is what counts.
 */
const SeriesSchema = z
  .string({ error: SERIES_RULE })
  .regex(/^\d{1,5}$/, SERIES_RULE)
  .refine((series) => Number(series) >= 1 && Number(series) <= MAX_POINT_OF_SALE, SERIES_RULE);

/** The point of sale a series names. */
export const pointOfSaleNumber = (series: string) => Number(series);

/** A customer may be a consumer without a CUIT or a foreign company (exports): kept as sent. */
const CustomerSchema = z.looseObject({
  name: nameText.optional(),
  tax_id: z.looseObject({ country: shortText.optional(), code: shortText.optional() }).optional(),
  ext: z.looseObject(EXPORT_CUSTOMER_EXTENSIONS).optional(),
});

/** The authority's stamps (`arca-cae`, `arca-qr`...) are the store's to write, once the invoice is issued. */
const OUR_STAMP = /^arca-/;
const HeaderSchema = EnvelopeHeaderSchema.superRefine((head, ctx) => {
  head.stamps?.forEach((stamp, at) => {
    if (OUR_STAMP.test(stamp.prv))
      ctx.addIssue({
        code: 'custom',
        path: ['stamps', at, 'prv'],
        message: `the ${stamp.prv} stamp is written by the store when the authority accepts the invoice, never sent`,
      });
  });
});

const InvoiceTaxSchema = z.looseObject({
  ext: z
    .looseObject({
      [DOC_LETTER_EXT]: z
        .enum(INVOICE_LETTERS, { error: `the invoice letter is one of ${INVOICE_LETTERS.join(', ')}` })
        .optional(),
      ...EXPORT_TAX_EXTENSIONS,
    })
    .optional(),
});

export const InvoiceSchema = z.looseObject({
  $schema: z.literal(INVOICE_SCHEMA_URL, { error: `only ${INVOICE_SCHEMA_URL} documents are stored in invoices` }),
  uuid: goblUuid.optional(),
  series: SeriesSchema,
  code: z.string({ error: 'code is text' }).max(100).optional(),
  issue_date: z.iso.date({ error: 'issue_date is a date, YYYY-MM-DD' }),
  supplier: PartySchema,
  customer: CustomerSchema.optional(),
  lines: z.array(z.looseObject({})).optional(),
  tax: InvoiceTaxSchema.optional(),
});
export type Invoice = z.output<typeof InvoiceSchema>;

/** Anything else than an envelope (no `doc`, no envelope `$schema`) is taken for a bare document, and checked as one. */
const isBareDocument = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !('doc' in value) &&
  (value as { $schema?: unknown }).$schema !== ENVELOPE_SCHEMA_URL;

/**
 * A GOBL envelope holding an invoice; a bare `bill/invoice` document is wrapped into one. Its document is
 * then normalised, calculated and checked as GOBL's `ar-arca-v4` addon does (lib/ar/arca/prepare.ts): what
 * is stored is the calculated document, and each rule it breaks is a field of the 422.
 */
export const InvoiceEnvelopeSchema = z.preprocess(
  (value) => (isBareDocument(value) ? { $schema: ENVELOPE_SCHEMA_URL, doc: value } : value),
  z
    .strictObject({
      $schema: z.literal(ENVELOPE_SCHEMA_URL, { error: `$schema must be ${ENVELOPE_SCHEMA_URL}` }),
      head: HeaderSchema.optional(),
      doc: InvoiceSchema,
      sigs: z.array(z.unknown()).optional(),
    })
    .transform((envelope, ctx) => {
      const prepared = prepareArcaInvoice(envelope.doc, { path: 'doc' });
      if (prepared.ok) return { ...envelope, doc: prepared.doc as CalculableInvoice & Invoice };
      for (const [path, reason] of Object.entries(prepared.fields))
        ctx.addIssue({ code: 'custom', message: reason, path: path.split('.') });
      return z.NEVER;
    }),
);
export type InvoiceEnvelope = z.output<typeof InvoiceEnvelopeSchema>;

/** A stored invoice: the envelope with its document as calculated (what an entry of `invoices` holds). */
export const StoredInvoiceEnvelopeSchema = z.strictObject({
  $schema: z.literal(ENVELOPE_SCHEMA_URL),
  head: z.looseObject({}).optional(),
  doc: CalculableInvoiceSchema,
  sigs: z.array(z.unknown()).optional(),
});

/** An invoice's identity in the store: its GOBL document uuid when the client gave one (letters' case aside). */
export const invoiceIdentity = (envelope: InvoiceEnvelope): string | undefined =>
  typeof envelope.doc.uuid === 'string' ? envelope.doc.uuid.toLowerCase() : undefined;

/** The letter the invoice declares, if any (none means the common A/B/C/M family). */
export const invoiceLetter = (invoice: Invoice) => invoice.tax?.ext?.[DOC_LETTER_EXT];
