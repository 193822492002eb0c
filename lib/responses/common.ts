// Shapes every service shares: timestamps, ids, the list envelope and the error body.
import { z } from 'zod';

export const Timestamp = z.iso.datetime().describe('ISO 8601 UTC with milliseconds');
export const Id = z.uuid().describe('UUID v7');

/** `{ list, limit, next_cursor? }`, newest first; pass `next_cursor` back as `?cursor=` for the next page. */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.strictObject({
    list: z.array(item),
    limit: z.int().min(1).max(100),
    next_cursor: z.string().optional().describe('Present when there are more items: send it as ?cursor='),
  });

export const ErrorBody = z.strictObject({
  code: z.string().describe('Stable snake_case code: branch on this'),
  message: z.string().describe('A human sentence; a 500 says only internal_error'),
  fields: z
    .record(z.string(), z.string())
    .optional()
    .describe('Which input is wrong and why, by dotted path (data.tax_id.code) or form field'),
  messages: z
    .strictObject({ es: z.string(), en: z.string() })
    .optional()
    .describe("The supplier's message in Spanish and English, saying what to do next (registration uploads)"),
  service: z.string().optional().describe('The web service a service_not_authorized error is about'),
  entry_id: z
    .uuid()
    .optional()
    .describe('The stored entry a conflict is about: the invoice a duplicate_invoice repeats'),
});

/** A page of a list answer, whatever it lists. */
export type ListOf<Item> = z.output<ReturnType<typeof listOf<z.ZodType<Item>>>>;
export type ErrorBody = z.output<typeof ErrorBody>;
