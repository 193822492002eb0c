// Which error codes an operation may answer: those its auth, body, query and path parameters imply
// (withApi's own checks), plus the ones its domain function raises, grouped by HTTP status.
import { ERROR_STATUS, type ErrorCode } from '@/lib/api/errors';
import type { Endpoint } from '@/lib/openapi/types';

const UNSAFE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

function errorCodes(endpoint: Endpoint): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  const add = (...list: readonly ErrorCode[]) => list.forEach((code) => codes.add(code));
  if (endpoint.auth !== 'none') add('unauthorized');
  // Wrong credentials are counted; past the guessing limits even a right one waits (lib/access/guessing-limits).
  if (endpoint.auth !== 'none') add('rate_limited');
  // An enrollment token is not enough for `workspace`; a server without ADMIN_TOKEN refuses `admin`.
  if (endpoint.auth === 'workspace' || endpoint.auth === 'admin') add('forbidden');
  // The console's cookie stands in for the bearer token; a change must then come from our own pages.
  if (endpoint.auth !== 'none' && endpoint.auth !== 'admin' && UNSAFE_METHODS.has(endpoint.method))
    add('csrf_rejected');
  // malformed_request: a JSON body nested deeper than lib/api/body allows.
  if (endpoint.body?.kind === 'json')
    add('malformed_json', 'malformed_request', 'unsupported_media_type', 'payload_too_large', 'validation_failed');
  if (endpoint.body?.kind === 'multipart') add('unsupported_media_type', 'malformed_request', 'file_too_large');
  // validation_failed: a query value PostgreSQL could not take (a NUL), named in `fields`.
  if (endpoint.query) add('invalid_parameter', 'validation_failed');
  if (endpoint.query && 'cursor' in endpoint.query.shape) add('invalid_cursor');
  // malformed_request: a path segment whose percent-encoding does not decode, answered before routing (proxy.ts).
  if (endpoint.params) add(endpoint.notFound ?? 'not_found', 'malformed_request');
  add(...(endpoint.errors ?? []));
  add('internal_error');
  return [...codes];
}

/** The codes by status, lowest status first; statuses the endpoint answers otherwise (SOAP faults) are left out. */
export function errorsByStatus(endpoint: Endpoint): [number, ErrorCode[]][] {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodes(endpoint)) {
    const status = ERROR_STATUS[code];
    if (endpoint.responses[status]) continue;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return [...byStatus].sort(([a], [b]) => a - b);
}
