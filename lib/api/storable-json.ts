// What a parsed JSON body must be for the database to take it: PostgreSQL's text and jsonb refuse NUL
// characters and unpaired UTF-16 surrogates (both are valid JSON as \u escapes), and storing walks a body
// recursively, so a few thousand levels of nesting, well within the size limit, overflow the stack.
// The same characters in a query or path parameter fail the query that compares them (lib/http/with-api.ts).
import { ApiError, invalidField } from '@/lib/api/errors';

/** Far deeper than any GOBL document. */
const MAX_JSON_DEPTH = 100;

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what PostgreSQL cannot store in text or jsonb.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_REASON =
  'contains a NUL character or an unpaired surrogate (\\u0000, \\ud800...), which cannot be stored';

/** Whether PostgreSQL takes this text as a value at all (in a row, or as a query's parameter). */
export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

interface Visit {
  value: unknown;
  depth: number;
  key?: string;
  parent?: Visit;
}

/** The dotted path of a visit, as zod issues name fields (`data.lines.0.name`). */
function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) keys.unshift(at.key);
  return keys.join('.') || 'body';
}

/** An array or a plain object: what JSON is made of (a schema's output may hold class instances; they serialise apart). */
const isJsonContainer = (value: unknown): value is object =>
  Array.isArray(value) ||
  (value !== null &&
    typeof value === 'object' &&
    [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null));

/** Throws 400 for a body nested past MAX_JSON_DEPTH: checked as it is read, before any schema walks it. */
export function assertNestingWithinLimit(body: unknown): void {
  // A stack of its own rather than recursion: the point is not to overflow the call stack.
  const pending: { value: unknown; depth: number }[] = [{ value: body, depth: 1 }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { value, depth } = visit;
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_JSON_DEPTH) {
      throw new ApiError(
        'malformed_request',
        `The request body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep.`,
      );
    }
    for (const child of Object.values(value)) pending.push({ value: child, depth: depth + 1 });
  }
}

/**
 * Throws 422 naming the first string or key the database would refuse. Run on what the body's schema made of
 * it (a bare invoice wrapped into its envelope), so the path names the stored form, as every other refusal
 * does (`data.doc.lines.0.item.name`).
 */
export function assertStorableJson(body: unknown): void {
  const pending: Visit[] = [{ value: body, depth: 1 }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { value, depth } = visit;
    if (typeof value === 'string' && UNSTORABLE.test(value)) throw invalidField(pathOf(visit), UNSTORABLE_REASON);
    if (!isJsonContainer(value)) continue;
    for (const [key, child] of Object.entries(value)) {
      const next = { value: child, depth: depth + 1, key, parent: visit };
      if (UNSTORABLE.test(key)) throw invalidField(pathOf(next), `its name ${UNSTORABLE_REASON}`);
      pending.push(next);
    }
  }
}
