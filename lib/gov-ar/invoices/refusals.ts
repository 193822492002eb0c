// Why an invoice is not stored, each with its own code, a sentence saying what to do, and the field
// of the stored envelope it concerns.
import { ApiError, authorityUnavailable } from '@/lib/api/errors';
import type { AuthorityService } from '@/lib/ar/services';
import type { Environment } from '@/lib/ar/environments';
import { DOC_LETTER_EXT } from '@/lib/gov-ar/invoices/envelope';
import type { AuthorityError } from '@/lib/authority/authority-error';
import { formatCuit } from '@/lib/ar/cuit';
import { isUsable } from '@/lib/gov-ar/points-of-sale';
import type { PuntoDeVenta } from '@/lib/authority/wsfe-client';

const SUPPLIER_FIELD = 'data.doc.supplier.tax_id.code';
const SERIES_FIELD = 'data.doc.series';
export const LETTER_FIELD = `data.doc.tax.ext.${DOC_LETTER_EXT}`;

const PORTAL_POINTS_OF_SALE = '"Administración de puntos de venta y domicilios" › "A/B/M de Puntos de Venta"';

/** A date the authority would refuse today (10016), each reason keyed by its field in the stored form. */
export function issueDateOutsideWindow(fields: Record<string, string>): ApiError {
  return new ApiError(
    'validation_failed',
    'The invoice is dated outside the window the authority takes around its today; date it within it.',
    Object.fromEntries(Object.entries(fields).map(([path, reason]) => [`data.doc.${path}`, reason])),
  );
}

export function supplierNotRegistered(cuit: string, environment: Environment, status?: string): ApiError {
  return new ApiError(
    'supplier_not_registered',
    `CUIT ${formatCuit(cuit)} is not a registered ${environment} supplier: ${whyNotRegistered(status)}.`,
    {
      [SUPPLIER_FIELD]: 'not a registered supplier of this workspace',
    },
  );
}

function whyNotRegistered(status: string | undefined): string {
  switch (status) {
    case undefined:
      return 'no supplier entry of this workspace has this CUIT: create one and register it first';
    case 'Expired':
      return 'its certificate has run out: renew the registration (a new registration job for the entry)';
    case 'Registered':
      return 'it holds no active certificate: register it again';
    default:
      return `its supplier entry is ${status}, not Registered: the supplier must finish the registration link first`;
  }
}

export function serviceNotAuthorized(
  service: AuthorityService,
  authorized: readonly string[],
  reason: { letter?: string; field: string },
): ApiError {
  const what = reason.letter
    ? `Invoices of letter ${reason.letter} go through the web service ${service}`
    : `In live the points of sale are read through the web service ${service}`;
  return new ApiError(
    'service_not_authorized',
    `${what}, which the supplier's certificate is not authorised for (it is for ${authorized.join(', ') || 'none'}). ` +
      `Register the supplier again with a workflow whose invoice_types need ${service}, and authorise it at the authority.`,
    { [reason.field]: `needs ${service}` },
    undefined,
    { service },
  );
}

export function pointOfSaleNotRegistered(number: number, cuit: string, points: PuntoDeVenta[]): ApiError {
  const point = points.find((candidate) => candidate.number === number);
  const usable = points.filter(isUsable).map((candidate) => candidate.number);
  const state = !point ? 'not registered' : point.droppedOn ? `dropped on ${point.droppedOn}` : 'blocked';
  return new ApiError(
    'point_of_sale_not_registered',
    `Point of sale ${number} is ${state} at the authority for CUIT ${formatCuit(cuit)}; ` +
      `usable there: ${usable.join(', ') || 'none'}. Add it at ${PORTAL_POINTS_OF_SALE} for web services, or use one of those.`,
    { [SERIES_FIELD]: `${state} at the authority` },
  );
}

/** What the authority's refusal to list the points of sale means for the invoice. */
export function authorityRefusal(
  error: AuthorityError,
  authorized: readonly string[],
  service: AuthorityService = 'wsfe',
): ApiError {
  switch (error.problem) {
    case 'not_authorized':
      return serviceNotAuthorized(service, authorized, { field: SERIES_FIELD });
    case 'revoked':
      return new ApiError(
        'certificate_revoked',
        "The authority reports the supplier's certificate revoked: register the supplier again with a new certificate.",
      );
    case 'expired':
      return new ApiError(
        'certificate_expired',
        "The supplier's certificate has expired: register the supplier again to renew it.",
      );
    case 'untrusted':
      return new ApiError(
        'certificate_untrusted',
        "The authority no longer trusts the supplier's certificate: register the supplier again.",
      );
    default:
      console.warn(`[invoices] points of sale unavailable: ${error.message}`);
      return authorityUnavailable();
  }
}

/** A document uuid the workspace already stored as an invoice: one GOBL document is one invoice, issued once. */
export const duplicateInvoice = (uuid: string, entryId: string) =>
  new ApiError(
    'duplicate_invoice',
    `This workspace already stored the invoice with uuid ${uuid}, as entry ${entryId}: a document is stored and issued once. Give a new uuid to store another invoice, or use the entry's key to retry a create safely.`,
    { 'data.doc.uuid': `already stored as entry ${entryId}` },
    undefined,
    { entry_id: entryId },
  );

export const invoiceAlreadySent = () =>
  new ApiError('invoice_already_sent', 'This invoice was already authorised by the authority; it is issued once.');

export const invoiceInProgress = () =>
  new ApiError('invoice_in_progress', 'This invoice already has a job in progress; wait for it to end.');
