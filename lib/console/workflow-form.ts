// The console's "new registration workflow" form, checked by the API's own RegistrationWorkflowBody: the form's
// fields (origins one per line, an empty webhook left out) become the body, which WorkflowBody then
// validates, so its errors land on the fields under the same paths the API's 422 names.
import { z } from 'zod';
import { REGISTRATION_TEMPLATE, RegistrationWorkflowBody } from '@/lib/gov-ar/registration/workflow-body';

export const WorkflowForm = z
  .object({
    name: z.string(),
    webhook: z.object({ url: z.string(), secret: z.string() }),
    allowed_origins: z.string(),
  })
  .transform(({ name, webhook, allowed_origins }) => {
    const url = webhook.url.trim();
    const secret = webhook.secret.trim();
    const origins = allowed_origins
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    return {
      template: REGISTRATION_TEMPLATE,
      ...(name.trim() ? { name: name.trim() } : {}),
      // A secret without a URL is kept, so WorkflowBody says the URL is missing rather than dropping it.
      ...(url || secret ? { webhook: { url, ...(secret ? { secret } : {}) } } : {}),
      ...(origins.length ? { allowed_origins: origins } : {}),
    };
  })
  .pipe(RegistrationWorkflowBody);

export type WorkflowFormInput = z.input<typeof WorkflowForm>;

export const EMPTY_WORKFLOW_FORM: WorkflowFormInput = {
  name: '',
  webhook: { url: '', secret: '' },
  allowed_origins: '',
};
