// A registration workflow's create body, zod only: the API checks it, and so does the console's form in
// the browser (lib/console/workflow-form.ts).
import { z } from 'zod';
import { INVOICE_LETTERS } from '@/lib/ar/services';
import { OriginSchema, workflowBodyBase } from '@/lib/transform/workflow-body';

export const REGISTRATION_TEMPLATE = 'ar-supplier-registration';

export const RegistrationWorkflowBody = workflowBodyBase(REGISTRATION_TEMPLATE).extend({
  /** The invoice letters suppliers will issue; they decide the web services to authorise (default A, B, C: wsfe). */
  invoice_types: z.array(z.enum(INVOICE_LETTERS)).min(1).max(INVOICE_LETTERS.length).optional(),
  /** Sites that may embed the registration wizard in an iframe (its CSP frame-ancestors). */
  allowed_origins: z.array(OriginSchema).max(20, 'at most 20 origins').optional(),
});
export type RegistrationWorkflowBody = z.output<typeof RegistrationWorkflowBody>;
