// The parts of a workflow's create body every template shares, zod only: the console's browser form
// checks a body with them too (lib/transform/schemas.ts builds the union of registered templates).
import { z } from 'zod';

const WebhookConfigBody = z.strictObject({
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
export const OriginSchema = z
  .string()
  .trim()
  .max(300, ORIGIN_MESSAGE)
  .transform((value, ctx) => {
    const origin = toOrigin(value);
    if (origin) return origin;
    ctx.addIssue({ code: 'custom', message: ORIGIN_MESSAGE });
    return z.NEVER;
  });

/** The fields every template's create body has; a template extends it with its own (lib/transform/templates.ts). */
export const workflowBodyBase = <Name extends string>(template: Name) =>
  z.strictObject({
    template: z.literal(template),
    name: z.string().trim().min(1).max(200).optional(),
    webhook: WebhookConfigBody.optional(),
  });
