// Reading a JSON request body: content type, a size limit enforced while reading, and clear errors.
import { ApiError } from './errors';
import { assertStorableJson } from './storable-json';

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
  assertStorableJson(body);
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
    const { done, value } = await reader.read();
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
