// Workflows: made from a registered template, for a workspace that has the template's app connected.
import { ApiError, notFound } from '@/lib/api/errors';
import { toPage, type ListQuery } from '@/lib/api/pagination';
import { isAppConnected } from '@/lib/access/queries';
import type { Caller } from '@/lib/access/caller';
import { newId } from '@/lib/ids';
import { assertWebhookUrlAllowed } from '@/lib/net/webhook-url';
import { presentWorkflow } from '@/lib/transform/present';
import { getWorkflowById, insertWorkflow, listWorkflowsByOwner } from '@/lib/transform/queries';
import { inTransaction } from '@/lib/db/client';
import { newSigningSecret, sealSigningSecret } from '@/lib/webhooks/signing-secret';
import type { WorkflowBody } from '@/lib/transform/schemas';
import { templateNamed, type WorkflowTemplate } from '@/lib/transform/templates';

export async function createWorkflow(caller: Caller, body: WorkflowBody) {
  const template = templateNamed(body.template);
  if (!template)
    throw new ApiError('validation_failed', 'The request body is not valid.', { template: 'no such template' });
  await assertAppConnected(caller, template);
  if (body.webhook) assertWebhookUrlAllowed(body.webhook.url, 'webhook.url');
  const generatedSecret = body.webhook && !body.webhook.secret ? newSigningSecret() : undefined;
  const secret = body.webhook ? (body.webhook.secret ?? generatedSecret) : undefined;
  const workflow = await inTransaction(async (tx) =>
    insertWorkflow(tx, {
      id: newId(),
      ownerId: caller.ownerId,
      name: body.name ?? template.defaultName,
      template: body.template,
      config: {
        ...(body.webhook ? { webhook: { url: body.webhook.url } } : {}),
        ...template.config(body),
      },
      webhookSecretId: secret ? await sealSigningSecret(tx, caller.ownerId, secret) : null,
    }),
  );
  template.saved?.(workflow);
  const presented = presentWorkflow(workflow);
  // A secret we generated is shown this once, so the integrator can verify signatures.
  if (generatedSecret && presented.webhook) Object.assign(presented.webhook, { secret: generatedSecret });
  return presented;
}

export async function getWorkflow(caller: Caller, id: string) {
  const workflow = await getWorkflowById(caller.ownerId, id);
  if (!workflow) throw notFound('workflow', id);
  return presentWorkflow(workflow);
}

export async function listWorkflows(caller: Caller, query: ListQuery) {
  return toPage(await listWorkflowsByOwner(caller.ownerId, query), query.limit, presentWorkflow);
}

/** A template's workflows and jobs need its app connected to the workspace. */
async function assertAppConnected(caller: Caller, template: WorkflowTemplate): Promise<void> {
  if (!(await isAppConnected(template.app, caller.ownerId))) throw appNotConnected(template);
}

/** What a workflow or job of a template whose app the workspace has not connected is answered. */
export const appNotConnected = (template: WorkflowTemplate) =>
  new ApiError(
    'app_not_connected',
    `Connect the ${template.appTitle} app first (POST /access/v1/apps/${template.app}/connect).`,
  );
