// The Argentina app plugs into the generic machinery: its error codes into the API, its folders (suppliers,
// invoices) into the silo, its workflow templates (registration, invoice issuing) into the engine, and its
// daily certificate sweep, the hourly CAEA asked ahead and the CAEA reporter into the periodic tasks.
// Idempotent: registering again replaces each piece with itself.
import { DAY_MS } from '@/lib/gov-ar/certificate-record';
import { reportCaea } from '@/lib/gov-ar/contingency/caea-reporter';
import { carryReportCorrection } from '@/lib/gov-ar/contingency/report-correction';
import { INVOICES_FOLDER, SUPPLIERS_FOLDER } from '@/lib/gov-ar/app';
import { registerGovArErrorCodes } from '@/lib/gov-ar/error-codes';
import { sweepCertificateExpiry } from '@/lib/gov-ar/expiry-sweep';
import { keepCaeaAhead } from '@/lib/gov-ar/contingency/caea-ahead';
import { admitInvoice, refuseInvoiceCorrection } from '@/lib/gov-ar/invoices/admission';
import { InvoiceEnvelopeSchema, invoiceIdentity, StoredInvoiceEnvelopeSchema } from '@/lib/gov-ar/invoices/envelope';
import { duplicateInvoice } from '@/lib/gov-ar/invoices/refusals';
import { invoiceTemplate } from '@/lib/gov-ar/invoices/issuing-workflow';
import { PartySchema } from '@/lib/gov-ar/party';
import { registrationTemplate } from '@/lib/gov-ar/registration/workflow';
import { registerFolder } from '@/lib/silo/folders';
import { registerPeriodicTask } from '@/lib/transform/periodic-tasks';
import { registerTemplate } from '@/lib/transform/templates';

const HOUR_MS = 3_600_000;

export function plugGovAr(): void {
  registerGovArErrorCodes();
  registerFolder({ name: SUPPLIERS_FOLDER, data: PartySchema });
  registerFolder({
    name: INVOICES_FOLDER,
    data: InvoiceEnvelopeSchema,
    stored: StoredInvoiceEnvelopeSchema,
    holdsEnvelopes: true,
    admit: admitInvoice,
    refuseCorrection: refuseInvoiceCorrection,
    carryCorrection: carryReportCorrection,
    identity: { of: invoiceIdentity, duplicate: duplicateInvoice },
  });
  registerTemplate(registrationTemplate);
  registerTemplate(invoiceTemplate);
  registerPeriodicTask({ name: 'certificate-expiry-sweep', everyMs: DAY_MS, run: () => sweepCertificateExpiry() });
  registerPeriodicTask({ name: 'caea-ahead', everyMs: HOUR_MS, run: () => keepCaeaAhead() });
  // Vouchers issued under a CAEA informed, and unused fortnights (lib/gov-ar/contingency/caea-reporter.ts).
  registerPeriodicTask({ name: 'caea-report', everyMs: 60_000, run: () => reportCaea() });
}
