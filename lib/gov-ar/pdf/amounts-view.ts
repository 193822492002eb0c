// The voucher's figures as printed. Lines come from the calculated document; totals, IVA per rate and
// tributes from the WSFEv1 detail the invoice maps to, so they are what the authority authorised. Class A
// (and M) discriminates IVA per rate; B shows prices with IVA included (RG 1415) and, to a final consumer,
// the IVA they contain (RG 5614, Ley 27.743); C carries no IVA.
import type { CalculableInvoice, TaxCombo } from '@/lib/gobl/invoice';
import { Amount, Percentage } from '@/lib/gobl/num';
import { CATEGORY_VAT, KEY_EXEMPT } from '@/lib/gobl/regime-ar';
import {
  CHARGE_KEY_VAT_REFUND,
  EXT_TAX_TYPE,
  VAT_RATE_PERCENT,
  VAT_STATUS_FINAL_CONSUMER,
} from '@/lib/ar/arca/extensions';
import type { WsfeVoucher } from '@/lib/ar/arca/wsfe-detail';
import { formatMoney, formatPercent, formatPrice, formatQuantity } from '@/lib/gov-ar/pdf/format';
import type { LabelledValue, VoucherKind } from '@/lib/gov-ar/pdf/labels';

export interface LineRow {
  description: string;
  quantity: string;
  unit: string;
  price: string;
  discount: string;
  /** The line's IVA rate (classes A and M). */
  vat: string;
  total: string;
}

export interface TributeRow {
  description: string;
  base: string;
  rate: string;
  amount: string;
}

export interface AmountsView {
  currency: string;
  /** IVA per line and per rate (A, M). */
  discriminatesVat: boolean;
  /** Prices shown with IVA included (B). */
  pricesWithVat: boolean;
  lines: LineRow[];
  tributes: TributeRow[];
  /** The last is the voucher's total. */
  totals: LabelledValue[];
  /** RG 5614's block, for a B to a final consumer. */
  transparency?: { legend: string; rows: LabelledValue[] };
}

/** RG 5614: the tributes that are "otros impuestos nacionales indirectos" (impuestos internos). */
const NATIONAL_INDIRECT_TAX_TYPES = ['4'];

/** The units GOBL names by key, as an Argentine invoice writes them. */
const UNITS: Record<string, string> = {
  item: 'unidades',
  h: 'horas',
  min: 'minutos',
  day: 'días',
  week: 'semanas',
  month: 'meses',
  year: 'años',
  kg: 'kg',
  g: 'g',
  t: 't',
  l: 'l',
  ml: 'ml',
  m: 'm',
  m2: 'm²',
  m3: 'm³',
  km: 'km',
  cm: 'cm',
  service: 'servicio',
};

const vatCombo = (taxes: TaxCombo[] | undefined) => taxes?.find((combo) => combo.cat === CATEGORY_VAT);

/** What multiplies a net figure to include its IVA; undefined when the combo has no percentage (exempt, untaxed). */
function vatFactor(taxes: TaxCombo[] | undefined): Amount | undefined {
  const percent = vatCombo(taxes)?.percent;
  return percent ? Percentage.parse(percent).factor() : undefined;
}

/** `figure × factor`, exact (the factor has at most a few places), at `places` decimals or all of them. */
function times(figure: string, factor: Amount | undefined, places?: number): string {
  if (!factor) return figure;
  const amount = Amount.parse(figure);
  const product = amount.rescale(amount.exp + factor.exp).multiply(factor);
  return places === undefined ? product.toString() : product.rescale(places).toString();
}

function vatLabel(taxes: TaxCombo[] | undefined): string {
  const combo = vatCombo(taxes);
  if (!combo) return 'No gravado';
  if (combo.key === KEY_EXEMPT) return 'Exento';
  return combo.percent ? formatPercent(combo.percent) : '';
}

type Line = NonNullable<CalculableInvoice['lines']>[number] & { item: { unit?: string; ref?: string } };

function lineRow(line: Line, currency: string, withVat: boolean): LineRow {
  const factor = withVat ? vatFactor(line.taxes) : undefined;
  const discounts = line.discounts ?? [];
  const discount =
    discounts.length === 1 && discounts[0]!.percent
      ? formatPercent(discounts[0]!.percent)
      : discounts.length > 0
        ? formatMoney(
            times(
              discounts.reduce((sum, item) => sum.add(Amount.parse(item.amount ?? '0')), Amount.zero(2)).toString(),
              factor,
              2,
            ),
            currency,
          )
        : '';
  const unit = line.item.unit;
  return {
    description: [line.item.ref, line.item.name].filter(Boolean).join(' - '),
    quantity: formatQuantity(line.quantity),
    unit: unit ? (UNITS[unit] ?? unit) : '',
    price: line.item.price === undefined ? '' : formatPrice(times(line.item.price, factor)),
    discount,
    vat: vatLabel(line.taxes),
    total: line.total === undefined ? '' : formatMoney(times(line.total, factor, 2), currency),
  };
}

type Adjustment = NonNullable<CalculableInvoice['discounts']>[number];

/** Document discounts and charges other than tributes, as rows after the lines. */
function adjustmentRows(
  invoice: CalculableInvoice,
  currency: string,
  withVat: boolean,
  discriminatesVat: boolean,
): LineRow[] {
  const row = (adjustment: Adjustment, title: string, sign: '' | '-'): LineRow => ({
    description: [title, adjustment.reason].filter(Boolean).join(': '),
    quantity: '',
    unit: '',
    price: '',
    discount: adjustment.percent ? formatPercent(adjustment.percent) : '',
    vat: discriminatesVat ? vatLabel(adjustment.taxes) : '',
    total: formatMoney(
      `${sign}${times(adjustment.amount!, withVat ? vatFactor(adjustment.taxes) : undefined, 2)}`,
      currency,
    ),
  });
  return [
    ...(invoice.discounts ?? []).map((discount) => row(discount, 'Bonificación', '-')),
    ...(invoice.charges ?? [])
      // Tributes have their own table; a tourism invoice's VAT refund is a line of its totals.
      .filter((charge) => !charge.ext?.[EXT_TAX_TYPE] && charge.key !== CHARGE_KEY_VAT_REFUND)
      .map((charge) => row(charge, 'Recargo', '')),
  ];
}

/** The document's lines, then its discounts and charges; `addVat` shows net figures with their VAT. */
export const documentRows = (
  invoice: CalculableInvoice,
  currency: string,
  addVat: boolean,
  discriminatesVat: boolean,
): LineRow[] => [
  ...(invoice.lines ?? []).map((line) => lineRow(line as Line, currency, addVat)),
  ...adjustmentRows(invoice, currency, addVat, discriminatesVat),
];

const isZero = (figure: string) => Amount.parse(figure).isZero();
const sum = (figures: string[]) =>
  figures.reduce((total, figure) => total.add(Amount.parse(figure)), Amount.zero(2)).toString();

function totalsRows(kind: VoucherKind, detail: WsfeVoucher['detail'], currency: string): LabelledValue[] {
  const money = (figure: string) => formatMoney(figure, currency);
  const tributes = { label: 'Importe otros tributos', value: money(detail.ImpTrib) };
  const total = { label: 'Importe total', value: money(detail.ImpTotal) };
  if (kind.letter === 'A' || kind.letter === 'M') {
    const rates = [...(detail.Iva?.AlicIva ?? [])].sort((a, b) =>
      Amount.parse(VAT_RATE_PERCENT[b.Id] ?? '0').compare(Amount.parse(VAT_RATE_PERCENT[a.Id] ?? '0')),
    );
    return [
      { label: 'Importe neto gravado', value: money(detail.ImpNeto) },
      ...(isZero(detail.ImpTotConc) ? [] : [{ label: 'Importe neto no gravado', value: money(detail.ImpTotConc) }]),
      ...(isZero(detail.ImpOpEx) ? [] : [{ label: 'Importe exento', value: money(detail.ImpOpEx) }]),
      ...rates.map((rate) => ({
        label: `IVA ${formatPercent(`${VAT_RATE_PERCENT[rate.Id] ?? '?'}%`)}`,
        value: money(rate.Importe),
      })),
      tributes,
      total,
    ];
  }
  // B and C: what the lines add up to (with IVA in B), then the tributes on top.
  return [{ label: 'Subtotal', value: money(sum([detail.ImpTotal, `-${detail.ImpTrib}`])) }, tributes, total];
}

export function amountsView(invoice: CalculableInvoice, kind: VoucherKind, voucher: WsfeVoucher): AmountsView {
  const { detail } = voucher;
  const currency = invoice.currency ?? 'ARS';
  const discriminatesVat = kind.letter === 'A' || kind.letter === 'M';
  const pricesWithVat = kind.letter === 'B';
  const addVat = pricesWithVat && invoice.tax?.prices_include !== CATEGORY_VAT;
  const tributes = detail.Tributos?.Tributo ?? [];
  const toFinalConsumer = String(detail.CondicionIVAReceptorId) === VAT_STATUS_FINAL_CONSUMER;
  return {
    currency,
    discriminatesVat,
    pricesWithVat,
    lines: documentRows(invoice, currency, addVat, discriminatesVat),
    tributes: tributes.map((tributo) => ({
      description: tributo.Desc,
      base: formatMoney(tributo.BaseImp, currency),
      rate: isZero(tributo.Alic) ? '' : formatPercent(tributo.Alic),
      amount: formatMoney(tributo.Importe, currency),
    })),
    totals: totalsRows(kind, detail, currency),
    ...(kind.letter === 'B' && toFinalConsumer
      ? {
          transparency: {
            legend: 'Régimen de Transparencia Fiscal al Consumidor (Ley 27.743)',
            rows: [
              { label: 'IVA contenido', value: formatMoney(detail.ImpIVA, currency) },
              {
                label: 'Otros impuestos nacionales indirectos',
                value: formatMoney(
                  sum(
                    tributes
                      .filter((tributo) => NATIONAL_INDIRECT_TAX_TYPES.includes(String(tributo.Id)))
                      .map((tributo) => tributo.Importe),
                  ),
                  currency,
                ),
              },
            ],
          },
        }
      : {}),
  };
}
