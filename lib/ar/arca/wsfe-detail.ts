// A calculated invoice as WSFEv1's `FECAESolicitar` asks for it: the header's CbteTipo and PtoVta, and the
// `FECAEDetRequest` without CbteDesde/CbteHasta (the number is the caller's, given under the sequence lock).
// Amounts are strings with the currency's two places ("5445000.00"), exact as calculated, for the SOAP
// client to write as they are; codes and document numbers are numbers. ImpTotal is always the sum of its
// parts, as the authority checks; under GOBL's default "precise" rounding that sum of rounded parts may be a
// cent per rate away from `totals.total_with_tax` (sum-then-round), never under `tax.rounding: "currency"`.
import { Amount, Percentage } from '@/lib/gobl/num';
import type { CalculableInvoice } from '@/lib/gobl/invoice';
import { CATEGORY_VAT, KEY_EXEMPT } from '@/lib/gobl/regime-ar';
import {
  DOC_TYPES_C,
  DOC_TYPES_E,
  DOC_TYPES_T,
  EXT_CONCEPT,
  EXT_DOC_TYPE,
  EXT_IDENTITY_TYPE,
  EXT_TAX_TYPE,
  EXT_VAT_RATE,
  EXT_VAT_STATUS,
  TAX_TYPES,
  VAT_STATUS_FINAL_CONSUMER,
} from '@/lib/ar/arca/extensions';
import { sameClassInEveryBundle } from '@/lib/process-singleton';

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
export interface CbteAsoc {
  Tipo: number;
  PtoVta: number;
  Nro: number;
  Cuit?: string;
  CbteFch?: string;
}

export interface FECAEDetRequest {
  Concepto: number;
  DocTipo: number;
  DocNro: number;
  CbteDesde: number;
  CbteHasta: number;
  CbteFch: string;
  ImpTotal: string;
  ImpTotConc: string;
  ImpNeto: string;
  ImpOpEx: string;
  ImpTrib: string;
  ImpIVA: string;
  FchServDesde?: string;
  FchServHasta?: string;
  FchVtoPago?: string;
  MonId: string;
  MonCotiz: string;
  CanMisMonExt?: 'S' | 'N';
  CondicionIVAReceptorId: number;
  CbtesAsoc?: { CbteAsoc: CbteAsoc[] };
  Tributos?: { Tributo: Tributo[] };
  Iva?: { AlicIva: AlicIva[] };
}

/** What `FECAESolicitar` needs of one invoice: the header's two codes and the detail but for its number. */
export interface WsfeVoucher {
  CbteTipo: number;
  PtoVta: number;
  detail: Omit<FECAEDetRequest, 'CbteDesde' | 'CbteHasta'>;
}

/** The invoice cannot be sent to WSFEv1: another web service issues it, or it was never calculated. */
export class WsfeMappingError extends Error {
  constructor(
    message: string,
    readonly service?: 'wsfex' | 'wsct',
  ) {
    super(message);
    this.name = 'WsfeMappingError';
  }
}
sameClassInEveryBundle(WsfeMappingError, 'WsfeMappingError');

/**
 * The authority's currency codes (FEParamGetTiposMonedas) for the ISO codes we map; any other currency is
 * refused by name rather than guessed.
 */
const WSFE_CURRENCY: Record<string, string> = { ARS: 'PES', USD: 'DOL', EUR: '060', BRL: '012' };

const yyyymmdd = (date: string) => date.replaceAll('-', '');
const digits = (code: string | undefined) => (code ?? '').replace(/\D/g, '');
const sum = (amounts: Amount[]) => amounts.reduce((total, amount) => total.add(amount), Amount.zero(2));

/** The number of a voucher, set once the sequence has given it. */
export const withNumber = (detail: WsfeVoucher['detail'], number: number): FECAEDetRequest => ({
  ...detail,
  CbteDesde: number,
  CbteHasta: number,
});

export function toFECAEDetRequest(invoice: CalculableInvoice): WsfeVoucher {
  const docType = invoice.tax?.ext?.[EXT_DOC_TYPE];
  if (!docType) throw new WsfeMappingError(`the invoice has no ${EXT_DOC_TYPE}: prepare it first`);
  if (DOC_TYPES_E.includes(docType)) {
    throw new WsfeMappingError(
      `type E (export) invoices are issued by the authority's wsfex service, not WSFEv1`,
      'wsfex',
    );
  }
  if (DOC_TYPES_T.includes(docType)) {
    throw new WsfeMappingError(
      `type T (tourism) invoices are issued by the authority's wsct service, not WSFEv1`,
      'wsct',
    );
  }
  const totals = invoice.totals as { total?: string; sum?: string; taxes?: TaxTotals } | undefined;
  if (!totals?.total) throw new WsfeMappingError('the invoice has no totals: prepare it first');

  const amounts = DOC_TYPES_C.includes(docType) ? typeCAmounts(totals.total) : vatAmounts(invoice, totals.taxes);
  const tributos = tributosOf(invoice, totals.sum ?? totals.total);
  const impTrib = sum(tributos.map((tributo) => Amount.parse(tributo.Importe)));
  const impIva = sum(amounts.iva.map((alicuota) => Amount.parse(alicuota.Importe)));
  const impNeto = DOC_TYPES_C.includes(docType) ? amounts.neto.subtract(impTrib) : amounts.neto;
  const impTotal = sum([amounts.totConc, impNeto, amounts.opEx, impTrib, impIva]);
  const negative = [
    amounts.totConc,
    impNeto,
    amounts.opEx,
    impTrib,
    ...amounts.iva.map((alicuota) => Amount.parse(alicuota.BaseImp)),
  ].some((amount) => amount.compare(Amount.zero(2)) < 0);
  if (negative) {
    throw new WsfeMappingError(
      'a part of the voucher would be negative (a discount larger than what it discounts): ' +
        'the authority takes positive amounts, corrections go in a credit note',
    );
  }

  const concept = Number(invoice.tax?.ext?.[EXT_CONCEPT] ?? '1');
  return {
    CbteTipo: Number(docType),
    PtoVta: Number(invoice.series),
    detail: {
      Concepto: concept,
      ...receiverDocument(invoice),
      CbteFch: yyyymmdd(invoice.issue_date),
      ImpTotal: impTotal.toString(),
      ImpTotConc: amounts.totConc.toString(),
      ImpNeto: impNeto.toString(),
      ImpOpEx: amounts.opEx.toString(),
      ImpTrib: impTrib.toString(),
      ImpIVA: impIva.toString(),
      ...(concept === 1 ? {} : serviceDates(invoice)),
      ...currencyOf(invoice),
      CondicionIVAReceptorId: Number(invoice.customer?.ext?.[EXT_VAT_STATUS] ?? VAT_STATUS_FINAL_CONSUMER),
      ...(invoice.preceding?.length
        ? { CbtesAsoc: { CbteAsoc: invoice.preceding.map((ref) => associated(invoice, ref)) } }
        : {}),
      ...(tributos.length > 0 ? { Tributos: { Tributo: tributos } } : {}),
      ...(amounts.iva.length > 0 ? { Iva: { AlicIva: amounts.iva } } : {}),
    },
  };
}

interface TaxTotals {
  categories?: {
    code: string;
    rates: { key?: string; ext?: Record<string, string>; base: string; percent?: string; amount: string }[];
  }[];
}

interface Amounts {
  neto: Amount;
  opEx: Amount;
  totConc: Amount;
  iva: AlicIva[];
}

/** Type C carries no VAT: the whole subtotal (less tributes) is ImpNeto. */
function typeCAmounts(total: string): Amounts {
  return { neto: Amount.parse(total), opEx: Amount.zero(2), totConc: Amount.zero(2), iva: [] };
}

/**
 * Each VAT rate with a percentage is an alícuota (its code the authority's Iva Id, its base part of ImpNeto);
 * exempt bases are ImpOpEx; other bases without a percentage, and whatever carries no VAT at all, ImpTotConc.
 */
function vatAmounts(invoice: CalculableInvoice, taxes: TaxTotals | undefined): Amounts {
  const byId = new Map<number, { base: Amount; amount: Amount }>();
  let opEx = Amount.zero(2);
  let totConc = untaxedAmount(invoice);
  const vat = taxes?.categories?.find((category) => category.code === CATEGORY_VAT);
  for (const rate of vat?.rates ?? []) {
    const base = Amount.parse(rate.base);
    if (rate.percent === undefined) {
      if (rate.key === KEY_EXEMPT) opEx = opEx.add(base);
      else totConc = totConc.add(base);
      continue;
    }
    const id = Number(rate.ext?.[EXT_VAT_RATE]);
    if (!id) throw new WsfeMappingError(`a VAT rate of ${rate.percent} has no ${EXT_VAT_RATE} code`);
    const sofar = byId.get(id) ?? { base: Amount.zero(2), amount: Amount.zero(2) };
    byId.set(id, { base: sofar.base.add(base), amount: sofar.amount.add(Amount.parse(rate.amount)) });
  }
  const iva = [...byId].map(([id, { base, amount }]) => ({
    Id: id,
    BaseImp: base.toString(),
    Importe: amount.toString(),
  }));
  return { neto: sum([...byId.values()].map(({ base }) => base)), opEx, totConc, iva };
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
  const untaxed = sum([...lines, ...charges, ...discounts]);
  if (untaxed.compare(Amount.zero(2)) < 0) {
    throw new WsfeMappingError(
      'discounts without VAT exceed the amounts without VAT: give the discounts their VAT combo',
    );
  }
  return untaxed;
}

/** Charges with `ar-arca-tax-type` are the voucher's tributes (IIBB, municipal taxes, perceptions...). */
function tributosOf(invoice: CalculableInvoice, lineSum: string): Tributo[] {
  return (invoice.charges ?? [])
    .filter((charge) => charge.ext?.[EXT_TAX_TYPE])
    .map((charge) => {
      const id = charge.ext![EXT_TAX_TYPE]!;
      return {
        Id: Number(id),
        Desc: charge.reason ?? TAX_TYPES[id] ?? id,
        BaseImp: Amount.parse(charge.base ?? lineSum)
          .rescale(2)
          .toString(),
        Alic: charge.percent ? Percentage.parse(charge.percent).toString().slice(0, -1) : '0',
        Importe: Amount.parse(charge.amount!).rescale(2).toString(),
      };
    });
}

/** DocTipo/DocNro: an Argentine tax ID is a CUIT (80); else an identity with its type; else 99, unidentified. */
function receiverDocument(invoice: CalculableInvoice): { DocTipo: number; DocNro: number } {
  const customer = invoice.customer;
  if (customer?.tax_id?.country === 'AR' && digits(customer.tax_id.code)) {
    return { DocTipo: 80, DocNro: Number(digits(customer.tax_id.code)) };
  }
  const identity = customer?.identities?.find((candidate) => candidate.ext?.[EXT_IDENTITY_TYPE]);
  if (identity) {
    if (!/^\d{1,15}$/.test(identity.code ?? '')) {
      throw new WsfeMappingError(`the customer's identity "${identity.code}" is not a number, as DocNro must be`);
    }
    return { DocTipo: Number(identity.ext![EXT_IDENTITY_TYPE]), DocNro: Number(identity.code) };
  }
  return { DocTipo: 99, DocNro: 0 };
}

/** Services (Concepto 2 or 3) carry the period and the payment due date (the last, when there are several). */
function serviceDates(invoice: CalculableInvoice) {
  const period = invoice.ordering?.period;
  const dueDates = (invoice.payment?.terms?.due_dates ?? []).map((dueDate) => dueDate.date).sort();
  if (!period || dueDates.length === 0)
    throw new WsfeMappingError('services need ordering.period and a payment due date');
  return {
    FchServDesde: yyyymmdd(period.start),
    FchServHasta: yyyymmdd(period.end),
    FchVtoPago: yyyymmdd(dueDates.at(-1)!),
  };
}

function currencyOf(invoice: CalculableInvoice): Pick<FECAEDetRequest, 'MonId' | 'MonCotiz' | 'CanMisMonExt'> {
  const currency = invoice.currency ?? 'ARS';
  const monId = WSFE_CURRENCY[currency];
  if (!monId) throw new WsfeMappingError(`no WSFEv1 currency code is mapped for ${currency}`);
  if (currency === 'ARS') return { MonId: monId, MonCotiz: '1' };
  const direct = invoice.exchange_rates?.find((rate) => rate.from === currency && rate.to === 'ARS');
  const inverse = invoice.exchange_rates?.find((rate) => rate.from === 'ARS' && rate.to === currency);
  const cotiz = direct
    ? Amount.parse(direct.amount)
    : inverse
      ? Amount.of(1, 6).divide(Amount.parse(inverse.amount))
      : undefined;
  if (!cotiz || cotiz.isZero()) throw new WsfeMappingError(`an invoice in ${currency} needs its exchange rate to ARS`);
  // Paid in pesos unless said otherwise: GOBL has no field for "paid in the same foreign currency".
  return { MonId: monId, MonCotiz: cotiz.toString(), CanMisMonExt: 'N' };
}

function associated(invoice: CalculableInvoice, ref: NonNullable<CalculableInvoice['preceding']>[number]): CbteAsoc {
  return {
    Tipo: Number(ref.ext?.[EXT_DOC_TYPE]),
    PtoVta: Number(ref.series),
    Nro: Number(ref.code),
    ...(digits(invoice.supplier?.tax_id?.code) ? { Cuit: digits(invoice.supplier?.tax_id?.code) } : {}),
    ...(ref.issue_date ? { CbteFch: yyyymmdd(ref.issue_date) } : {}),
  };
}
