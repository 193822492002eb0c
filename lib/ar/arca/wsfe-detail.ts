// A calculated invoice as WSFEv1's `FECAESolicitar` asks for it: the header's CbteTipo and PtoVta, and the
// `FECAEDetRequest` without CbteDesde/CbteHasta (the number is the caller's, given under the sequence lock).
// Amounts are strings with the currency's two places ("5445000.00"), exact as calculated, for the SOAP
// client to write as they are; codes and document numbers are numbers. The amounts are the stored totals'
// (lib/ar/arca/voucher-amounts.ts): ImpTotal is `totals.payable`, each AlicIva a stored rate, and an invoice
// whose parts would not add up to its payable to the cent is refused here, as the store refuses to keep it.
import { Amount } from '@/lib/gobl/num';
import type { CalculableInvoice } from '@/lib/gobl/invoice';
import {
  DOC_TYPES_E,
  DOC_TYPES_T,
  EXT_CONCEPT,
  EXT_DOC_TYPE,
  EXT_IDENTITY_TYPE,
  EXT_VAT_STATUS,
  VAT_STATUS_FINAL_CONSUMER,
} from '@/lib/ar/arca/extensions';
import { imbalanceOf, partsTotal, voucherAmounts, type AlicIva, type Tributo } from '@/lib/ar/arca/voucher-amounts';
import { WsfeMappingError } from '@/lib/ar/arca/wsfe-mapping-error';
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

/**
 * The authority's currency codes (FEParamGetTiposMonedas) for the ISO codes we map; any other currency is
 * refused by name rather than guessed.
 */
export const WSFE_CURRENCY: Record<string, string> = { ARS: 'PES', USD: 'DOL', EUR: '060', BRL: '012' };

const yyyymmdd = (date: string) => date.replaceAll('-', '');
const digits = (code: string | undefined) => (code ?? '').replace(/\D/g, '');

/** The number of a voucher, set once the sequence has given it. */
export const withNumber = (detail: WsfeVoucher['detail'], number: number): FECAEDetRequest => ({
  ...detail,
  CbteDesde: number,
  CbteHasta: number,
});

export interface MappingOptions {
  /**
   * The voucher was authorised already (the PDF of a Sent invoice): its ImpTotal was the sum of its parts,
   * which for invoices stored before the store refused a payable that differs from that sum (finding 8) is
   * not their payable. Printed as authorised, never refused.
   */
  authorised?: boolean;
}

export function toFECAEDetRequest(
  invoice: CalculableInvoice,
  { authorised = false }: MappingOptions = {},
): WsfeVoucher {
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
  const amounts = voucherAmounts(invoice, docType);
  const imbalance = Object.values(imbalanceOf(invoice, amounts));
  if (imbalance.length > 0 && !authorised) throw new WsfeMappingError(imbalance.join('; '));

  const concept = Number(invoice.tax?.ext?.[EXT_CONCEPT] ?? '1');
  return {
    CbteTipo: Number(docType),
    PtoVta: Number(invoice.series),
    detail: {
      Concepto: concept,
      ...receiverDocument(invoice),
      CbteFch: yyyymmdd(invoice.issue_date),
      ImpTotal: authorised ? partsTotal(amounts) : amounts.ImpTotal,
      ImpTotConc: amounts.ImpTotConc,
      ImpNeto: amounts.ImpNeto,
      ImpOpEx: amounts.ImpOpEx,
      ImpTrib: amounts.ImpTrib,
      ImpIVA: amounts.ImpIVA,
      ...(concept === 1 ? {} : serviceDates(invoice)),
      ...currencyOf(invoice),
      CondicionIVAReceptorId: Number(invoice.customer?.ext?.[EXT_VAT_STATUS] ?? VAT_STATUS_FINAL_CONSUMER),
      ...(invoice.preceding?.length
        ? { CbtesAsoc: { CbteAsoc: invoice.preceding.map((ref) => associated(invoice, ref)) } }
        : {}),
      ...(amounts.tributos.length > 0 ? { Tributos: { Tributo: amounts.tributos } } : {}),
      ...(amounts.alicuotas.length > 0 ? { Iva: { AlicIva: amounts.alicuotas } } : {}),
    },
  };
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
