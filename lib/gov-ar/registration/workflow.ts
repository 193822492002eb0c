// The `ar-supplier-registration` template: set the supplier Processing, make the registration link,
// raise `registration.link_created` (when the workflow has a webhook), wait for the supplier's
// certificate, set Registered; on failure, Error. A renewal (the entry already has a certificate) keeps
// the entry's status throughout. Registered with the engine by lib/gov-ar/plug.ts.
import { ApiError } from '@/lib/api/errors';
import { DEFAULT_INVOICE_LETTERS, servicesForLetters, type InvoiceLetter } from '@/lib/ar/services';
import { inTransaction } from '@/lib/db/client';
import type { WorkflowConfig } from '@/lib/db/schema';
import { GOV_AR_APP_ID, SUPPLIERS_FOLDER } from '@/lib/gov-ar/app';
import type { Party } from '@/lib/gov-ar/party';
import { askCaeaSoon } from '@/lib/gov-ar/contingency/caea-ahead';
import { raiseRegistrationCompleted } from '@/lib/gov-ar/registration/completed-event';
import { createRegistrationLink } from '@/lib/gov-ar/registration/link';
import { startRegistrationRecord } from '@/lib/gov-ar/registration/track';
import { raiseLinkCreated } from '@/lib/gov-ar/registration/link-created-event';
import { isRenewal } from '@/lib/gov-ar/registration/renewal';
import { REGISTRATION_TEMPLATE, RegistrationWorkflowBody } from '@/lib/gov-ar/registration/workflow-body';
import { setSupplierStatus } from '@/lib/gov-ar/registration/queries';
import { RegistrationWorkflowFields } from '@/lib/responses/gov-ar';
import { setEntryStatus } from '@/lib/silo/queries';
import { COMMON_STEP, type TemplatePlan, type WorkflowTemplate } from '@/lib/transform/templates';
import { kickWebhookSender } from '@/lib/transform/wake-ups';

const REGISTRATION_STEP = {
  setProcessing: 'silo.status.processing',
  register: 'gov-ar.register',
  webhook: COMMON_STEP.webhook,
  waitForAuthorization: 'gov-ar.wait.authorization',
  setRegistered: 'silo.status.registered',
  setError: 'silo.status.error',
} as const;
const STEP = REGISTRATION_STEP;

declare module '@/lib/db/schema' {
  /** The registration template's stored settings. */
  interface WorkflowConfig {
    /** Invoice letters the supplier will issue; they decide which web services must be authorised. */
    invoiceTypes?: InvoiceLetter[];
    /** Origins allowed to embed the wizard in an iframe (CSP frame-ancestors) and receive its messages. */
    allowedOrigins?: string[];
  }
}

/** The webhook (when configured) goes out before the wait. */
function registrationPlan(config: WorkflowConfig): TemplatePlan {
  return {
    steps: [
      STEP.setProcessing,
      STEP.register,
      ...(config.webhook ? [STEP.webhook] : []),
      STEP.waitForAuthorization,
      STEP.setRegistered,
    ],
    rescue: [STEP.setError],
  };
}

export const registrationTemplate: WorkflowTemplate<RegistrationWorkflowBody> = {
  name: REGISTRATION_TEMPLATE,
  app: GOV_AR_APP_ID,
  appTitle: 'Argentina',
  folder: SUPPLIERS_FOLDER,
  defaultName: 'Supplier registration',
  body: RegistrationWorkflowBody,
  config: (body) => ({
    ...(body.invoice_types ? { invoiceTypes: [...new Set(body.invoice_types)] } : {}),
    ...(body.allowed_origins?.length ? { allowedOrigins: [...new Set(body.allowed_origins)] } : {}),
  }),
  plan: registrationPlan,
  present: (config) => ({
    invoice_types: config.invoiceTypes ?? DEFAULT_INVOICE_LETTERS,
    services: servicesForLetters(config.invoiceTypes),
    allowed_origins: config.allowedOrigins ?? [],
  }),
  presentedFields: RegistrationWorkflowFields,
  refuseJob: (_entry, openJob) =>
    openJob
      ? new ApiError(
          'registration_in_progress',
          'This entry already has a registration job in progress; finish or wait for it first.',
        )
      : undefined,
  handlers: {
    [STEP.setProcessing]: async ({ entry }) => {
      // A renewal: the supplier keeps invoicing with the current certificate while the new one comes.
      if (isRenewal(entry)) return { kind: 'complete', message: `Renewal: the entry stays ${entry.status}.` };
      await setSupplierStatus(entry.id, 'Processing');
      return { kind: 'complete' };
    },
    [STEP.register]: async (context) => {
      const link = await createRegistrationLink(context);
      await startRegistrationRecord(link.ref!);
      return { kind: 'complete', message: `Registration link ${link.linkUrl}` };
    },
    [STEP.webhook]: raiseLinkCreated,
    [STEP.waitForAuthorization]: async () => ({
      kind: 'wait',
      message: 'Waiting for the supplier to upload a certificate the authority accepts.',
    }),
    [STEP.setRegistered]: async (context) => {
      const raised = await inTransaction(async (tx) => {
        await setEntryStatus(tx, context.entry.id, 'Registered');
        return raiseRegistrationCompleted(tx, context);
      });
      if (raised) kickWebhookSender();
      // A supplier of a workspace that opted in to the CAEA contingency has its CAEA asked at once.
      const cuit = (context.entry.data as Party).tax_id?.code;
      if (cuit) askCaeaSoon({ ownerId: context.entry.ownerId, cuit });
      return { kind: 'complete' };
    },
    [STEP.setError]: async ({ entry }) => {
      if (isRenewal(entry)) return { kind: 'complete', message: `Renewal failed: the entry stays ${entry.status}.` };
      await setSupplierStatus(entry.id, 'Error');
      return { kind: 'complete' };
    },
  },
};
