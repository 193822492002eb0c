// Reading a JSON request body: content type, a size limit enforced while reading, and clear errors.
import { ApiError } from '@/lib/api/errors';
import { assertNestingWithinLimit } from '@/lib/api/storable-json';

export const MAX_JSON_BODY_BYTES = 1024 * 1024;

export async function readJsonBody(request: Request, limit = MAX_JSON_BODY_BYTES): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    throw new ApiError('unsupported_media_type', 'Send the body as JSON (Content-Type: application/json).');
  }
  const text = await readText(request, limit);
  if (!text.trim()) throw new ApiError('malformed_json', 'The request body is empty; send a JSON object.');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError('malformed_json', 'The request body is not valid JSON.');
  }
  assertNestingWithinLimit(body);
  return body;
}

async function readText(request: Request, limit: number): Promise<string> {
  return new TextDecoder('utf-8', { fatal: false }).decode(await readBytes(request, limit));
}

/** The raw body, refused (413) as soon as it passes `limit` bytes, declared or not. */
export async function readBytes(request: Request, limit: number): Promise<Buffer> {
  const tooLarge = () => new ApiError('payload_too_large', `The request body is larger than ${limit / 1024} KiB.`);
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch((error: unknown) => {
      throw bodyCutOff(request, error);
    });
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * The client went away in the middle of its body (a closed tab, a lost connection): nobody reads the
 * answer and there is nothing to debug, so the log gets one line, without a stack.
 */
function bodyCutOff(request: Request, error: unknown): ApiError {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  const reason = String(code ?? message ?? error).split('\n')[0];
  console.warn(
    `[api] ${request.method} ${new URL(request.url).pathname}: the client stopped sending the body (${reason})`,
  );
  return new ApiError('malformed_request', 'The request body ended before it was complete.');
}
