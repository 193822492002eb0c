// Workflows: made from a template for a workspace that has the Argentina app connected.
import { ApiError, notFound } from '@/lib/api/errors';
import { toPage, type ListQuery } from '@/lib/api/pagination';
import { isAppConnected } from '@/lib/access/queries';
import type { Caller } from '@/lib/access/queries';
import { newId } from '@/lib/ids';
import { assertWebhookUrlAllowed } from '@/lib/net/webhook-url';
import { presentWorkflow } from '@/lib/transform/present';
import { getWorkflowById, listWorkflowsByOwner } from '@/lib/transform/queries';
import { getDb } from '@/lib/db/client';
import { workflows } from '@/lib/db/schema';
import { newSigningSecret, sealSigningSecret } from '@/lib/webhooks/signing-secret';
import type { WorkflowBody } from '@/lib/transform/schemas';

export const GOV_AR_APP_ID = 'gov-ar';

export async function createWorkflow(caller: Caller, body: WorkflowBody) {
  if (!(await isAppConnected(GOV_AR_APP_ID, caller.ownerId))) {
    throw new ApiError('app_not_connected', 'Connect the Argentina app first (POST /access/v1/apps/gov-ar/connect).');
  }
  if (body.webhook) assertWebhookUrlAllowed(body.webhook.url, 'webhook.url');
  const generatedSecret = body.webhook && !body.webhook.secret ? newSigningSecret() : undefined;
  const secret = body.webhook ? (body.webhook.secret ?? generatedSecret) : undefined;
  const db = await getDb();
  const workflow = await db.transaction(async (tx) => {
    const [row] = await tx.insert(workflows).values({
      id: newId(),
      ownerId: caller.ownerId,
      name: body.name ?? 'Supplier registration',
      template: body.template,
      config: {
        ...(body.webhook ? { webhook: { url: body.webhook.url } } : {}),
        ...(body.invoice_types ? { invoiceTypes: [...new Set(body.invoice_types)] } : {}),
        ...(body.allowed_origins?.length ? { allowedOrigins: [...new Set(body.allowed_origins)] } : {}),
      },
      webhookSecretId: secret ? await sealSigningSecret(tx, caller.ownerId, secret) : null,
    }).returning();
    return row!;
  });
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
