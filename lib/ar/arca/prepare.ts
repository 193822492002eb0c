// The one entry point for storing an invoice: the document is read, given the store's rounding rule when it
// names none (STORE_ROUNDING), normalised as the `ar-arca-v4` addon does, calculated as GOBL does, and checked against the addon's rules and against the voucher it will be
// authorised as (its total and VAT to the cent, lib/ar/arca/voucher-amounts.ts). Either the document to store, or
// every refusal keyed by its path in the stored form (`data.doc.lines.0.taxes`), for `422 validation_failed`.
import { calculateInvoice } from '@/lib/gobl/bill';
import { CalculableInvoiceSchema, type CalculableInvoice } from '@/lib/gobl/invoice';
import { ADDON_KEY } from '@/lib/ar/arca/extensions';
import { normaliseArcaCombo, normaliseArcaInvoice } from '@/lib/ar/arca/normalise';
import { checkArcaRules } from '@/lib/ar/arca/rules';
import { checkConsumerIdentification, checkCustomerCuits, checkQuantities } from '@/lib/ar/arca/certain-refusals';
import { checkVoucherBalance } from '@/lib/ar/arca/voucher-amounts';
import { checkExportVoucher } from '@/lib/ar/arca/wsfex-check';
import { wsctRefusals } from '@/lib/ar/arca/wsct-comprobante';

export type PreparedArcaInvoice = { ok: true; doc: CalculableInvoice } | { ok: false; fields: Record<string, string> };

/**
 * The rounding rule of an invoice that names none. The authority's voucher adds parts each rounded to the
 * cent (ImpIVA = Σ AlicIva.Importe, ImpTotal = Σ parts): GOBL's "currency" rule (round-then-sum) always adds
 * up to it, its default "precise" (sum-then-round) parts from it by a cent in about a third of invoices. Kept
 * in the stored document, so GOBL recalculating it gives the same totals. A rule asked for is kept as asked.
 */
export const STORE_ROUNDING = 'currency';

/** More lines than any invoice needs would only cost time (the authority takes totals, not lines). */
const MAX_INVOICE_ROWS = 2000;

export interface PrepareOptions {
  /** Where the document sits in what the caller stores; field paths start with it. */
  path?: string;
}

export function prepareArcaInvoice(input: unknown, { path = 'data.doc' }: PrepareOptions = {}): PreparedArcaInvoice {
  const at = (relative: string) => [path, relative].filter(Boolean).join('.');
  const parsed = CalculableInvoiceSchema.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[at(issue.path.join('.'))] ??= issue.message;
    return { ok: false, fields };
  }
  const rows =
    (parsed.data.lines?.length ?? 0) + (parsed.data.discounts?.length ?? 0) + (parsed.data.charges?.length ?? 0);
  if (rows > MAX_INVOICE_ROWS) {
    return {
      ok: false,
      fields: { [at('lines')]: `at most ${MAX_INVOICE_ROWS} lines, discounts and charges together` },
    };
  }

  const doc = structuredClone(parsed.data);
  // Every invoice of the store is issued at the authority, so the addon always applies.
  if (!doc.$addons?.includes(ADDON_KEY)) doc.$addons = [...(doc.$addons ?? []), ADDON_KEY];
  if (!doc.tax?.rounding) doc.tax = { ...doc.tax, rounding: STORE_ROUNDING };
  const normalising = normaliseArcaInvoice(doc);
  const calculation = calculateInvoice(doc, { combo: normaliseArcaCombo });
  let refusals = {
    ...checkArcaRules(calculation.doc),
    ...calculation.fields,
    ...normalising,
    ...checkCustomerCuits(calculation.doc),
    ...checkQuantities(calculation.doc),
  };
  // Only a document the addon accepts is weighed against the voucher it will be authorised as.
  if (Object.keys(refusals).length === 0) refusals = checkVoucherBalance(calculation.doc);
  // And a voucher that can be made is one the authority takes only with its receiver named, from RG 4444's amount.
  if (Object.keys(refusals).length === 0) refusals = checkConsumerIdentification(calculation.doc);
  // An export (E) is one WSFEX could take: destination, incoterm, exchange rate..., each by its field.
  if (Object.keys(refusals).length === 0) refusals = checkExportVoucher(calculation.doc);
  // A tourism invoice is one WSCT can carry: its receiver's document and country, its items, its currency.
  if (Object.keys(refusals).length === 0) refusals = wsctRefusals(calculation.doc);
  if (Object.keys(refusals).length > 0) {
    return {
      ok: false,
      fields: Object.fromEntries(Object.entries(refusals).map(([key, reason]) => [at(key), reason])),
    };
  }
  return { ok: true, doc: calculation.doc };
}
