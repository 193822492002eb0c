// A request or response body: its media types and its schema, the named schema unfolded one level so
// its fields can be read in place.
import type { Schema } from '@/lib/openapi/json-schema';
import { refName } from '@/lib/openapi/reference';
import { SchemaTree } from '@/components/docs/schema-tree';
import { SchemaType } from '@/components/docs/schema-type';

export type Content = Record<string, { schema?: Schema }>;

export function ContentSchema({ content, schemas }: { content: Content; schemas: Record<string, Schema> }) {
  const types = Object.keys(content);
  const schema = Object.values(content)[0]?.schema;
  if (!schema) return null;
  const named = typeof schema.$ref === 'string' ? refName(schema.$ref) : undefined;
  const unfolded = named ? schemas[named] : undefined;
  return (
    <div className="text-sm">
      <p className="text-slate-700">
        <span className="font-mono">{types.join(' or ')}</span>: <SchemaType schema={schema} />
      </p>
      {unfolded ? (
        <details className="mt-1 rounded-lg bg-slate-50 px-3 py-2">
          <summary className="cursor-pointer font-medium text-slate-800">Fields of {named}</summary>
          <div className="mt-2">
            <SchemaTree schema={unfolded} />
          </div>
        </details>
      ) : null}
    </div>
  );
}
