// What every printed voucher starts from: the envelope's document as a calculated invoice, the stamps the
// authority's acceptance left on it (number, CAE or CAEA, its expiry, QR) and the kind of voucher its type is. An
// envelope without them was never accepted (`not_issued`); a type we do not print is `not_printable`.
import { CalculableInvoiceSchema, type CalculableInvoice } from '@/lib/gobl/invoice';
import { EXT_DOC_TYPE } from '@/lib/ar/arca/extensions';
import {
  InvoicePdfError,
  STAMP_CAE,
  STAMP_CAE_EXPIRY,
  STAMP_CAEA,
  STAMP_CAEA_EXPIRY,
  STAMP_QR,
  type InvoicePdfInput,
  type Stamp,
} from '@/lib/gov-ar/pdf/input';
import { voucherKind, type VoucherKind } from '@/lib/gov-ar/pdf/labels';

export interface IssuedVoucher {
  doc: CalculableInvoice;
  kind: VoucherKind;
  /** The CAE, or the CAEA the voucher was issued under (`authorisation` says which). */
  cae: string;
  caeExpiry: string;
  authorisation: 'CAE' | 'CAEA';
  qrUrl: string;
}

const stampOf = (stamps: Stamp[] | undefined, provider: string) => stamps?.find((stamp) => stamp.prv === provider)?.val;

export function issuedVoucher(input: InvoicePdfInput): IssuedVoucher {
  const parsed = CalculableInvoiceSchema.safeParse(input.envelope?.doc);
  if (!parsed.success)
    throw new InvoicePdfError(
      'not_calculated',
      `the envelope's doc is not an invoice: ${parsed.error.issues[0]?.message}`,
    );
  const doc = parsed.data;
  const stamps = input.envelope.head?.stamps;
  const caea = stampOf(stamps, STAMP_CAEA);
  const authorisation = caea ? 'CAEA' : 'CAE';
  const cae = caea ?? stampOf(stamps, STAMP_CAE);
  const caeExpiry = stampOf(stamps, caea ? STAMP_CAEA_EXPIRY : STAMP_CAE_EXPIRY);
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
      `voucher type ${docType ?? '(none)'} is not an invoice or note of class A, B, C, M, E or T`,
    );
  return { doc, kind, cae, caeExpiry, authorisation, qrUrl };
}
