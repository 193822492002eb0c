// The customer against the authority's register, at store, when the workspace's invoice workflow asks for it
// (`"check_customer": true`): a CUIT the register does not hold, an inactive one, or an A (or M) to a customer
// the register does not list as Responsable Inscripto or Monotributista is refused in the register's words,
// before the invoice is stored and so before any number is used. The register down or slow: it steps aside,
// and the invoice is stored unchecked. A CUIT with a wrong check digit is not asked about (the store's own
// check refuses it).
import { ApiError } from '@/lib/api/errors';
import { isValidCuit, formatCuit } from '@/lib/ar/cuit-digits';
import { EXT_DOC_TYPE, letterOf } from '@/lib/ar/arca/extensions';
import type { Environment } from '@/lib/ar/environments';
import { INVOICE_TEMPLATE } from '@/lib/gov-ar/app';
import type { InvoiceEnvelope } from '@/lib/gov-ar/invoices/envelope';
import { invoiceLetter } from '@/lib/gov-ar/invoices/envelope';
import { workspaceChecksCustomers } from '@/lib/gov-ar/invoices/queries';
import { registerEntryOrNothing } from '@/lib/gov-ar/taxpayers/lookup';
import { REGISTER_NOT_FOUND } from '@/lib/ar/register';

const CUSTOMER_FIELD = 'data.doc.customer.tax_id.code';
/** RG 5003: an A may go to a Responsable Inscripto (1) or a Monotributista (6). */
const MAY_RECEIVE_A = new Set<number>([1, 6]);

const refused = (message: string) => new ApiError('customer_register_mismatch', message, { [CUSTOMER_FIELD]: message });

export async function checkCustomerInRegister(
  ownerId: string,
  environment: Environment,
  envelope: InvoiceEnvelope,
): Promise<void> {
  const invoice = envelope.doc;
  const taxId = invoice.customer?.tax_id;
  const cuit = typeof taxId?.code === 'string' ? taxId.code.replace(/[-\s]/g, '') : undefined;
  if (!cuit || (taxId?.country && taxId.country !== 'AR') || !isValidCuit(cuit)) return;
  if (!(await workspaceChecksCustomers(ownerId, INVOICE_TEMPLATE))) return;

  const lookup = await registerEntryOrNothing(environment, cuit);
  if (lookup.found === undefined) return;
  if (!lookup.found)
    throw refused(`The authority's register says of customer CUIT ${formatCuit(cuit)}: «${REGISTER_NOT_FOUND}».`);
  const { taxpayer } = lookup;
  if (!taxpayer.active)
    throw refused(
      `The authority's register lists customer CUIT ${formatCuit(cuit)} (${taxpayer.name}) as «INACTIVO»: it cannot receive invoices.`,
    );
  const docType = (invoice.tax as { ext?: Record<string, string> } | undefined)?.ext?.[EXT_DOC_TYPE];
  const letter = invoiceLetter(invoice) ?? (docType ? letterOf(docType) : undefined);
  if ((letter === 'A' || letter === 'M') && !MAY_RECEIVE_A.has(taxpayer.vat_status.code)) {
    throw refused(
      `The authority's register lists customer CUIT ${formatCuit(cuit)} (${taxpayer.name}) as «${taxpayer.vat_status.name}»: ` +
        `a class ${letter} voucher needs a customer registered in IVA (Responsable Inscripto) or as Monotributista; issue a B.`,
    );
  }
}
