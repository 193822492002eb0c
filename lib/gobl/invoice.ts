// The parts of a GOBL `bill/invoice` that calculation reads and writes, as zod schemas, with GOBL's shapes for
// the parties, items, notes and payment (lib/gobl/org.ts). Objects are loose: every field GOBL has that we do
// not read is kept as sent, but a field GOBL types must have its type.
import { z } from 'zod';
import {
  amount,
  extensions,
  freeText,
  goblUuid,
  IdentitySchema,
  isoDate,
  ItemSchema,
  nameText,
  notes,
  PartySchema,
  PaymentSchema,
  percentage,
  shortText,
} from '@/lib/gobl/org';

export const TaxComboSchema = z.looseObject({
  cat: z.string({ error: 'cat is the tax category, "VAT"' }).max(100),
  country: shortText.optional(),
  key: shortText.optional(),
  rate: shortText.optional(),
  percent: percentage.optional(),
  surcharge: percentage.optional(),
  ext: extensions.optional(),
});
export type TaxCombo = z.output<typeof TaxComboSchema>;

const taxes = z.array(TaxComboSchema);

const LineAdjustmentSchema = z.looseObject({
  key: shortText.optional(),
  code: shortText.optional(),
  reason: freeText.optional(),
  percent: percentage.optional(),
  amount: amount.optional(),
  base: amount.optional(),
  rate: amount.optional(),
  quantity: amount.optional(),
});

export const LineSchema = z.looseObject({
  uuid: goblUuid.optional(),
  i: z.number().optional(),
  quantity: amount,
  identifier: IdentitySchema.optional(),
  item: ItemSchema,
  sum: amount.optional(),
  discounts: z.array(LineAdjustmentSchema).optional(),
  charges: z.array(LineAdjustmentSchema).optional(),
  taxes: taxes.optional(),
  total: amount.optional(),
  notes: notes.optional(),
});
export type Line = z.output<typeof LineSchema>;

/** A document-level discount or charge: a percentage (of the line sum, or of `base`) or a fixed amount. */
export const AdjustmentSchema = z
  .looseObject({
    uuid: goblUuid.optional(),
    i: z.number().optional(),
    key: shortText.optional(),
    code: shortText.optional(),
    reason: freeText.optional(),
    base: amount.optional(),
    percent: percentage.optional(),
    amount: amount.optional(),
    taxes: taxes.optional(),
    ext: extensions.optional(),
  })
  .refine((adjustment) => adjustment.percent !== undefined || adjustment.amount !== undefined, {
    error: 'give a percent or an amount',
  });
export type Adjustment = z.output<typeof AdjustmentSchema>;

export const CalculableInvoiceSchema = z.looseObject({
  $regime: shortText.optional(),
  $addons: z.array(shortText).optional(),
  $tags: z.array(shortText).optional(),
  uuid: goblUuid.optional(),
  type: z.enum(['standard', 'proforma', 'corrective', 'credit-note', 'debit-note', 'other']).optional(),
  series: shortText.optional(),
  code: shortText.optional(),
  issue_date: isoDate,
  issue_time: shortText.optional(),
  op_date: isoDate.optional(),
  value_date: isoDate.optional(),
  currency: shortText.optional(),
  exchange_rates: z.array(z.looseObject({ from: shortText, to: shortText, amount })).optional(),
  tax: z
    .looseObject({
      prices_include: shortText.optional(),
      rounding: z.enum(['precise', 'currency', 'sum-then-round', 'round-then-sum']).optional(),
      ext: extensions.optional(),
    })
    .optional(),
  supplier: PartySchema.optional(),
  customer: PartySchema.optional(),
  preceding: z
    .array(
      z.looseObject({
        uuid: goblUuid.optional(),
        type: shortText.optional(),
        series: shortText.optional(),
        code: shortText.optional(),
        issue_date: isoDate.optional(),
        reason: freeText.optional(),
        ext: extensions.optional(),
      }),
    )
    .optional(),
  lines: z.array(LineSchema).optional(),
  discounts: z.array(AdjustmentSchema).optional(),
  charges: z.array(AdjustmentSchema).optional(),
  ordering: z
    .looseObject({
      code: shortText.optional(),
      period: z.looseObject({ label: nameText.optional(), start: isoDate, end: isoDate }).optional(),
    })
    .optional(),
  payment: PaymentSchema.optional(),
  delivery: z.looseObject({ receiver: PartySchema.optional() }).optional(),
  totals: z.looseObject({}).optional(),
  notes: notes.optional(),
});
export type CalculableInvoice = z.output<typeof CalculableInvoiceSchema>;

/** GOBL's order of an invoice's fields; fields it does not define follow, as sent. */
const INVOICE_FIELD_ORDER = [
  '$schema',
  '$regime',
  '$addons',
  '$tags',
  'uuid',
  'type',
  'series',
  'code',
  'issue_date',
  'issue_time',
  'op_date',
  'value_date',
  'currency',
  'exchange_rates',
  'preceding',
  'tax',
  'supplier',
  'customer',
  'lines',
  'discounts',
  'charges',
  'ordering',
  'payment',
  'delivery',
  'totals',
  'notes',
  'complements',
  'meta',
  'attachments',
];

/** The same invoice with its fields in GOBL's order, so a stored document reads like GOBL's own output. */
export function inGoblOrder<T extends Record<string, unknown>>(doc: T): T {
  const known = INVOICE_FIELD_ORDER.filter((key) => key in doc);
  const rest = Object.keys(doc).filter((key) => !INVOICE_FIELD_ORDER.includes(key));
  return Object.fromEntries([...known, ...rest].map((key) => [key, doc[key]])) as T;
}
