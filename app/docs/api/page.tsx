// The API reference for people: the same document GET /openapi.json serves, grouped by tag.
import type { Metadata } from 'next';
import Link from 'next/link';
import { OperationCard } from '@/components/docs/operation-card';
import { ReferenceNav, tagAnchor } from '@/components/docs/reference-nav';
import { Prose } from '@/components/docs/prose';
import { SchemasSection } from '@/components/docs/schemas-section';
import { openApiDocument } from '@/lib/openapi/document';
import { referenceGroups } from '@/lib/openapi/reference';

export const metadata: Metadata = {
  title: 'API reference — AR supplier onboarding',
  description: 'Every endpoint of the supplier onboarding API: authentication, parameters, bodies and error codes.',
};

const link = 'font-medium text-sky-800 underline underline-offset-2';

export default function ApiReferencePage() {
  const document = openApiDocument();
  const groups = referenceGroups(document);
  return (
    // The reference is written in English, whatever language the wizard speaks to suppliers.
    <main lang="en" className="mx-auto max-w-5xl px-5 py-10">
      <p className="text-sm">
        <Link className={link} href="/">
          Home
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">API reference</h1>
      <p className="mt-3 leading-relaxed text-slate-700">
        <Prose text={document.info.description} />
      </p>
      <p className="mt-3">
        Machine-readable:{' '}
        <a className={link} href="/openapi.json">
          /openapi.json
        </a>{' '}
        (OpenAPI 3.1), generated from the same zod schemas the handlers validate with.
      </p>
      <div className="mt-8">
        <ReferenceNav groups={groups} />
      </div>
      {groups.map((group) => (
        <section key={group.tag} aria-labelledby={tagAnchor(group.tag)} className="mt-12">
          <h2 id={tagAnchor(group.tag)} className="scroll-mt-4 text-2xl font-semibold tracking-tight">
            {group.tag}
          </h2>
          <p className="mt-1 text-slate-700">
            <Prose text={group.description} />
          </p>
          <div className="mt-4 space-y-6">
            {group.operations.map((entry) => (
              <OperationCard key={entry.operation.operationId} entry={entry} schemas={document.components.schemas} />
            ))}
          </div>
        </section>
      ))}
      <SchemasSection schemas={document.components.schemas} />
    </main>
  );
}
