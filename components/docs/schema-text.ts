// JSON Schema keywords said in a few words, for the API reference page.
import type { Schema } from '@/lib/openapi/json-schema';

const range = (min: unknown, max: unknown, unit: string) => {
  if (min !== undefined && max !== undefined) return `${String(min)} to ${String(max)} ${unit}`;
  if (min !== undefined) return `at least ${String(min)} ${unit}`;
  return `at most ${String(max)} ${unit}`;
};

/** The constraints worth reading beside a field's type: lengths, bounds, patterns, values, defaults. */
export function constraintsOf(schema: Schema): string[] {
  const said: string[] = [];
  if (schema.minLength === 1 && schema.maxLength === undefined) said.push('not empty');
  else if (schema.minLength !== undefined || schema.maxLength !== undefined)
    said.push(range(schema.minLength, schema.maxLength, 'characters'));
  if (schema.minimum !== undefined || schema.maximum !== undefined)
    said.push(range(schema.minimum, schema.maximum, '').trim());
  if (schema.minItems !== undefined || schema.maxItems !== undefined)
    said.push(range(schema.minItems, schema.maxItems, 'items'));
  if (typeof schema.pattern === 'string') said.push(`pattern ${schema.pattern}`);
  if (Array.isArray(schema.enum)) said.push(`one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`);
  if (schema.default !== undefined) said.push(`default ${JSON.stringify(schema.default)}`);
  if (Array.isArray(schema.examples) && schema.examples.length)
    said.push(`e.g. ${schema.examples.map((value) => JSON.stringify(value)).join(', ')}`);
  return said;
}

const variantsOf = (schema: Schema) => ((schema.anyOf ?? schema.oneOf) as Schema[] | undefined) ?? [];
const hasFields = (schema: Schema) =>
  Boolean(schema.properties) || variantsOf(schema).some((variant) => variant.properties);

/** The object a field's own fields live in: itself, its array's items, or none (a plain value). */
export function nestedObject(schema: Schema): Schema | undefined {
  if (hasFields(schema)) return schema;
  const items = schema.items;
  if (items && typeof items === 'object' && !Array.isArray(items) && hasFields(items as Schema)) return items as Schema;
  return undefined;
}

/** Whether an object keeps fields it does not list (GOBL documents keep every field as sent). */
export const keepsOtherFields = (schema: Schema) =>
  schema.additionalProperties !== undefined && schema.additionalProperties !== false;
