// The OpenAPI 3.1 document of the public API, built from the endpoint registry and the very zod
// schemas the handlers parse with; made once per process (GET /openapi.json, /docs/api).
import { REQUEST_COMPONENTS, RESPONSE_COMPONENTS } from '@/lib/openapi/components';
import { ENDPOINTS } from '@/lib/openapi/endpoints';
import { convertComponents, type Schema } from '@/lib/openapi/json-schema';
import { operationOf } from '@/lib/openapi/operation';
import { SECURITY_SCHEMES } from '@/lib/openapi/security';
import { TAGS, type Endpoint } from '@/lib/openapi/types';
import { processSingleton } from '@/lib/process-singleton';

const DESCRIPTION = [
  'Onboards Argentine suppliers for electronic invoicing with AFIP/ARCA.',
  'Every service is versioned in its path (`/<service>/v<N>/...`). JSON in and out, except the certificate upload (multipart).',
  'Errors are `{ code, message, fields? }`; lists are `{ list, limit, next_cursor? }`, newest first.',
].join(' ');

export function buildOpenApiDocument(endpoints: readonly Endpoint[] = ENDPOINTS) {
  const paths: Record<string, Record<string, ReturnType<typeof operationOf>>> = {};
  for (const endpoint of endpoints)
    paths[endpoint.path] = { ...paths[endpoint.path], [endpoint.method]: operationOf(endpoint) };
  return {
    openapi: '3.1.0' as const,
    info: { title: 'AR supplier onboarding API', version: '1', description: DESCRIPTION },
    tags: TAGS.map((tag) => ({ ...tag })),
    paths,
    components: {
      schemas: mergeComponents(
        convertComponents(REQUEST_COMPONENTS, 'input'),
        convertComponents(RESPONSE_COMPONENTS, 'output'),
      ),
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

const document = processSingleton('openapi-document', (): { built?: OpenApiDocument } => ({}));

/** The document, built on first use: the schemas cannot change while the process runs. */
export function openApiDocument(): OpenApiDocument {
  document.built ??= buildOpenApiDocument();
  return document.built;
}

/** A name may be shared only by a schema that reads the same as request and as response (Party). */
function mergeComponents(requests: Record<string, Schema>, responses: Record<string, Schema>): Record<string, Schema> {
  for (const [id, schema] of Object.entries(responses)) {
    if (id in requests && JSON.stringify(requests[id]) !== JSON.stringify(schema)) {
      throw new Error(`Component ${id} reads differently as request and as response; give the two their own names.`);
    }
  }
  return { ...requests, ...responses };
}
