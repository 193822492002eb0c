// The wrapper every route handler goes through: authentication, zod parsing of params, query and
// body, and the mapping of errors to the contract's `{ code, message, fields? }` bodies.
import type { z } from 'zod';
import { ApiError, invalidField, type ErrorCode } from '@/lib/api/errors';
import { readJsonBody } from '@/lib/api/body';
import { assertStorableJson, isStorableText } from '@/lib/api/storable-json';
import { authenticateRequest, type AuthMode, type CallerFor } from '@/lib/access/authenticate';

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

interface ApiOptions<A extends AuthMode, B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType> {
  auth: A;
  /** The body's schema, or a function that gives it (a schema built from what services registered at start-up). */
  body?: B | (() => B);
  query?: Q;
  params?: P;
  /** The code answered when a path parameter is malformed (an id that cannot exist is unknown). */
  notFound?: ErrorCode;
  /** Throws `rate_limited` when the caller has used up its allowance; runs before anything else. */
  rateLimit?: (request: Request, rawParams: Record<string, unknown>) => Promise<void> | void;
  handler: (input: {
    caller: CallerFor<A>;
    body: z.output<B>;
    query: z.output<Q>;
    params: z.output<P>;
    request: Request;
  }) => Promise<Response | object>;
}

export function withApi<
  A extends AuthMode,
  B extends z.ZodType = z.ZodUnknown,
  Q extends z.ZodType = z.ZodUnknown,
  P extends z.ZodType = z.ZodUnknown,
>(options: ApiOptions<A, B, Q, P>) {
  return async (request: Request, context: RouteContext): Promise<Response> => {
    try {
      await options.rateLimit?.(request, (await context.params) ?? {});
      const params = await parseParams(options, context);
      const caller = await authenticateRequest(request, options.auth);
      const query = parseQuery(options.query, request);
      const schema = typeof options.body === 'function' ? options.body() : options.body;
      const body = schema ? schema.safeParse(await readJsonBody(request)) : undefined;
      if (body && !body.success) {
        throw new ApiError('validation_failed', 'The request body is not valid.', zodFields(body.error));
      }
      if (body) assertStorableJson(body.data);
      const result = await options.handler({
        caller,
        params,
        query,
        body: body?.data,
        request,
      } as Parameters<typeof options.handler>[0]);
      return result instanceof Response ? result : json(result);
    } catch (error) {
      return errorResponse(error, request);
    }
  };
}

async function parseParams(options: { params?: z.ZodType; notFound?: ErrorCode }, context: RouteContext) {
  if (!options.params) return undefined;
  const raw = await context.params;
  // A segment the database cannot even compare (`%00`) names nothing, whatever the route's schema says.
  const storable = Object.values(raw ?? {})
    .flat()
    .every((value) => value === undefined || isStorableText(value));
  const parsed = storable ? options.params.safeParse(raw) : undefined;
  if (!parsed?.success) throw new ApiError(options.notFound ?? 'not_found', 'Not found.');
  return parsed.data;
}

function parseQuery(schema: z.ZodType | undefined, request: Request) {
  if (!schema) return undefined;
  const values = Object.fromEntries(new URL(request.url).searchParams);
  // Checked before the schema, so that no route's filter can hand PostgreSQL a value it refuses (a 500).
  for (const [name, value] of Object.entries(values)) {
    if (!isStorableText(value)) throw invalidField(name, 'contains a NUL character, which no stored value can contain');
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    throw new ApiError('invalid_parameter', 'A query parameter is not valid.', zodFields(parsed.error));
  }
  return parsed.data;
}

/** zod issues as the contract's `fields`: one reason per dotted path (`data.tax_id.code`). */
function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[base ? `${base}.${key}` : key] ??= 'unknown field';
      continue;
    }
    fields[base || 'body'] ??= issue.message;
  }
  return fields;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

export function errorResponse(error: unknown, request?: Request): Response {
  if (error instanceof ApiError) return json(error.toBody(), error.status, error.headers);
  const where = request ? `${request.method} ${new URL(request.url).pathname}` : 'request';
  console.error(`[api] ${where} failed:`, error);
  return json({ code: 'internal_error', message: 'Something went wrong on our side.' }, 500);
}

/** An idempotent create's answer: `createdStatus` when this call made it, 200 when it already existed. */
export function createdOrStored<T>(result: { created: boolean; value: T }, createdStatus: 201 | 202): Response {
  return json(result.value, result.created ? createdStatus : 200);
}

/**
 * What a JSON answer a browser may open by hand carries in place of a page's policy: it runs nothing, loads
 * nothing and is framed by nobody (the proxy, which gives pages theirs, does not see the services' paths).
 */
const JSON_404_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Handlers for every method of a path no service defines: a JSON 404 rather than an HTML page. */
export function unknownPathHandlers() {
  const handler = async (request: Request) =>
    json({ code: 'not_found', message: `No such endpoint: ${request.method} ${new URL(request.url).pathname}` }, 404, {
      'content-security-policy': JSON_404_POLICY,
    });
  return { GET: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler };
}
