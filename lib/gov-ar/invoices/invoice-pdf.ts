// The issued invoice a person can hold: rendered (lib/gov-ar/pdf) the first time it is asked for once the
// invoice is Sent, with the supplier's company data as registered, and kept in the database, so any
// instance serves it (`GET /silo/v1/entries/{id}/pdf`); a `gov-ar`/`pdf` meta record points to it.
import { ApiError } from '@/lib/api/errors';
import type { Caller } from '@/lib/access/caller';
import { registrationUrl } from '@/lib/config';
import type { Entry } from '@/lib/db/schema';
import { GOV_AR_SRC, INVOICES_FOLDER, META_KEY } from '@/lib/gov-ar/app';
import {
  getOwnedInvoicePdf,
  getSupplierCompanyRecord,
  isSandboxWorkspace,
  keepPdf,
} from '@/lib/gov-ar/invoices/queries';
import { InvoicePdfError, type InvoicePdfInput, type SupplierCompany } from '@/lib/gov-ar/pdf/input';
import { invoicePdfFileName } from '@/lib/gov-ar/pdf/render-invoice';
import { renderPdfOffLoop } from '@/lib/gov-ar/invoices/pdf-off-loop';
import type { CompanyData } from '@/lib/responses/gov-ar-progress';
import { newId } from '@/lib/ids';
import { getEntryById } from '@/lib/silo/queries';
import type { StepContext, StepOutcome } from '@/lib/transform/templates';

export const invoicePdfUrl = (entryId: string) => `${registrationUrl()}/silo/v1/entries/${entryId}/pdf`;

/**
 * The step some jobs still have (planned before the PDF left the path to Sent): it keeps the PDF, and a
 * PDF that cannot be made never fails the job, since the invoice stands without it.
 */
export async function keepInvoicePdfStep({ entry }: StepContext): Promise<StepOutcome> {
  try {
    const kept = await renderAndKeep(entry);
    return { kind: 'complete', message: `PDF ${kept.fileName} (${kept.pdf.length} bytes).` };
  } catch (error) {
    if (error instanceof InvoicePdfError) return { kind: 'skip', message: `No PDF: ${error.message}` };
    throw error;
  }
}

/**
 * The invoice's PDF for its owner: the one kept, or, for a Sent invoice that has none yet, rendered now
 * (off the event loop) and kept. 404 for no such invoice, or one not Sent.
 */
export async function getInvoicePdf(caller: Caller, entryId: string): Promise<{ fileName: string; pdf: Buffer }> {
  const row = await getOwnedInvoicePdf(caller.ownerId, entryId);
  if (row) return { fileName: row.fileName, pdf: Buffer.from(row.pdf) };
  const entry = await getEntryById(caller.ownerId, entryId);
  if (!entry || entry.folder !== INVOICES_FOLDER || entry.status !== 'Sent')
    throw new ApiError(
      'entry_not_found',
      `Entry ${entryId} has no PDF in this workspace: an invoice's PDF is made once the authority accepts it.`,
    );
  try {
    return await renderAndKeep(entry);
  } catch (error) {
    if (error instanceof InvoicePdfError && error.problem === 'over_limits')
      throw new ApiError(
        'pdf_render_failed',
        `Entry ${entryId}'s PDF could not be made: ${error.message}. The invoice stands; its data is in the entry.`,
      );
    if (error instanceof InvoicePdfError)
      throw new ApiError('entry_not_found', `Entry ${entryId} has no PDF: ${error.message}.`);
    throw error;
  }
}

/** Renders the invoice's PDF and keeps it with its meta record; the PDF kept (another's, if one kept it first). */
async function renderAndKeep(entry: Entry): Promise<{ fileName: string; pdf: Buffer }> {
  const [supplier, sandbox] = await Promise.all([supplierCompany(entry), isSandboxWorkspace(entry.ownerId)]);
  const input: InvoicePdfInput = {
    envelope: entry.data as InvoicePdfInput['envelope'],
    supplier,
    environment: sandbox ? 'sandbox' : 'live',
  };
  const pdf = await renderPdfOffLoop(input, entry.ownerId);
  const fileName = invoicePdfFileName(input.envelope.doc as Parameters<typeof invoicePdfFileName>[0]);
  const now = new Date();
  const keptNow = await keepPdf(
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
  if (keptNow) return { fileName, pdf };
  const kept = (await getOwnedInvoicePdf(entry.ownerId, entry.id))!;
  return { fileName: kept.fileName, pdf: Buffer.from(kept.pdf) };
}

/**
 * The company data the supplier confirmed in the wizard (razón social, fiscal address, IVA condition,
 * Ingresos Brutos, inicio de actividades), if any: RG 1415's issuer block.
 */
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
    ...(company.gross_income ? { grossIncome: company.gross_income } : {}),
    ...(company.started_on ? { activityStart: company.started_on } : {}),
  };
}
