// The issued invoice a person can hold: the `gov-ar.pdf` step renders it once the authority has accepted it
// (lib/gov-ar/pdf), with the supplier's company data as registered, and keeps the file in the database, so
// any instance serves it (`GET /silo/v1/entries/{id}/pdf`); a `gov-ar`/`pdf` meta record points to it.
import { ApiError } from '@/lib/api/errors';
import type { Caller } from '@/lib/access/caller';
import { registrationUrl } from '@/lib/config';
import type { Entry } from '@/lib/db/schema';
import { GOV_AR_SRC, META_KEY } from '@/lib/gov-ar/app';
import {
  getKeptPdfFileName,
  getOwnedInvoicePdf,
  getSupplierCompanyRecord,
  keepPdf,
} from '@/lib/gov-ar/invoices/queries';
import { InvoicePdfError, type InvoicePdfInput, type SupplierCompany } from '@/lib/gov-ar/pdf/input';
import { invoicePdfFileName } from '@/lib/gov-ar/pdf/render-invoice';
import { renderPdfOffLoop } from '@/lib/gov-ar/invoices/pdf-off-loop';
import type { CompanyData } from '@/lib/gov-ar/registration/progress-schema';
import { newId } from '@/lib/ids';
import type { StepContext, StepOutcome } from '@/lib/transform/templates';

export const invoicePdfUrl = (entryId: string) => `${registrationUrl()}/silo/v1/entries/${entryId}/pdf`;

export async function keepInvoicePdf({ entry, step }: StepContext): Promise<StepOutcome> {
  // Only a step run again (after a crash, or a lease that ran out) can find its PDF kept already.
  const kept = step.attempts > 1 ? await getKeptPdfFileName(entry.id) : undefined;
  if (kept) return { kind: 'complete', message: `PDF ${kept} kept before.` };
  const input: InvoicePdfInput = {
    envelope: entry.data as InvoicePdfInput['envelope'],
    supplier: await supplierCompany(entry),
  };
  let pdf: Buffer;
  try {
    pdf = await renderPdfOffLoop(input);
  } catch (error) {
    // Not a voucher we print (or not issued): the invoice stands, only its PDF is missing.
    if (error instanceof InvoicePdfError) return { kind: 'skip', message: `No PDF: ${error.message}` };
    throw error;
  }
  const fileName = invoicePdfFileName(input.envelope.doc as Parameters<typeof invoicePdfFileName>[0]);
  const now = new Date();
  // Already kept (another run of the step kept one first) is as good as kept now.
  await keepPdf(
    { entryId: entry.id, ownerId: entry.ownerId, fileName, pdf },
    {
      id: newId(),
      ownerId: entry.ownerId,
      entryId: entry.id,
      src: GOV_AR_SRC,
      key: META_KEY.pdf,
      linkUrl: invoicePdfUrl(entry.id),
      value: { file_name: fileName, size: pdf.length, content_type: 'application/pdf' },
      indexed: false,
      shared: false,
      createdAt: now,
      updatedAt: now,
    },
  );
  return { kind: 'complete', message: `PDF ${fileName} (${pdf.length} bytes).` };
}

/** The invoice's PDF for its owner, or 404 (no such invoice, or no PDF yet). */
export async function getInvoicePdf(caller: Caller, entryId: string): Promise<{ fileName: string; pdf: Buffer }> {
  const row = await getOwnedInvoicePdf(caller.ownerId, entryId);
  if (!row)
    throw new ApiError(
      'entry_not_found',
      `Entry ${entryId} has no PDF in this workspace (yet): an invoice's PDF is made once the authority accepts it.`,
    );
  return { fileName: row.fileName, pdf: Buffer.from(row.pdf) };
}

/** The company data the supplier confirmed in the wizard (razón social, fiscal address, IVA condition), if any. */
async function supplierCompany(invoice: Entry): Promise<SupplierCompany | undefined> {
  const doc = (invoice.data as { doc?: { supplier?: { tax_id?: { code?: string } } } }).doc;
  const cuit = doc?.supplier?.tax_id?.code;
  if (!cuit) return undefined;
  const company = (await getSupplierCompanyRecord(invoice.ownerId, cuit)) as CompanyData | undefined;
  if (!company) return undefined;
  return {
    legalName: company.legal_name,
    commercialAddress: company.fiscal_address,
    vatCondition: company.tax_classification,
  };
}
