// Path and query parameters: the handler's own `params` and `query` object schemas, one OpenAPI
// parameter per property, as the client writes it (coercions and defaults included).
import type { z } from 'zod';
import { convertSchema, type Schema } from '@/lib/openapi/json-schema';

/** A sentence for parameters whose schema carries none, by name. */
const NOTES: Record<string, string> = {
  id: 'The UUID',
  ref: "The registration link's ref, from its link_url",
  app_id: '"gov-ar" (the Argentina app) or your app\'s UUID',
  environment: 'sandbox (homologación) or live (producción)',
  limit: 'Page size',
  cursor: 'The next_cursor of the previous page',
  folder: 'Only entries of this folder ("suppliers", "invoices")',
  silo_entry_id: 'Only the jobs of this entry',
};

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: Schema;
}

export function parametersOf(endpoint: { params?: z.ZodObject; query?: z.ZodObject }): Parameter[] {
  return [...fromObject(endpoint.params, 'path'), ...fromObject(endpoint.query, 'query')];
}

function fromObject(schema: z.ZodObject | undefined, location: Parameter['in']): Parameter[] {
  if (!schema) return [];
  const json = convertSchema(schema, 'input');
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property as Schema;
    const said = description ?? NOTES[name];
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      ...(said ? { description: said } : {}),
      schema: rest,
    };
  });
}
