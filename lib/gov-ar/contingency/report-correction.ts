// Correcting an invoice issued under a CAEA whose report the authority refused (a PUT of the entry, as a
// refused CAE invoice is corrected): the voucher was already handed to the customer with its number, so what
// identifies it stays as issued (point of sale, number, type, date, issuer, currency: a change refused with
// `caea_correction_not_allowed`); what the authority refused it for (amounts, lines, taxes, the customer and
// its condition) may change. The corrected voucher is mapped again and informed again with the same number
// (report_refused → unreported), the entry stays Sent with its number and stamps (its QR made again from the
// corrected voucher, its kept PDF dropped to be made again), and the authority's refusal (meta
// `arca-caea-errors`) is gone.
import { ApiError } from '@/lib/api/errors';
import { EXT_DOC_TYPE } from '@/lib/ar/arca/extensions';
import type { Tx } from '@/lib/db/client';
import type { Entry, EntryStatus } from '@/lib/db/schema';
import { GOV_AR_SRC, META_KEY } from '@/lib/gov-ar/app';
import { lockRefusedReportOfEntry, reopenRefusedReport } from '@/lib/gov-ar/contingency/report-queries';
import type { InvoiceEnvelope } from '@/lib/gov-ar/invoices/envelope';
import { deleteMetaRecords } from '@/lib/gov-ar/invoices/issuance-queries';
import { invoiceVoucher } from '@/lib/gov-ar/invoices/invoice-voucher';
import { forgetPdf } from '@/lib/gov-ar/invoices/queries';
import { caeaQrUrl } from '@/lib/gov-ar/contingency/caea-issuing';

type Doc = Record<string, unknown> & {
  series?: unknown;
  code?: unknown;
  issue_date?: unknown;
  currency?: unknown;
  supplier?: { tax_id?: { code?: unknown } };
  tax?: { ext?: Record<string, unknown> };
};

type Head = Record<string, unknown> & { stamps?: { prv: string; val: string }[] };

/** What identifies a voucher once issued: the same in the correction (a code left out keeps the issued one). */
const FIXED: { field: string; of: (doc: Doc) => unknown; optional?: boolean }[] = [
  { field: 'doc.series', of: (doc) => doc.series },
  { field: 'doc.code', of: (doc) => doc.code, optional: true },
  { field: 'doc.issue_date', of: (doc) => doc.issue_date },
  { field: 'doc.supplier.tax_id.code', of: (doc) => doc.supplier?.tax_id?.code },
  { field: `doc.tax.ext.${EXT_DOC_TYPE}`, of: (doc) => doc.tax?.ext?.[EXT_DOC_TYPE] },
  { field: 'doc.currency', of: (doc) => doc.currency ?? 'ARS' },
];

/** Whether the entry is an invoice issued under a CAEA whose report was refused (its send locked). */
export async function hasRefusedReport(tx: Tx, entry: Entry): Promise<boolean> {
  return entry.status === 'Sent' && (await lockRefusedReportOfEntry(tx, entry.id)) !== undefined;
}

/** Carries the correction of a refused CAEA report; undefined for any other invoice (corrected as usual). */
export async function carryReportCorrection(
  tx: Tx,
  stored: Entry,
  envelope: InvoiceEnvelope,
): Promise<{ data: unknown; status: EntryStatus } | undefined> {
  if (stored.status !== 'Sent') return undefined;
  const send = await lockRefusedReportOfEntry(tx, stored.id);
  if (!send) return undefined;
  const issued = (stored.data as { doc: Doc; head?: unknown }).doc;
  const corrected = envelope.doc as Doc;
  const changed = FIXED.filter(({ of, optional }) => {
    const value = of(corrected);
    return !(optional && value === undefined) && String(value ?? '') !== String(of(issued) ?? '');
  }).map(({ field }) => field);
  if (changed.length > 0) {
    throw new ApiError(
      'caea_correction_not_allowed',
      `This invoice was issued under a CAEA and handed over with its number: ${changed.join(', ')} cannot change. ` +
        'Correct what the authority refused (amounts, lines, taxes, the customer) and keep the rest as issued.',
    );
  }
  const voucher = invoiceVoucher(envelope.doc);
  if ('refusal' in voucher) throw new ApiError('caea_correction_not_allowed', voucher.refusal);
  const detail = { ...voucher.detail, CbteFchHsGen: send.detail.CbteFchHsGen };
  await reopenRefusedReport(tx, send.id, detail);
  await deleteMetaRecords(tx, [stored.id], GOV_AR_SRC, META_KEY.caeaErrors);
  // The QR and the PDF say what the voucher says: the QR made again from the corrected voucher, the PDF again on
  // its next request.
  await forgetPdf(tx, stored.id);
  const head = (stored.data as { head?: Head }).head;
  const issuer = {
    cuit: String(issued.supplier?.tax_id?.code ?? ''),
    pointOfSale: voucher.pointOfSale,
    docType: voucher.docType,
  };
  const qr = caeaQrUrl({ ...send, detail }, send.number!, send.caea!, issuer);
  const stamps = head?.stamps?.map((stamp) => (stamp.prv === 'arca-qr' ? { prv: stamp.prv, val: qr } : stamp));
  return {
    data: { ...envelope, ...(head ? { head: { ...head, stamps } } : {}), doc: { ...envelope.doc, code: issued.code } },
    status: 'Sent',
  };
}
