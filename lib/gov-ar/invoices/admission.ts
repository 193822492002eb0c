// The rules an invoice envelope must pass before it is stored: dated within the window the authority takes
// today, issued by a registered supplier of the workspace, with a letter whose web service that supplier
// authorised, and, in live, on a point of sale the authority reports for it (any number in the sandbox); with
// check_customer, a customer the register contradicts is refused (customer-check.ts). The first failure answers.
import type { Caller } from '@/lib/access/caller';
import { ApiError } from '@/lib/api/errors';
import type { Tx } from '@/lib/db/client';
import type { Credential, Entry } from '@/lib/db/schema';
import type { Environment } from '@/lib/ar/environments';
import { getOpenJobForEntryInTx } from '@/lib/transform/queries';
import { hasRefusedReport } from '@/lib/gov-ar/contingency/report-correction';
import { invoiceLetter, pointOfSaleNumber, type InvoiceEnvelope } from '@/lib/gov-ar/invoices/envelope';
import { AuthorityError } from '@/lib/authority/authority-error';
import { isUsable, pointsOfSaleFor } from '@/lib/gov-ar/points-of-sale';
import { SERVICE_BY_LETTER, type AuthorityService } from '@/lib/ar/services';
import { checkCustomerInRegister } from '@/lib/gov-ar/invoices/customer-check';
import { argentinaToday, checkIssueDateWindow } from '@/lib/ar/arca/certain-refusals';
import { getRegisteredSupplierCredential, getSupplierStatus } from '@/lib/gov-ar/invoices/queries';
import {
  authorityRefusal,
  invoiceAlreadySent,
  invoiceInProgress,
  issueDateOutsideWindow,
  LETTER_FIELD,
  pointOfSaleNotRegistered,
  serviceNotAuthorized,
  supplierNotRegistered,
} from '@/lib/gov-ar/invoices/refusals';

export async function admitInvoice(caller: Caller, envelope: InvoiceEnvelope, replacing?: Entry): Promise<void> {
  const environment: Environment = caller.sandbox ? 'sandbox' : 'live';
  const invoice = envelope.doc;
  // The date the authority would refuse today: said now, not after a job took a number for it. A Sent invoice
  // corrected (its CAEA report refused) keeps the date and CAEA point of sale it was issued with
  // (report-correction.ts refuses any other).
  const reissued = replacing?.status === 'Sent';
  const misdated = reissued ? {} : checkIssueDateWindow(invoice, argentinaToday());
  if (Object.keys(misdated).length > 0) throw issueDateOutsideWindow(misdated);

  const cuit = invoice.supplier.tax_id.code;
  const credential = await getRegisteredSupplierCredential(caller.ownerId, environment, cuit);
  if (!credential) throw supplierNotRegistered(cuit, environment, await getSupplierStatus(caller.ownerId, cuit));

  // No letter means the common family (A, B, C, M), served by wsfe.
  const letter = invoiceLetter(invoice);
  const service = letter ? SERVICE_BY_LETTER[letter] : 'wsfe';
  if (!credential.services.includes(service)) {
    throw serviceNotAuthorized(service, credential.services, { letter: letter ?? 'A, B, C or M', field: LETTER_FIELD });
  }

  if (environment === 'live' && !reissued)
    await requireRegisteredPointOfSale(credential, pointOfSaleNumber(invoice.series), service);
  await checkCustomerInRegister(caller.ownerId, environment, envelope);
}

/**
 * The point of sale in the list the authority keeps for the letter's system: WSFEv1's for A, B, C, M, WSFEX's
 * for exports. WSCT lists none to a client: its own check (301) refuses a tourism voucher on another point of
 * sale when it is sent, and its number is freed.
 */
async function requireRegisteredPointOfSale(
  credential: Credential,
  number: number,
  service: AuthorityService,
): Promise<void> {
  if (service !== 'wsfe' && service !== 'wsfex') return;
  const points = await pointsOfSaleFor(credential, number, service).catch((error: unknown) => {
    throw error instanceof AuthorityError ? authorityRefusal(error, credential.services, service) : error;
  });
  if (!points.some((point) => point.number === number && isUsable(point))) {
    throw pointOfSaleNotRegistered(number, credential.cuit, points);
  }
}

/**
 * Why a stored invoice may not take other content (a PUT), asked with its row locked: once the authority
 * authorised it, never; while a job works on it (or it is in doubt, Processing), not under that job. Only
 * an invoice the authority refused (Error) is corrected in place, to be issued again by a new job; and an
 * invoice issued under a CAEA whose report the authority refused, to be informed again with its number
 * (lib/gov-ar/contingency/report-correction.ts).
 */
export async function refuseInvoiceCorrection(tx: Tx, entry: Entry): Promise<ApiError | undefined> {
  if (entry.status === 'Sent') return (await hasRefusedReport(tx, entry)) ? undefined : invoiceAlreadySent();
  if (entry.status === 'Processing' || (await getOpenJobForEntryInTx(tx, entry.id))) return invoiceInProgress();
  if (entry.status === 'Error') return undefined;
  return new ApiError('conflict', `Entry ${entry.id} already exists with other content.`);
}
