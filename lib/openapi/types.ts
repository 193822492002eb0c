// The endpoint registry's vocabulary: one entry per public operation, holding the very zod schemas its
// route handler parses with, so the OpenAPI document cannot drift from what the handler accepts.
import type { z } from 'zod';
import type { AuthMode } from '@/lib/access/authenticate';
import type { ErrorCode } from '@/lib/api/errors';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export const TAGS = [
  { name: 'Access', description: 'Workspaces, apps and enrollment tokens (access/v1).' },
  { name: 'Silo', description: 'Supplier entries, invoice envelopes and their meta records (silo/v1).' },
  { name: 'Transform', description: 'Registration workflows and the jobs that run them (transform/v1).' },
  { name: 'Registration', description: "The wizard's own service, public by link ref (gov-ar/v1)." },
  {
    name: 'Taxpayers',
    description: "The authority's register of taxpayers (constancia de inscripción), for integrators (gov-ar/v1).",
  },
  { name: 'Console', description: "The console's browser session (a cookie holding the workspace API key)." },
  { name: 'Utils', description: 'Liveness and this document (utils/v1, /openapi.json).' },
  {
    name: 'Emulator',
    description:
      'The offline tax-authority emulator: its SOAP services and portal. Served only with AR_AUTHORITY=emulator.',
  },
] as const;
export type Tag = (typeof TAGS)[number]['name'];

export interface ResponseSpec {
  description: string;
  /** A schema named in lib/openapi/responses; none for an empty body. */
  schema?: z.ZodType;
  /** JSON unless said: the emulator's SOAP services answer XML (SOAP 1.1 or 1.2, as asked); an invoice's PDF is a file. */
  format?: 'json' | 'soap' | 'pdf';
  /** Response headers worth knowing: name → what it carries. */
  headers?: Record<string, string>;
}

/** JSON bodies and multipart forms carry a named zod schema; SOAP envelopes are described in words. */
export type RequestBodySpec =
  | { kind: 'json'; schema: z.ZodType }
  | { kind: 'multipart'; schema: z.ZodType }
  | { kind: 'xml'; description: string };

export interface Endpoint {
  method: HttpMethod;
  /** The path template, `{name}` for each dynamic segment (Next's `[name]` folder). */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: Tag;
  /** The route's `withApi({ auth })`. */
  auth: AuthMode;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: RequestBodySpec;
  /** The answers by status other than the `{ code, message }` errors, which are derived (lib/openapi/errors). */
  responses: Record<number, ResponseSpec>;
  /** The code a malformed or unknown path parameter answers (the route's `notFound`, else not_found). */
  notFound?: ErrorCode;
  /** Codes this operation answers beyond those its auth, body, query and params already imply. */
  errors?: readonly ErrorCode[];
}

export const jsonBody = (schema: z.ZodType): RequestBodySpec => ({ kind: 'json', schema });
export const multipartBody = (schema: z.ZodType): RequestBodySpec => ({ kind: 'multipart', schema });
export const answer = (
  schema: z.ZodType | undefined,
  description: string,
  extra: Omit<ResponseSpec, 'schema' | 'description'> = {},
): ResponseSpec => ({ schema, description, ...extra });
