// The `ar-arca-v4` addon's VAT refund on a type T (tourism) invoice: the VAT of its lodging lines (tourism
// items 1 and 2) is refunded to the foreign tourist, shown as one `vat-refund` charge of minus that VAT. Any
// such charge sent is replaced, and the VAT is that of the invoice calculated without it, as GOBL does.
import { calculateInvoice } from '@/lib/gobl/bill';
import type { CalculableInvoice } from '@/lib/gobl/invoice';
import { Amount } from '@/lib/gobl/num';
import { CATEGORY_VAT } from '@/lib/gobl/regime-ar';
import type { PreparedCombo } from '@/lib/gobl/tax-combo';
import {
  CHARGE_KEY_VAT_REFUND,
  DOC_TYPES_T,
  EXT_DOC_TYPE,
  EXT_TOURISM_ITEM,
  TOURISM_ITEMS_REFUNDED,
  VAT_REFUND_REASON,
} from '@/lib/ar/arca/extensions';

type Rate = { ext?: Record<string, string>; amount: string };
type Category = { code: string; rates?: Rate[] };

/** The VAT of the lodging items, from the totals of the invoice calculated as it stands. */
function lodgingVat(doc: CalculableInvoice, combo: (combo: PreparedCombo) => void): Amount {
  const { doc: calculated } = calculateInvoice(structuredClone(doc), { combo });
  const totals = calculated.totals as { taxes?: { categories?: Category[] } } | undefined;
  const vat = totals?.taxes?.categories?.find((category) => category.code === CATEGORY_VAT);
  return (vat?.rates ?? [])
    .filter((rate) => TOURISM_ITEMS_REFUNDED.includes(rate.ext?.[EXT_TOURISM_ITEM] ?? ''))
    .reduce((sum, rate) => sum.add(Amount.parse(rate.amount)), Amount.zero(2));
}

/** Runs after the document type is known and before the calculation; changes nothing on other types. */
export function normaliseTourismRefund(doc: CalculableInvoice, combo: (combo: PreparedCombo) => void) {
  if (!DOC_TYPES_T.includes(doc.tax?.ext?.[EXT_DOC_TYPE] ?? '')) return;
  const charges = (doc.charges ?? []).filter((charge) => charge.key !== CHARGE_KEY_VAT_REFUND);
  doc.charges = charges;
  const refund = lodgingVat(doc, combo);
  if (!refund.isZero()) {
    doc.charges = [
      ...charges,
      { key: CHARGE_KEY_VAT_REFUND, reason: VAT_REFUND_REASON, amount: refund.negate().toString() },
    ];
  }
  if (doc.charges.length === 0) delete doc.charges;
}
