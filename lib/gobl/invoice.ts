// The parts of a GOBL `bill/invoice` that calculation reads and writes, as zod schemas. Objects are loose:
// every field GOBL has that we do not calculate (names, addresses, notes...) is kept as sent.
import { z } from 'zod';
import { AMOUNT_PATTERN, PERCENTAGE_PATTERN } from '@/lib/gobl/num';

const amount = z
  .string({ error: 'an amount is a string of digits such as "100.00"' })
  .regex(AMOUNT_PATTERN, 'an amount is a string of digits such as "100.00" (at most 18 digits each side of the point)');
const percentage = z
  .string({ error: 'a percentage is a string such as "21%"' })
  .regex(PERCENTAGE_PATTERN, 'a percentage is a string such as "21%" or "10.5%"');
const extensions = z.record(z.string(), z.string({ error: 'extension values are codes (strings)' }));
const isoDate = z.iso.date({ error: 'a date is YYYY-MM-DD' });

export const TaxComboSchema = z.looseObject({
  cat: z.string({ error: 'cat is the tax category, "VAT"' }),
  country: z.string().optional(),
  key: z.string().optional(),
  rate: z.string().optional(),
  percent: percentage.optional(),
  surcharge: percentage.optional(),
  ext: extensions.optional(),
});
export type TaxCombo = z.output<typeof TaxComboSchema>;

const taxes = z.array(TaxComboSchema);

const LineAdjustmentSchema = z.looseObject({
  percent: percentage.optional(),
  amount: amount.optional(),
  base: amount.optional(),
  rate: amount.optional(),
  quantity: amount.optional(),
});

export const LineSchema = z.looseObject({
  i: z.number().optional(),
  quantity: amount,
  item: z.looseObject({
    name: z.string().optional(),
    key: z.string().optional(),
    price: amount.optional(),
    currency: z.string().optional(),
  }),
  sum: amount.optional(),
  discounts: z.array(LineAdjustmentSchema).optional(),
  charges: z.array(LineAdjustmentSchema).optional(),
  taxes: taxes.optional(),
  total: amount.optional(),
});
export type Line = z.output<typeof LineSchema>;

/** A document-level discount or charge: a percentage (of the line sum, or of `base`) or a fixed amount. */
export const AdjustmentSchema = z
  .looseObject({
    i: z.number().optional(),
    key: z.string().optional(),
    reason: z.string().optional(),
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

const DueDateSchema = z.looseObject({ date: isoDate, amount: amount.optional(), percent: percentage.optional() });
const AdvanceSchema = z.looseObject({
  amount: amount.optional(),
  percent: percentage.optional(),
  taxes: z.array(z.looseObject({ cat: z.string() })).optional(),
});

const PaymentSchema = z.looseObject({
  terms: z.looseObject({ due_dates: z.array(DueDateSchema).optional() }).optional(),
  advances: z.array(AdvanceSchema).optional(),
});

const PartySchema = z.looseObject({
  tax_id: z.looseObject({ country: z.string().optional(), code: z.string().optional() }).optional(),
  identities: z.array(z.looseObject({ code: z.string().optional(), ext: extensions.optional() })).optional(),
  ext: extensions.optional(),
});

export const CalculableInvoiceSchema = z.looseObject({
  $regime: z.string().optional(),
  $addons: z.array(z.string()).optional(),
  $tags: z.array(z.string()).optional(),
  type: z.enum(['standard', 'proforma', 'corrective', 'credit-note', 'debit-note', 'other']).optional(),
  series: z.string().optional(),
  code: z.string().optional(),
  issue_date: isoDate,
  currency: z.string().optional(),
  exchange_rates: z.array(z.looseObject({ from: z.string(), to: z.string(), amount })).optional(),
  tax: z
    .looseObject({
      prices_include: z.string().optional(),
      rounding: z.enum(['precise', 'currency', 'sum-then-round', 'round-then-sum']).optional(),
      ext: extensions.optional(),
    })
    .optional(),
  supplier: PartySchema.optional(),
  customer: PartySchema.optional(),
  preceding: z
    .array(
      z.looseObject({
        series: z.string().optional(),
        code: z.string().optional(),
        issue_date: isoDate.optional(),
        ext: extensions.optional(),
      }),
    )
    .optional(),
  lines: z.array(LineSchema).optional(),
  discounts: z.array(AdjustmentSchema).optional(),
  charges: z.array(AdjustmentSchema).optional(),
  ordering: z.looseObject({ period: z.looseObject({ start: isoDate, end: isoDate }).optional() }).optional(),
  payment: PaymentSchema.optional(),
  totals: z.looseObject({}).optional(),
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
