// One endpoint of the registry as an OpenAPI operation: security from its auth mode, parameters from
// its params and query schemas, bodies as $refs to the named components, and its error codes.
import type { ErrorCode } from '@/lib/api/errors';
import { REQUEST_COMPONENTS, RESPONSE_COMPONENTS, componentId } from '@/lib/openapi/components';
import { errorsByStatus } from '@/lib/openapi/errors';
import { componentRef, type Schema } from '@/lib/openapi/json-schema';
import { parametersOf } from '@/lib/openapi/parameters';
import { SECURITY_BY_AUTH } from '@/lib/openapi/security';
import type { Endpoint, RequestBodySpec, ResponseSpec } from '@/lib/openapi/types';

const SOAP_TYPES = ['text/xml', 'application/soap+xml'];
const text: Schema = { type: 'string' };
const binary: Schema = { type: 'string', format: 'binary' };
/** Answered with these, the client should wait as long as Retry-After says before trying again. */
const RETRY_AFTER_STATUSES = new Set([429, 503]);

export function operationOf(endpoint: Endpoint) {
  const where = `${endpoint.method.toUpperCase()} ${endpoint.path}`;
  const parameters = parametersOf(endpoint);
  return {
    operationId: endpoint.operationId,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    security: SECURITY_BY_AUTH[endpoint.auth],
    ...(parameters.length ? { parameters } : {}),
    ...(endpoint.body ? { requestBody: requestBodyOf(endpoint.body, where) } : {}),
    responses: {
      ...Object.fromEntries(
        Object.entries(endpoint.responses).map(([status, spec]) => [status, responseOf(spec, where)]),
      ),
      ...Object.fromEntries(
        errorsByStatus(endpoint).map(([status, codes]) => [String(status), errorResponseOf(status, codes)]),
      ),
    },
  };
}

function requestBodyOf(body: RequestBodySpec, where: string) {
  if (body.kind === 'xml') {
    return {
      required: true,
      description: body.description,
      content: Object.fromEntries(SOAP_TYPES.map((type) => [type, { schema: text }])),
    };
  }
  const schema = { $ref: componentRef(componentId(REQUEST_COMPONENTS, body.schema, `${where} request body`)) };
  return {
    required: true,
    content: { [body.kind === 'json' ? 'application/json' : 'multipart/form-data']: { schema } },
  };
}

function responseOf(spec: ResponseSpec, where: string) {
  const headers =
    spec.headers &&
    Object.fromEntries(
      Object.entries(spec.headers).map(([name, description]) => [name, { description, schema: text }]),
    );
  const content =
    spec.format === 'soap'
      ? Object.fromEntries(SOAP_TYPES.map((type) => [type, { schema: text }]))
      : spec.format === 'pdf'
        ? { 'application/pdf': { schema: binary } }
        : spec.schema && {
            'application/json': {
              schema: { $ref: componentRef(componentId(RESPONSE_COMPONENTS, spec.schema, `${where} response`)) },
            },
          };
  return { description: spec.description, ...(headers ? { headers } : {}), ...(content ? { content } : {}) };
}

/** The error body, with `code` narrowed to what this operation answers with this status. */
function errorResponseOf(status: number, codes: ErrorCode[]) {
  return {
    description: `\`code\` is one of: ${codes.join(', ')}`,
    ...(RETRY_AFTER_STATUSES.has(status)
      ? { headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: text } } }
      : {}),
    content: {
      'application/json': {
        schema: { allOf: [{ $ref: componentRef('Error') }], properties: { code: { enum: codes } } },
      },
    },
  };
}
