// Request schemas of transform/v1.
import { z } from 'zod';
import { INVOICE_LETTERS } from '../ar/services';
import { REGISTRATION_TEMPLATE } from './templates';

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

export const WorkflowBody = z.strictObject({
  template: z.literal(REGISTRATION_TEMPLATE, { error: `template must be "${REGISTRATION_TEMPLATE}"` }),
  name: z.string().trim().min(1).max(200).optional(),
  webhook: WebhookConfigBody.optional(),
  /** The invoice letters suppliers will issue; they decide the web services to authorise (default A, B, C: wsfe). */
  invoice_types: z.array(z.enum(INVOICE_LETTERS)).min(1).max(INVOICE_LETTERS.length).optional(),
});
export type WorkflowBody = z.output<typeof WorkflowBody>;

export const JobBody = z.strictObject({
  workflow_id: z.uuid('must be a UUID'),
  silo_entry_id: z.uuid('must be a UUID'),
  key: z.string().trim().min(1).max(200).optional(),
});
export type JobBody = z.output<typeof JobBody>;

export const IdParams = z.object({ id: z.uuid() });
