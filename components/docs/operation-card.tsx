// One operation of the reference: method and path, who may call it, parameters, body and answers.
import type { Schema } from '@/lib/openapi/json-schema';
import type { Parameter } from '@/lib/openapi/parameters';
import type { ReferenceOperation } from '@/lib/openapi/reference';
import { ContentSchema, type Content } from '@/components/docs/content-schema';
import { MethodBadge } from '@/components/docs/method-badge';
import { ParametersTable } from '@/components/docs/parameters-table';
import { Prose } from '@/components/docs/prose';
import { ResponsesList } from '@/components/docs/responses-list';

const subheading = 'text-sm font-semibold uppercase tracking-wide text-slate-600';

export function OperationCard({ entry, schemas }: { entry: ReferenceOperation; schemas: Record<string, Schema> }) {
  const { method, path, auth } = entry;
  const operation = entry.operation as typeof entry.operation & {
    parameters?: Parameter[];
    requestBody?: { description?: string; content: Content };
  };
  const id = operation.operationId;
  return (
    <article
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h3 id={`${id}-title`} className="flex flex-wrap items-center gap-3">
        <MethodBadge method={method} />
        <code className="break-all text-base font-semibold">{path}</code>
      </h3>
      <p className="mt-2 font-medium">
        <Prose text={operation.summary} />
      </p>
      {operation.description ? (
        <p className="mt-1 text-slate-700">
          <Prose text={operation.description} />
        </p>
      ) : null}
      <p className="mt-2 text-sm">
        <span className="text-slate-600">Authentication:</span> {auth}
      </p>
      {operation.parameters?.length ? (
        <section className="mt-4" aria-labelledby={`${id}-parameters`}>
          <h4 id={`${id}-parameters`} className={subheading}>
            Parameters
          </h4>
          <ParametersTable
            parameters={operation.parameters}
            caption={`Parameters of ${method.toUpperCase()} ${path}`}
          />
        </section>
      ) : null}
      {operation.requestBody ? (
        <section className="mt-4" aria-labelledby={`${id}-body`}>
          <h4 id={`${id}-body`} className={subheading}>
            Request body
          </h4>
          {operation.requestBody.description ? (
            <p className="text-sm text-slate-700">
              <Prose text={operation.requestBody.description} />
            </p>
          ) : null}
          <ContentSchema content={operation.requestBody.content} schemas={schemas} />
        </section>
      ) : null}
      <section className="mt-4" aria-labelledby={`${id}-responses`}>
        <h4 id={`${id}-responses`} className={subheading}>
          Responses
        </h4>
        <ResponsesList responses={operation.responses} schemas={schemas} />
      </section>
    </article>
  );
}
