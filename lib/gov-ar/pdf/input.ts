// What the invoice PDF is made from: the stamped, calculated envelope as the store keeps it once the
// authority accepted the invoice, plus the supplier's company data as registered, which a GOBL
// envelope may not carry (razón social, domicilio comercial, condición frente al IVA, Ingresos Brutos,
// inicio de actividades). Problems are `InvoicePdfError`s with a stable `problem`.
import type { SupplierVatCondition } from '@/lib/gov-ar/pdf/labels';
import { sameClassInEveryBundle } from '@/lib/process-singleton';

export interface Stamp {
  prv: string;
  val: string;
}

export interface InvoiceEnvelope {
  head?: { stamps?: Stamp[] } & Record<string, unknown>;
  /** The `bill/invoice`, normalised and calculated (`prepareArcaInvoice`), with its number in `code`. */
  doc: Record<string, unknown>;
}

/** The supplier as registered with the authority; each field, when missing, is taken from the envelope or left out. */
export interface SupplierCompany {
  /** Razón social; default the envelope's `supplier.name`. */
  legalName?: string;
  /** Domicilio comercial, one line; default the supplier's first address in the envelope. */
  commercialAddress?: string;
  /** Condición frente al IVA; default what the letter implies (A, B, M: Responsable Inscripto; C with `monotax`: Monotributo). */
  vatCondition?: SupplierVatCondition;
  /** Ingresos Brutos: the registration number, or "Exento", "Convenio Multilateral 901-...". */
  grossIncome?: string;
  /** Inicio de actividades, YYYY-MM-DD. */
  activityStart?: string;
}

export interface InvoicePdfInput {
  envelope: InvoiceEnvelope;
  supplier?: SupplierCompany;
  /** Where the authority authorised it: a sandbox (homologación) voucher is marked as having no fiscal value. */
  environment?: 'sandbox' | 'live';
}

/** The stamps the authority's acceptance leaves on the envelope (see the contract). */
export const STAMP_CAE = 'arca-cae';
export const STAMP_CAE_EXPIRY = 'arca-cae-expiry';
export const STAMP_QR = 'arca-qr';
/** Instead of the CAE and its expiry, on a voucher issued under a CAEA (contingency). */
export const STAMP_CAEA = 'arca-caea';
export const STAMP_CAEA_EXPIRY = 'arca-caea-expiry';

export type InvoicePdfProblem =
  /** No number or no CAE, expiry or QR stamp: the authority has not accepted it (yet). */
  | 'not_issued'
  /** Not a voucher we print: 49, receipts, MiPyME credit invoices. */
  | 'not_printable'
  /** The document is not a calculated invoice (`prepareArcaInvoice` was not run, or refused it). */
  | 'not_calculated'
  /** Rendering it went past the time or memory one render may take (lib/gov-ar/invoices/pdf-off-loop.ts). */
  | 'over_limits';

export class InvoicePdfError extends Error {
  constructor(
    readonly problem: InvoicePdfProblem,
    message: string,
  ) {
    super(message);
    this.name = 'InvoicePdfError';
  }
}
sameClassInEveryBundle(InvoicePdfError, 'InvoicePdfError');
