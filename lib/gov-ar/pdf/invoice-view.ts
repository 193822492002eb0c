// Everything the printed voucher says, as text, worked out before anything is drawn: who issues it and to
// whom, which voucher it is, its lines and its totals as the authority authorised them (the WSFEv1 detail
// the invoice maps to, so the PDF, the QR and the authority's records agree to the cent), CAE and QR.
import { CalculableInvoiceSchema, type CalculableInvoice } from '@/lib/gobl/invoice';
import { EXT_DOC_TYPE, EXT_VAT_STATUS, TAG_MONOTAX } from '@/lib/ar/arca/extensions';
import { toFECAEDetRequest, type WsfeVoucher } from '@/lib/ar/arca/wsfe-detail';
import { WsfeMappingError } from '@/lib/ar/arca/wsfe-mapping-error';
import { formatCuit } from '@/lib/ar/cuit-digits';
import { amountsView, type AmountsView } from '@/lib/gov-ar/pdf/amounts-view';
import { formatDate, formatDecimal, formatVoucherNumber } from '@/lib/gov-ar/pdf/format';
import {
  InvoicePdfError,
  STAMP_CAE,
  STAMP_CAE_EXPIRY,
  STAMP_QR,
  type InvoicePdfInput,
  type Stamp,
} from '@/lib/gov-ar/pdf/input';
import {
  documentTypeLabel,
  receiverConditionLabel,
  supplierConditionLabel,
  supplierConditionOf,
  voucherKind,
  type LabelledValue,
  type VoucherKind,
} from '@/lib/gov-ar/pdf/labels';

export interface InvoiceView extends AmountsView {
  kind: VoucherKind;
  /** `00001-00000042` */
  number: string;
  issueDate: string;
  supplier: { name: string; details: LabelledValue[]; voucherDetails: LabelledValue[] };
  customer: LabelledValue[];
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

const stampOf = (stamps: Stamp[] | undefined, provider: string) => stamps?.find((stamp) => stamp.prv === provider)?.val;

type Address = {
  num?: string;
  street?: string;
  street_extra?: string;
  locality?: string;
  region?: string;
  code?: string;
  country?: string;
};
type Party = NonNullable<CalculableInvoice['customer']> & { name?: string; addresses?: Address[] };

/** `Av. Santa Fe 2500, C1123 Buenos Aires, Ciudad Autónoma de Buenos Aires` */
function addressLine(address: Address | undefined): string | undefined {
  if (!address) return undefined;
  const street = [address.street, address.num].filter(Boolean).join(' ');
  const town = [address.code, address.locality].filter(Boolean).join(' ');
  const country = address.country && address.country !== 'AR' ? address.country : undefined;
  const parts = [street, address.street_extra, town, address.region, country].filter((part) => part?.trim());
  return parts.length > 0 ? parts.join(', ') : undefined;
}

function issuedParts(input: InvoicePdfInput) {
  const parsed = CalculableInvoiceSchema.safeParse(input.envelope?.doc);
  if (!parsed.success)
    throw new InvoicePdfError(
      'not_calculated',
      `the envelope's doc is not an invoice: ${parsed.error.issues[0]?.message}`,
    );
  const doc = parsed.data;
  const stamps = input.envelope.head?.stamps;
  const cae = stampOf(stamps, STAMP_CAE);
  const caeExpiry = stampOf(stamps, STAMP_CAE_EXPIRY);
  const qrUrl = stampOf(stamps, STAMP_QR);
  if (!doc.code || !/^\d{1,8}$/.test(doc.code) || !cae || !caeExpiry || !qrUrl) {
    throw new InvoicePdfError(
      'not_issued',
      'the invoice has no number, CAE, CAE expiry or QR stamp: the authority has not accepted it',
    );
  }
  const docType = doc.tax?.ext?.[EXT_DOC_TYPE];
  const kind = docType ? voucherKind(docType) : undefined;
  if (!kind)
    throw new InvoicePdfError(
      'not_printable',
      `voucher type ${docType ?? '(none)'} is not an invoice or note of class A, B, C or M`,
    );
  let voucher: WsfeVoucher;
  try {
    voucher = toFECAEDetRequest(doc, { authorised: true });
  } catch (error) {
    if (error instanceof WsfeMappingError)
      throw new InvoicePdfError(error.service ? 'not_printable' : 'not_calculated', error.message);
    throw error;
  }
  return { doc, kind, voucher, cae, caeExpiry, qrUrl };
}

function supplierView(input: InvoicePdfInput, doc: CalculableInvoice, kind: VoucherKind) {
  const party = doc.supplier as Party | undefined;
  const company = input.supplier ?? {};
  const condition = company.vatCondition ?? supplierConditionOf(kind.letter, doc.$tags?.includes(TAG_MONOTAX) ?? false);
  const address = company.commercialAddress ?? addressLine(party?.addresses?.[0]);
  const legalName = company.legalName ?? party?.name ?? '';
  // The heading is the name the invoice is issued under (a trade name, or the razón social itself): the
  // razón social is printed again, labelled, only when it is another name (RG 1415 asks for it once).
  const name = party?.name?.trim() || legalName;
  const cuit = party?.tax_id?.code ? formatCuit(party.tax_id.code) : '';
  return {
    name,
    details: [
      ...(sameName(legalName, name) ? [] : [{ label: 'Razón social', value: legalName }]),
      ...(address ? [{ label: 'Domicilio comercial', value: address }] : []),
      ...(condition ? [{ label: 'Condición frente al IVA', value: supplierConditionLabel(condition) }] : []),
    ],
    voucherDetails: [
      { label: 'CUIT', value: cuit },
      ...(company.grossIncome ? [{ label: 'Ingresos Brutos', value: company.grossIncome }] : []),
      ...(company.activityStart
        ? [{ label: 'Fecha de inicio de actividades', value: formatDate(company.activityStart) }]
        : []),
    ],
  };
}

/** Two spellings of one name: case, spacing and accents aside. */
const sameName = (a: string, b: string) => {
  const plain = (text: string) =>
    text.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();
  return plain(a) === plain(b);
};

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

function associatedView(doc: CalculableInvoice): string[] {
  return (doc.preceding ?? []).map((ref) => {
    const kind = ref.ext?.[EXT_DOC_TYPE] ? voucherKind(String(Number(ref.ext[EXT_DOC_TYPE]))) : undefined;
    const name = kind ? `${kind.title} ${kind.letter}` : 'Comprobante';
    const number = ref.code && /^\d+$/.test(ref.code) ? ` ${formatVoucherNumber(ref.series ?? '0', ref.code)}` : '';
    return `${name}${number}${ref.issue_date ? ` del ${formatDate(ref.issue_date)}` : ''}`;
  });
}

export function invoiceView(input: InvoicePdfInput): InvoiceView {
  const { doc, kind, voucher, cae, caeExpiry, qrUrl } = issuedParts(input);
  const { detail } = voucher;
  const currency = doc.currency ?? 'ARS';
  return {
    kind,
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
