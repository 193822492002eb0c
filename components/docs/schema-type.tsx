// A schema's type in a few words: `string (uuid)`, `array of Entry`, `"suppliers"`, `Party or null`;
// named schemas link to their definition further down the page.
import { Fragment } from 'react';
import type { Schema } from '@/lib/openapi/json-schema';
import { refName } from '@/lib/openapi/reference';

export const schemaAnchor = (name: string) => `schema-${name}`;

export function SchemaType({ schema }: { schema: Schema }) {
  if (typeof schema.$ref === 'string') {
    const name = refName(schema.$ref);
    return (
      <a className="font-medium text-sky-800 underline underline-offset-2" href={`#${schemaAnchor(name)}`}>
        {name}
      </a>
    );
  }
  if (schema.const !== undefined) return <>{JSON.stringify(schema.const)}</>;
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) {
    return (
      <>
        {variants.map((variant, i) => (
          <Fragment key={i}>
            {i > 0 ? ' or ' : ''}
            <SchemaType schema={variant} />
          </Fragment>
        ))}
      </>
    );
  }
  if (schema.type === 'array') {
    const items = schema.items as Schema | undefined;
    return <>array of {items && !items.properties ? <SchemaType schema={items} /> : 'objects'}</>;
  }
  if (schema.type === 'object' || schema.properties) return <>object</>;
  if (typeof schema.type === 'string')
    return (
      <>
        {schema.type}
        {typeof schema.format === 'string' ? ` (${schema.format})` : ''}
      </>
    );
  return <>any</>;
}
