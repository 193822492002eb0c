// Calls a route handler the way Next does: a Request, and params as a Promise.
import { recordResponse } from '@/tests/support/response-recorder';

type RouteHandler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface CallOptions {
  method?: string;
  path?: string;
  token?: string;
  body?: unknown;
  /** A raw body, sent as is (malformed JSON, other content types, bytes that are not UTF-8). */
  raw?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  query?: Record<string, string>;
}

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = any>(handler: RouteHandler, options: CallOptions = {}): Promise<CallResult<T>> {
  const url = new URL(options.path ?? '/', 'http://localhost');
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array<ArrayBuffer> | undefined = options.raw;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const request = new Request(url, { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  return resultOf(await handler(request, { params: Promise.resolve(options.params ?? {}) }));
}

/** The response as tests read it: status, parsed JSON body, headers (and its text to a recording, if on). */
export async function resultOf<T = any>(response: Response): Promise<CallResult<T>> {
  const text = await response.text();
  recordResponse(text);
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}
