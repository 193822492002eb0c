// Request schemas of transform/v1.
import { z } from 'zod';
import { ListQuery } from '@/lib/api/pagination';
import { registeredTemplates, templatesVersion, type WorkflowBodyBase } from '@/lib/transform/templates';

export const WebhookConfigBody = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2000),
  secret: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/, 'must be whsec_ followed by base64')
    .refine((secret) => {
      const bytes = Buffer.from(secret.slice(6), 'base64').length;
      return bytes >= 24 && bytes <= 64;
    }, 'must hold 24 to 64 random bytes')
    .optional(),
});

const ORIGIN_MESSAGE = 'must be an origin such as https://console.example.com (http(s), host, optional port; no path)';
/** What an origin looks like once the URL parser has normalised it; nothing that could break a CSP. */
const NORMALISED_ORIGIN = /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/;

/** `scheme://host[:port]` normalised by the URL parser (case, default port), or undefined. */
function toOrigin(value: string): string | undefined {
  const bare = value.replace(/\/$/, '');
  // No path, query, fragment or credentials may hide behind the host.
  if (!/^[a-z]+:\/\/[^/\\?#@\s]+$/i.test(bare) || !URL.canParse(bare)) return undefined;
  const { origin } = new URL(bare);
  return NORMALISED_ORIGIN.test(origin) ? origin : undefined;
}

/** A site that may embed the wizard; a trailing slash and upper case are forgiven. */
export const OriginSchema = z.string().trim().max(300, ORIGIN_MESSAGE).transform((value, ctx) => {
  const origin = toOrigin(value);
  if (origin) return origin;
  ctx.addIssue({ code: 'custom', message: ORIGIN_MESSAGE });
  return z.NEVER;
});

/** The fields every template's create body has; a template extends it with its own (lib/transform/templates.ts). */
export const workflowBodyBase = <Name extends string>(template: Name) => z.strictObject({
  template: z.literal(template),
  name: z.string().trim().min(1).max(200).optional(),
  webhook: WebhookConfigBody.optional(),
});

/**
 * A workflow's create body: one of the registered templates' bodies, told apart by `template`. Built on
 * first use, since services register their templates when the server starts (after this module loads).
 */
export function workflowBodySchema(): z.ZodType<WorkflowBodyBase> {
  if (built?.version !== templatesVersion()) built = { version: templatesVersion(), schema: buildWorkflowBody() };
  return built.schema;
}
let built: { version: number; schema: z.ZodType<WorkflowBodyBase> } | undefined;

function buildWorkflowBody(): z.ZodType<WorkflowBodyBase> {
  const templates = registeredTemplates();
  const names = templates.map((template) => `"${template.name}"`).join(', ');
  const bodies = templates.map((template) => template.body) as unknown as z.ZodObject[];
  if (bodies.length === 0) throw new Error('No workflow template is registered (lib/server/services.ts plugs them in).');
  return z.discriminatedUnion('template', bodies as [z.ZodObject, ...z.ZodObject[]], {
    error: (issue) => (issue.code === 'invalid_union' ? `template must be one of ${names}` : undefined),
  }) as unknown as z.ZodType<WorkflowBodyBase>;
}
export type WorkflowBody = WorkflowBodyBase;

export const JobBody = z.strictObject({
  workflow_id: z.uuid('must be a UUID'),
  silo_entry_id: z.uuid('must be a UUID'),
  key: z.string().trim().min(1).max(200).optional(),
});
export type JobBody = z.output<typeof JobBody>;

export const JobListQuery = ListQuery.extend({ silo_entry_id: z.uuid('must be a UUID').optional() });
export type JobListQuery = z.output<typeof JobListQuery>;

export const IdParams = z.object({ id: z.uuid() });
