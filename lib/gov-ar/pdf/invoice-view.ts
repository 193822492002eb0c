// The printed voucher of classes A, B, C and M, as text, worked out before anything is drawn: who issues it
// and to whom, which voucher it is, its lines and its totals as the authority authorised them (the WSFEv1
// detail the invoice maps to, so the PDF, the QR and the authority's records agree to the cent), CAE and QR.
// `InvoiceView` is what the layout draws, for every class (export-view.ts, tourism-view.ts make the others).
import type { CalculableInvoice } from '@/lib/gobl/invoice';
import { EXT_DOC_TYPE, EXT_VAT_STATUS } from '@/lib/ar/arca/extensions';
import { toFECAEDetRequest, type WsfeVoucher } from '@/lib/ar/arca/wsfe-detail';
import { WsfeMappingError } from '@/lib/ar/arca/wsfe-mapping-error';
import { formatCuit } from '@/lib/ar/cuit-digits';
import { amountsView, type AmountsView } from '@/lib/gov-ar/pdf/amounts-view';
import { formatDate, formatDecimal, formatVoucherNumber } from '@/lib/gov-ar/pdf/format';
import { InvoicePdfError, type InvoicePdfInput } from '@/lib/gov-ar/pdf/input';
import type { IssuedVoucher } from '@/lib/gov-ar/pdf/issued-voucher';
import {
  documentTypeLabel,
  receiverConditionLabel,
  voucherKind,
  type LabelledValue,
  type VoucherKind,
} from '@/lib/gov-ar/pdf/labels';
import { caeaWords, SPANISH_LAYOUT_WORDS, type LayoutWords } from '@/lib/gov-ar/pdf/layout-words';
import { addressLine, supplierView, type Party, type SupplierView } from '@/lib/gov-ar/pdf/parties-view';

export interface InvoiceView extends AmountsView {
  kind: VoucherKind;
  /** The words the page prints around the data, in the voucher's language. */
  words: LayoutWords;
  /** `00001-00000042` */
  number: string;
  issueDate: string;
  supplier: SupplierView;
  customer: LabelledValue[];
  /** The operation's own facts: an export's destination, incoterm, payment...; a tourism invoice's relation. */
  operation?: LabelledValue[];
  /** Service period and payment due date (Concepto 2 and 3). */
  service?: LabelledValue[];
  /** For notes: the vouchers they correct. */
  associated: string[];
  /** Currency and rate of a voucher not in pesos. */
  currencyLine?: string;
  /** Legends the class requires (M). */
  legends: string[];
  cae: string;
  caeExpiry: string;
  qrUrl: string;
}

function wsfeVoucher(doc: CalculableInvoice): WsfeVoucher {
  try {
    return toFECAEDetRequest(doc, { authorised: true });
  } catch (error) {
    if (error instanceof WsfeMappingError)
      throw new InvoicePdfError(error.service ? 'not_printable' : 'not_calculated', error.message);
    throw error;
  }
}

/** The receiver's document as the voucher carries it (DocTipo/DocNro), or a foreign tax ID, which travels as 99. */
function customerDocument(customer: Party | undefined, detail: WsfeVoucher['detail']): LabelledValue | undefined {
  const label = documentTypeLabel(detail.DocTipo);
  const number = String(detail.DocNro);
  // CUIT, CUIL and CDI are written 20-12345678-3; a DNI 12.345.678; other documents as they are.
  if ([80, 86, 87].includes(detail.DocTipo) && number.length === 11) return { label, value: formatCuit(number) };
  if (detail.DocTipo === 96) return { label, value: formatDecimal(number, 0) };
  if (detail.DocTipo !== 99) return { label, value: number };
  const taxId = customer?.tax_id;
  if (taxId?.code) return { label: `Id. fiscal${taxId.country ? ` (${taxId.country})` : ''}`, value: taxId.code };
  return undefined;
}

function customerView(doc: CalculableInvoice, detail: WsfeVoucher['detail']): LabelledValue[] {
  const customer = doc.customer as Party | undefined;
  const document = customerDocument(customer, detail);
  const address = addressLine(customer?.addresses?.[0]);
  const status = Number(customer?.ext?.[EXT_VAT_STATUS] ?? detail.CondicionIVAReceptorId);
  return [
    { label: 'Apellido y nombre / Razón social', value: customer?.name ?? (document ? '' : 'Consumidor final') },
    ...(document ? [document] : []),
    { label: 'Condición frente al IVA', value: receiverConditionLabel(status) },
    ...(address ? [{ label: 'Domicilio', value: address }] : []),
  ];
}

/** The vouchers a note corrects, `FACTURA A 00001-00000123 del 15/01/2025`; an export's in its language. */
export function associatedView(
  doc: CalculableInvoice,
  { titleOf = (kind: VoucherKind) => kind.title, dated = 'del' } = {},
): string[] {
  return (doc.preceding ?? []).map((ref) => {
    const kind = ref.ext?.[EXT_DOC_TYPE] ? voucherKind(String(Number(ref.ext[EXT_DOC_TYPE]))) : undefined;
    const name = kind ? `${titleOf(kind)} ${kind.letter}` : 'Comprobante';
    const number = ref.code && /^\d+$/.test(ref.code) ? ` ${formatVoucherNumber(ref.series ?? '0', ref.code)}` : '';
    return `${name}${number}${ref.issue_date ? ` ${dated} ${formatDate(ref.issue_date)}` : ''}`;
  });
}

/** The view of an accepted voucher of class A, B, C or M. */
export function invoiceView(input: InvoicePdfInput, issued: IssuedVoucher): InvoiceView {
  const { doc, kind, cae, caeExpiry, qrUrl } = issued;
  const voucher = wsfeVoucher(doc);
  const { detail } = voucher;
  const currency = doc.currency ?? 'ARS';
  return {
    kind,
    words: issued.authorisation === 'CAEA' ? caeaWords(SPANISH_LAYOUT_WORDS) : SPANISH_LAYOUT_WORDS,
    number: formatVoucherNumber(voucher.PtoVta, doc.code!),
    issueDate: formatDate(doc.issue_date),
    supplier: supplierView(input, doc, kind),
    customer: customerView(doc, detail),
    ...(detail.FchServDesde
      ? {
          service: [
            { label: 'Período facturado desde', value: formatDate(detail.FchServDesde) },
            { label: 'Hasta', value: formatDate(detail.FchServHasta!) },
            { label: 'Fecha de vto. para el pago', value: formatDate(detail.FchVtoPago!) },
          ],
        }
      : {}),
    associated: associatedView(doc),
    ...(currency === 'ARS'
      ? {}
      : {
          currencyLine: `Moneda: ${currency} (${detail.MonId}) · Tipo de cambio: $ ${formatDecimal(detail.MonCotiz, 2, 6)}`,
        }),
    legends: kind.letter === 'M' ? ['OPERACIÓN SUJETA A RETENCIÓN'] : [],
    ...amountsView(doc, kind, voucher),
    cae,
    caeExpiry: formatDate(caeExpiry),
    qrUrl,
  };
}
