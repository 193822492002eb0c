// The document read back for people (the /docs/api page): operations grouped by tag, in the
// registry's order, with the auth said in words and the error codes by status.
import type { AuthMode } from '@/lib/access/authenticate';
import type { OpenApiDocument } from '@/lib/openapi/document';
import { AUTH_LABELS, SECURITY_BY_AUTH } from '@/lib/openapi/security';

type Operation = OpenApiDocument['paths'][string][string];

export interface ReferenceOperation {
  method: string;
  path: string;
  operation: Operation;
  auth: string;
}

export interface ReferenceGroup {
  tag: string;
  description: string;
  operations: ReferenceOperation[];
}

export function referenceGroups(document: OpenApiDocument): ReferenceGroup[] {
  const operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      method,
      path,
      operation,
      auth: authLabel(operation.security),
    })),
  );
  return document.tags
    .map((tag) => ({
      tag: tag.name,
      description: tag.description,
      operations: operations.filter((o) => o.operation.tags.includes(tag.name)),
    }))
    .filter((group) => group.operations.length > 0);
}

function authLabel(security: unknown): string {
  const said = JSON.stringify(security);
  const mode = (Object.keys(SECURITY_BY_AUTH) as AuthMode[]).find(
    (candidate) => JSON.stringify(SECURITY_BY_AUTH[candidate]) === said,
  );
  return mode ? AUTH_LABELS[mode] : said;
}

/** The codes an error response narrows `code` to (see lib/openapi/operation), else none. */
export function errorCodesOf(response: unknown): string[] {
  const schema = (
    response as { content?: Record<string, { schema?: { properties?: { code?: { enum?: string[] } } } }> }
  ).content?.['application/json']?.schema;
  return schema?.properties?.code?.enum ?? [];
}

/** `#/components/schemas/Entry` → `Entry`. */
export const refName = (ref: string) => ref.split('/').at(-1) ?? ref;
