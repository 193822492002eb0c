// A calculated export invoice's lines, discounts and charges as WSFEX's Items, and its Imp_total: exports carry
// no VAT, so the payable is the sum of the items to the cent (validation 1610). A line's discounts are its
// Pro_bonificacion; a document discount is an item of unit 99 (bonificación, a negative total) and a document
// charge one of unit 0 (a total alone), as the manual's request 4 does. Amounts exact, never floats.
import { Amount } from '@/lib/gobl/num';
import type { CalculableInvoice, Line } from '@/lib/gobl/invoice';
import { GOBL_UNITS, UNIT_DISCOUNT, UNIT_NONE, UNIT_OTHER, UNIT_ITEM } from '@/lib/ar/arca/wsfex-tables';
import type { FexItem } from '@/lib/ar/arca/wsfex-request';
import { WsfexMappingError } from '@/lib/ar/arca/wsfex-mapping-error';

/** N12,6 (Pro_qty, Pro_precio_uni, Pro_bonificacion): 12 integer digits, 6 decimals at most. */
const N12_6 = /^\d{1,12}(\.\d{1,6})?$/;
const cents = (amount: Amount) => amount.rescale(2);

function lineItem(line: Line, at: number): FexItem {
  const path = `lines.${at}`;
  if (line.charges?.length) {
    throw new WsfexMappingError(
      `${path}.charges`,
      'a WSFEX item takes discounts (Pro_bonificacion), not charges: give the charge a line of its own',
    );
  }
  const price = line.item.price ?? '0';
  if (!N12_6.test(line.quantity)) {
    throw new WsfexMappingError(
      `${path}.quantity`,
      `WSFEX takes a positive quantity of at most 6 decimals, not ${line.quantity}`,
    );
  }
  if (!N12_6.test(price)) {
    throw new WsfexMappingError(`${path}.item.price`, `WSFEX takes a price of at most 6 decimals, not ${price}`);
  }
  const discount = (line.discounts ?? []).reduce(
    (sum, adjustment) => sum.add(Amount.parse(adjustment.amount ?? '0')),
    Amount.zero(6),
  );
  if (!line.total)
    throw new WsfexMappingError(`${path}.total`, 'the line has no total: the invoice was not calculated');
  const unit = line.item.unit;
  const name = line.item.name?.trim();
  if (!name || name.length > 4000) {
    throw new WsfexMappingError(
      `${path}.item.name`,
      'each item has a description (Pro_ds) of at most 4000 characters (1770)',
    );
  }
  return {
    ...(line.item.ref ? { Pro_codigo: line.item.ref } : {}),
    Pro_ds: name,
    Pro_qty: line.quantity,
    Pro_umed: unit === undefined ? UNIT_ITEM : (GOBL_UNITS[unit] ?? UNIT_OTHER),
    Pro_precio_uni: price,
    Pro_bonificacion: discount.isZero() ? '0' : discount.toString(),
    Pro_total_item: cents(Amount.parse(line.total)).toString(),
  };
}

const totalOnly = (description: string, unit: number, total: Amount): FexItem => ({
  Pro_ds: description,
  Pro_qty: '0',
  Pro_umed: unit,
  Pro_precio_uni: '0',
  Pro_bonificacion: '0',
  Pro_total_item: cents(total).toString(),
});

/** Every line, then each document discount (unit 99) and charge (unit 0), as WSFEX items. */
export function exportItems(invoice: CalculableInvoice): FexItem[] {
  if (!invoice.lines?.length) throw new WsfexMappingError('lines', 'an export voucher has 1 to 9999 items (1666)');
  const adjustment = (amount: string | undefined, path: string) => {
    if (!amount) throw new WsfexMappingError(path, 'the adjustment has no amount: the invoice was not calculated');
    return Amount.parse(amount);
  };
  return [
    ...invoice.lines.map(lineItem),
    ...(invoice.discounts ?? []).map((discount, at) =>
      totalOnly(
        discount.reason ?? 'Bonificación',
        UNIT_DISCOUNT,
        adjustment(discount.amount, `discounts.${at}.amount`).negate(),
      ),
    ),
    ...(invoice.charges ?? []).map((charge, at) =>
      totalOnly(charge.reason ?? 'Cargo', UNIT_NONE, adjustment(charge.amount, `charges.${at}.amount`)),
    ),
  ];
}

/** Imp_total: the payable, which must be the items' sum (no VAT on an export; 1610). */
export function exportTotal(invoice: CalculableInvoice, items: FexItem[]): string {
  const totals = (invoice.totals ?? {}) as { tax?: string; payable?: string };
  if (totals.tax && !Amount.parse(totals.tax).isZero()) {
    const taxed = invoice.lines?.findIndex((line) =>
      line.taxes?.some((combo) => combo.percent && Number.parseFloat(combo.percent) !== 0),
    );
    throw new WsfexMappingError(
      taxed !== undefined && taxed >= 0 ? `lines.${taxed}.taxes` : 'totals.tax',
      'an export voucher carries no VAT: give its lines VAT "zero" or "exempt"',
    );
  }
  if (!totals.payable)
    throw new WsfexMappingError('totals.payable', 'the invoice has no payable: it was not calculated');
  const payable = cents(Amount.parse(totals.payable));
  const sum = items.reduce((total, item) => total.add(Amount.parse(item.Pro_total_item)), Amount.zero(2));
  if (!sum.equals(payable)) {
    throw new WsfexMappingError(
      'totals.payable',
      `the payable ${payable.toString()} is not the sum of the export items, ${sum.toString()} (advances are not exported)`,
    );
  }
  return payable.toString();
}
