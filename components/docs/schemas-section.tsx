// Every named schema of the document, each once, the target of the links in the operations.
import type { Schema } from '@/lib/openapi/json-schema';
import { SchemaTree } from '@/components/docs/schema-tree';
import { schemaAnchor } from '@/components/docs/schema-type';

export function SchemasSection({ schemas }: { schemas: Record<string, Schema> }) {
  return (
    <section aria-labelledby="schemas" className="mt-12">
      <h2 id="schemas" className="text-2xl font-semibold tracking-tight">
        Schemas
      </h2>
      <div className="mt-4 space-y-4">
        {Object.entries(schemas).map(([name, schema]) => (
          <section
            key={name}
            id={schemaAnchor(name)}
            aria-labelledby={`${schemaAnchor(name)}-title`}
            className="scroll-mt-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h3 id={`${schemaAnchor(name)}-title`} className="font-mono text-base font-semibold">
              {name}
            </h3>
            {typeof schema.description === 'string' ? (
              <p className="mt-1 text-slate-700">{schema.description}</p>
            ) : null}
            <div className="mt-3">
              <SchemaTree schema={schema} />
            </div>
          </section>
        ))}
      </div>
    </section>
  );
}
