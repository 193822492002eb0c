// A voucher's amounts read from the invoice as stored, never worked out again from its lines: each alícuota
// is a stored VAT rate's base and amount, ImpTotal the stored `totals.payable`. What the authority authorises
// is then what the store keeps, by construction, provided the parts add up to that total to the cent, which
// the authority demands (ImpTotal = ImpTotConc + ImpNeto + ImpOpEx + ImpTrib + ImpIVA, ImpIVA = Σ Importe).
// `imbalanceOf` says where they would not; the store refuses such an invoice rather than keep other figures.
import { Amount, Percentage } from '@/lib/gobl/num';
import type { CalculableInvoice } from '@/lib/gobl/invoice';
import { CATEGORY_VAT, KEY_EXEMPT } from '@/lib/gobl/regime-ar';
import {
  DOC_TYPES_C,
  DOC_TYPES_E,
  DOC_TYPES_T,
  EXT_DOC_TYPE,
  EXT_TAX_TYPE,
  EXT_VAT_RATE,
  TAX_TYPES,
} from '@/lib/ar/arca/extensions';
import { WsfeMappingError } from '@/lib/ar/arca/wsfe-mapping-error';

export interface AlicIva {
  Id: number;
  BaseImp: string;
  Importe: string;
}
export interface Tributo {
  Id: number;
  Desc: string;
  BaseImp: string;
  Alic: string;
  Importe: string;
}

export interface VoucherAmounts {
  ImpTotal: string;
  ImpTotConc: string;
  ImpNeto: string;
  ImpOpEx: string;
  ImpTrib: string;
  ImpIVA: string;
  alicuotas: AlicIva[];
  tributos: Tributo[];
}

interface StoredTotals {
  sum?: string;
  total?: string;
  tax?: string;
  rounding?: string;
  payable?: string;
  taxes?: {
    categories?: {
      code: string;
      rates: { key?: string; ext?: Record<string, string>; base: string; percent?: string; amount: string }[];
    }[];
  };
}

const zero = () => Amount.zero(2);
const sum = (amounts: Amount[]) => amounts.reduce((total, amount) => total.add(amount), zero());
const cents = (figure: string) => Amount.parse(figure).rescale(2);

const totalsOf = (invoice: CalculableInvoice) => invoice.totals as StoredTotals | undefined;

/** The voucher's amounts, each with the currency's two places, from the stored totals. */
export function voucherAmounts(invoice: CalculableInvoice, docType: string): VoucherAmounts {
  const { amounts, negative } = amountsAndNegatives(invoice, docType);
  const reasons = Object.values(negative);
  if (reasons.length > 0) throw new WsfeMappingError(reasons.join('; '));
  return amounts;
}

const NEGATIVE =
  'a discount larger than what it discounts: the authority takes no negative amount, a correction goes in a credit note';

/**
 * The amounts, and each part that would be negative by the stored field it comes from (relative to the
 * document): the authority refuses a negative part, so such an invoice can never be sent.
 */
function amountsAndNegatives(invoice: CalculableInvoice, docType: string) {
  const totals = totalsOf(invoice);
  if (!totals?.total || !totals.payable) throw new WsfeMappingError('the invoice has no totals: prepare it first');
  const typeC = DOC_TYPES_C.includes(docType);
  const tributos = tributosOf(invoice, totals.sum ?? totals.total);
  const impTrib = sum(tributos.map((tributo) => Amount.parse(tributo.Importe)));
  const vat = typeC ? undefined : vatParts(invoice, totals);
  // Type C carries no VAT: the whole subtotal, less the tributes, is ImpNeto.
  const neto = vat ? vat.neto : cents(totals.total).subtract(impTrib);
  const negative: Record<string, string> = { ...vat?.negative };
  const below = (amount: Amount) => amount.compare(zero()) < 0;
  if (typeC && below(neto)) negative['totals.total'] = `the voucher's ImpNeto would be ${neto}, ${NEGATIVE}`;
  if (below(impTrib)) negative.charges = `the voucher's ImpTrib would be ${impTrib}, ${NEGATIVE}`;
  const amounts: VoucherAmounts = {
    ImpTotal: cents(totals.payable).toString(),
    ImpTotConc: (vat?.totConc ?? zero()).toString(),
    ImpNeto: neto.toString(),
    ImpOpEx: (vat?.opEx ?? zero()).toString(),
    ImpTrib: impTrib.toString(),
    ImpIVA: sum((vat?.alicuotas ?? []).map((alicuota) => Amount.parse(alicuota.Importe))).toString(),
    alicuotas: vat?.alicuotas ?? [],
    tributos,
  };
  return { amounts, negative };
}

/** ImpTotConc + ImpNeto + ImpOpEx + ImpTrib + ImpIVA, the total the authority checks ImpTotal against. */
export const partsTotal = (amounts: VoucherAmounts) =>
  sum([amounts.ImpTotConc, amounts.ImpNeto, amounts.ImpOpEx, amounts.ImpTrib, amounts.ImpIVA].map(cents)).toString();

const ROUNDING_ADVICE =
  'set tax.rounding to "currency", or leave it out (the store then uses "currency"): GOBL then rounds every ' +
  'line and VAT rate to the cent before adding them, and the parts always add up';

/**
 * Where the stored totals and the voucher's parts disagree, by stored field (relative to the document), with
 * the reason; empty when the voucher says to the cent what the invoice says. GOBL's "precise" rounding (its
 * default, and the Argentine regime's) rounds sums, not parts, so a cent can part them; "currency" cannot.
 */
export function imbalanceOf(invoice: CalculableInvoice, amounts: VoucherAmounts): Record<string, string> {
  const totals = totalsOf(invoice)!;
  const precise = invoice.tax?.rounding !== 'currency' && invoice.tax?.rounding !== 'round-then-sum';
  const advice = precise ? `: ${ROUNDING_ADVICE}` : '';
  const fields: Record<string, string> = {};
  const parts = partsTotal(amounts);
  if (totals.rounding !== undefined && !Amount.parse(totals.rounding).isZero()) {
    fields['totals.rounding'] =
      `the authority's voucher has no rounding amount: its ImpTotal is the sum of its parts, ${parts}, ` +
      `where the payable with this rounding would be ${amounts.ImpTotal}`;
  } else if (parts !== amounts.ImpTotal) {
    fields['totals.payable'] =
      `the authority's ImpTotal is the sum of the voucher's parts, each to the cent (ImpTotConc + ImpNeto + ` +
      `ImpOpEx + ImpTrib + ImpIVA = ${parts}), but the invoice's payable is ${amounts.ImpTotal}${advice}`;
  }
  const tax = cents(totals.tax ?? '0').toString();
  if (amounts.ImpIVA !== tax) {
    fields['totals.tax'] =
      `the authority's ImpIVA is the sum of the alícuotas, each VAT rate's amount to the cent (${amounts.ImpIVA}), ` +
      `but the invoice's tax is ${tax}${advice}`;
  }
  return fields;
}

/**
 * The store's check, beside the addon's rules: an invoice WSFEv1 issues is kept only if its voucher can be
 * made, with no negative part, and would say what it says. E and T are other services' vouchers; a voucher
 * that cannot be made at all (no totals, a rate without its code) is left to the send step.
 */
export function checkVoucherBalance(invoice: CalculableInvoice): Record<string, string> {
  const docType = invoice.tax?.ext?.[EXT_DOC_TYPE];
  if (!docType || DOC_TYPES_E.includes(docType) || DOC_TYPES_T.includes(docType)) return {};
  let voucher: ReturnType<typeof amountsAndNegatives>;
  try {
    voucher = amountsAndNegatives(invoice, docType);
  } catch (error) {
    // No totals (an invoice without lines) or a rate without its code: left to the send step, as before.
    if (error instanceof WsfeMappingError) return {};
    throw error;
  }
  const { amounts, negative } = voucher;
  return Object.keys(negative).length > 0 ? negative : imbalanceOf(invoice, amounts);
}

/**
 * Each VAT rate with a percentage is an alícuota (its code the authority's Iva Id, its base part of ImpNeto);
 * exempt bases are ImpOpEx; other bases without a percentage, and whatever carries no VAT at all, ImpTotConc.
 * A part that would be negative is named by the stored field it comes from (the first, when several add up).
 */
function vatParts(invoice: CalculableInvoice, totals: StoredTotals) {
  const byId = new Map<number, { base: Amount; amount: Amount; field: string; percent: string }>();
  let opEx = { base: zero(), field: '' };
  let totConc = { base: untaxedAmount(invoice), field: 'discounts' };
  const at = totals.taxes?.categories?.findIndex((category) => category.code === CATEGORY_VAT) ?? -1;
  for (const [index, rate] of (totals.taxes?.categories?.[at]?.rates ?? []).entries()) {
    const base = cents(rate.base);
    const field = `totals.taxes.categories.${at}.rates.${index}.base`;
    if (rate.percent === undefined) {
      if (rate.key === KEY_EXEMPT) opEx = { base: opEx.base.add(base), field: opEx.field || field };
      else totConc = { ...totConc, base: totConc.base.add(base) };
      continue;
    }
    const id = Number(rate.ext?.[EXT_VAT_RATE]);
    if (!id) throw new WsfeMappingError(`a VAT rate of ${rate.percent} has no ${EXT_VAT_RATE} code`);
    const sofar = byId.get(id) ?? { base: zero(), amount: zero(), field, percent: rate.percent };
    byId.set(id, { ...sofar, base: sofar.base.add(base), amount: sofar.amount.add(cents(rate.amount)) });
  }
  const negative: Record<string, string> = {};
  const below = (amount: Amount) => amount.compare(zero()) < 0;
  if (below(totConc.base)) {
    negative[totConc.field] =
      `the voucher's ImpTotConc would be ${totConc.base}: discounts without VAT exceed the amounts without VAT ` +
      '(give the discounts their VAT combo)';
  }
  if (below(opEx.base)) negative[opEx.field] = `the voucher's ImpOpEx would be ${opEx.base}, ${NEGATIVE}`;
  for (const [id, { base, field, percent }] of byId) {
    if (below(base)) negative[field] = `the base of VAT at ${percent} (alícuota ${id}) would be ${base}, ${NEGATIVE}`;
  }
  const alicuotas = [...byId].map(([id, { base, amount }]) => ({
    Id: id,
    BaseImp: base.toString(),
    Importe: amount.toString(),
  }));
  return {
    neto: sum([...byId.values()].map(({ base }) => base)),
    opEx: opEx.base,
    totConc: totConc.base,
    alicuotas,
    negative,
  };
}

const hasVat = (taxes: { cat: string }[] | undefined) => (taxes ?? []).some((combo) => combo.cat === CATEGORY_VAT);

/** Lines, discounts and (non-tribute) charges with no VAT combo: amounts outside VAT's reach. */
function untaxedAmount(invoice: CalculableInvoice): Amount {
  const lines = (invoice.lines ?? [])
    .filter((line) => line.total !== undefined && !hasVat(line.taxes))
    .map((line) => Amount.parse(line.total!));
  const charges = (invoice.charges ?? [])
    .filter((charge) => !charge.ext?.[EXT_TAX_TYPE] && !hasVat(charge.taxes))
    .map((charge) => Amount.parse(charge.amount!));
  const discounts = (invoice.discounts ?? [])
    .filter((discount) => !hasVat(discount.taxes))
    .map((discount) => Amount.parse(discount.amount!).negate());
  return sum([...lines, ...charges, ...discounts]);
}

/**
 * Charges with `ar-arca-tax-type` are the voucher's tributes (IIBB, municipal taxes, perceptions...); one that
 * comes to less than a cent is none at all, as the authority sends no Tributos when ImpTrib is 0 (10024).
 */
function tributosOf(invoice: CalculableInvoice, lineSum: string): Tributo[] {
  return (invoice.charges ?? [])
    .filter((charge) => charge.ext?.[EXT_TAX_TYPE] && !cents(charge.amount!).isZero())
    .map((charge) => {
      const id = charge.ext![EXT_TAX_TYPE]!;
      return {
        Id: Number(id),
        Desc: charge.reason ?? TAX_TYPES[id] ?? id,
        BaseImp: cents(charge.base ?? lineSum).toString(),
        Alic: charge.percent ? Percentage.parse(charge.percent).toString().slice(0, -1) : '0',
        Importe: cents(charge.amount!).toString(),
      };
    });
}
