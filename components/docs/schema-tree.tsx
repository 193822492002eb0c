// A JSON schema as nested lists of fields: name, type, whether required, constraints and the sentence
// that says what it is. Named schemas stay links, so the tree is finite and each is defined once.
import type { Schema } from '@/lib/openapi/json-schema';
import { constraintsOf, keepsOtherFields, nestedObject } from '@/components/docs/schema-text';
import { Prose } from '@/components/docs/prose';
import { SchemaType } from '@/components/docs/schema-type';

const MAX_DEPTH = 6;

export function SchemaTree({ schema, depth = 0 }: { schema: Schema; depth?: number }) {
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants && !schema.properties) {
    return (
      <div>
        <p className="text-sm text-slate-700">One of:</p>
        <ol className="mt-1 list-decimal space-y-2 pl-6">
          {variants.map((variant, i) => (
            <li key={i}>
              <SchemaTree schema={variant} depth={depth + 1} />
            </li>
          ))}
        </ol>
      </div>
    );
  }
  if (!schema.properties)
    return (
      <p className="text-sm">
        <SchemaType schema={schema} />
      </p>
    );
  const required = new Set(schema.required ?? []);
  return (
    <ul className={`space-y-2 ${depth > 0 ? 'mt-2 border-l-2 border-slate-200 pl-4' : ''}`}>
      {Object.entries(schema.properties).map(([name, property]) => (
        <Field key={name} name={name} schema={property as Schema} required={required.has(name)} depth={depth} />
      ))}
      {keepsOtherFields(schema) ? <li className="text-sm text-slate-600">Other fields are kept as sent.</li> : null}
    </ul>
  );
}

function Field({ name, schema, required, depth }: { name: string; schema: Schema; required: boolean; depth: number }) {
  const nested = nestedObject(schema);
  const constraints = constraintsOf(schema);
  return (
    <li className="text-sm">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <code className="font-semibold text-slate-900">{name}</code>
        <span className="text-slate-700">
          <SchemaType schema={schema} />
        </span>
        <span className={required ? 'text-xs font-semibold text-rose-800' : 'text-xs text-slate-600'}>
          {required ? 'required' : 'optional'}
        </span>
      </div>
      {typeof schema.description === 'string' ? (
        <p className="text-slate-700">
          <Prose text={schema.description} />
        </p>
      ) : null}
      {constraints.length ? <p className="break-words text-slate-600">{constraints.join('; ')}</p> : null}
      {nested && depth < MAX_DEPTH ? <SchemaTree schema={nested} depth={depth + 1} /> : null}
    </li>
  );
}
