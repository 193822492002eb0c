// zod → JSON Schema (2020-12, OpenAPI 3.1's dialect) with zod 4's own converter: named components with
// $refs between them, request schemas as the client writes them (input), responses as sent (output).
import { z } from 'zod';
import type { JSONSchema } from 'zod/v4/core';
import { ANNOTATIONS } from '@/lib/openapi/annotations';

export type Io = 'input' | 'output';
export type Schema = JSONSchema.BaseSchema;

export const componentRef = (id: string) => `#/components/schemas/${id}`;

/** Marks what zod could not convert and no annotation covered; the document test looks for it. */
export const UNREPRESENTABLE = 'x-unrepresentable';

const SELF_EXPLAINING_FORMATS = new Set(['date-time', 'date', 'uuid', 'email']);

function conversionOptions(io: Io) {
  return {
    io,
    unrepresentable: ({ message }: { message: string }): Schema => ({ [UNREPRESENTABLE]: message }),
    override: ({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: Schema }) => {
      const annotation = ANNOTATIONS.get(zodSchema as z.ZodType);
      if (annotation) {
        for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
        Object.assign(jsonSchema, structuredClone(annotation));
      }
      // zod spells these formats out as long regular expressions too; the format says it for a reader.
      if (typeof jsonSchema.format === 'string' && SELF_EXPLAINING_FORMATS.has(jsonSchema.format))
        delete jsonSchema.pattern;
    },
  };
}

/** Each schema under its id, nested named schemas as $refs to `#/components/schemas/<id>`. */
export function convertComponents(components: Record<string, z.ZodType>, io: Io): Record<string, Schema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(components)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { ...conversionOptions(io), uri: componentRef });
  if ('__shared' in schemas)
    throw new Error('A component shares unnamed subschemas with $defs; name the shared schema instead.');
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, bare(schema)]));
}

/** One schema on its own (a path or query parameter). */
export const convertSchema = (schema: z.ZodType, io: Io): Schema => bare(z.toJSONSchema(schema, conversionOptions(io)));

/** Without the document-level keywords, which mean nothing inside an OpenAPI document. */
function bare(schema: Schema): Schema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}
