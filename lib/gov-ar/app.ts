// The Argentina app's names, written once: its app id (what a workspace connects), the folders it keeps
// entries in, the meta records it writes on them (`src: "gov-ar"`, each with its `key`), its webhook events, and the types of
// its tables' columns.
import type { Environment } from '@/lib/ar/environments';
import type { RegisterActivity, RegisterAddress, RegisterKind, RegisterTaxpayer } from '@/lib/ar/register';
import type { AuthorityService } from '@/lib/ar/services';
import type { CertificatePath, CompanyData, WizardStep } from '@/lib/responses/gov-ar-progress';

export const GOV_AR_APP_ID = 'gov-ar';

export const SUPPLIERS_FOLDER = 'suppliers';
export const INVOICES_FOLDER = 'invoices';

/** The invoice issuing template's name. */
export const INVOICE_TEMPLATE = 'ar-invoice';

/** The `ar-invoice` workflow's step that numbers and sends an invoice (its sender completes it too). */
export const SEND_STEP = 'gov-ar.send';

/** The `src` of every meta record the app writes. */
export const GOV_AR_SRC = 'gov-ar';

/**
 * The `key`s of its meta records: the registration link, the wizard's progress, the confirmed company data, the certificate in use;
 * on an invoice, the authority's observations on an accepted one or its errors on a refused one, and the PDF.
 */
export const META_KEY = {
  link: 'link',
  /** Where the supplier is in the wizard and what is still missing (lib/gov-ar/registration/registration-record.ts). */
  registration: 'registration',
  company: 'company',
  certificate: 'certificate',
  observations: 'arca-observations',
  errors: 'arca-errors',
  pdf: 'pdf',
  /** On a supplier: a fortnight's CAEA it holds, asked ahead (lib/gov-ar/contingency). */
  caea: 'caea',
  /** On a supplier: the fortnight's CAEA could not be had ahead (lib/gov-ar/contingency). */
  caeaMissing: 'caea-missing',
  /** On an invoice issued under a CAEA: the authority refused its report (FECAEARegInformativo). */
  caeaErrors: 'arca-caea-errors',
} as const;

/** Its webhook events; the outbox (lib/webhooks/events.ts) takes their names by declaration merging. */
type GovArWebhookEvent =
  | 'registration.link_created'
  | 'registration.completed'
  | 'registration.upload_failed'
  | 'registration.certificate_expiring'
  | 'registration.certificate_expired'
  | 'invoice.sent'
  | 'invoice.rejected'
  | 'invoice.caea_report_rejected'
  | 'supplier.caea_missing';

declare module '@/lib/webhooks/events' {
  interface ServiceWebhookEvents extends Record<GovArWebhookEvent, true> {}
}

/** The types of its tables' columns (lib/db/schema.ts declares the tables; the authority's and the emulator's use the first two too). */
declare module '@/lib/db/schema' {
  interface ServiceColumnTypes {
    environment: Environment;
    authorityService: AuthorityService;
    wizardStep: WizardStep;
    companyData: CompanyData;
    certificatePath: CertificatePath;
    registerKind: RegisterKind;
    registerAddress: RegisterAddress;
    registerActivity: RegisterActivity;
    registerTaxpayer: RegisterTaxpayer;
  }
}
