// Malformed JSON request bodies as fast-check arbitraries: a valid body with fields removed, replaced
// or added (prototype keys included), any JSON at all, and bodies that are not JSON. Edits are plain
// data, so a counterexample prints readably and shrinks.
import fc from 'fast-check';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type JsonEdit =
  | { kind: 'remove'; at: number }
  | { kind: 'replace'; at: number; value: Json }
  | { kind: 'add'; at: number; key: string; value: Json }
  | { kind: 'wrap'; at: number };

/** Keys that mean something to JavaScript objects: a parser or a spread that trusts them can be polluted. */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'then',
];

const pollution: fc.Arbitrary<Json> = fc.constantFrom(
  { polluted: true },
  JSON.parse('{"__proto__":{"polluted":true}}') as Json,
  { prototype: { polluted: true } },
  { constructor: { prototype: { polluted: true } } },
);
/** Values a schema may not expect: any JSON, long or odd strings and numbers, and pollution attempts. */
export const oddJsonValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  {
    weight: 1,
    // NUL and unpaired surrogates: valid in JSON text (as \u escapes), refused by PostgreSQL's text and jsonb.
    arbitrary: fc.constantFrom<Json>(
      '',
      ' ',
      '0',
      '-1',
      '1e400',
      'null',
      'true',
      'a\u0000b',
      '\ud800',
      'x\udfff',
      'x'.repeat(5000),
      '30-71234567-1',
      '2026-02-30',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom<Json>(0, -0, -1, 1e308, Number.MAX_SAFE_INTEGER + 2, 0.1, []) },
  { weight: 1, arbitrary: pollution },
);
const key = fc.oneof(
  fc.constantFrom(...PROTOTYPE_KEYS),
  fc.constantFrom('$schema', '', 'id', 'owner_id', 'status', 'meta', 'nul\u0000', '\ud800'),
  fc.string({ maxLength: 12 }),
);
const at = fc.nat({ max: 1000 });

/** Edits whose new values are odd ones or, as often, `alternatives`: well-formed values that reach the business rules. */
export function jsonEditArbitrary(alternatives: readonly Json[] = []): fc.Arbitrary<JsonEdit> {
  const value = alternatives.length
    ? fc.oneof({ weight: 1, arbitrary: oddJsonValue }, { weight: 2, arbitrary: fc.constantFrom(...alternatives) })
    : oddJsonValue;
  return fc.oneof(
    fc.record({ kind: fc.constant('remove' as const), at }),
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('replace' as const), at, value }) },
    fc.record({ kind: fc.constant('add' as const), at, key, value }),
    fc.record({ kind: fc.constant('wrap' as const), at }),
  );
}

type Path = (string | number)[];

function pathsOf(value: Json, path: Path = []): Path[] {
  const here = [path];
  if (Array.isArray(value)) return here.concat(...value.map((item, i) => pathsOf(item, [...path, i])));
  if (value && typeof value === 'object')
    return here.concat(...Object.entries(value).map(([k, v]) => pathsOf(v, [...path, k])));
  return here;
}

/** An own property, even for `__proto__`, whose plain assignment would set the prototype instead. */
function setOwn(target: Record<string, Json> | Json[], name: string | number, value: Json) {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}

export function applyJsonEdit(body: Json, edit: JsonEdit): Json {
  const copy = JSON.parse(JSON.stringify(body)) as Json; // JSON.parse keeps `__proto__` keys as own properties
  const paths = pathsOf(copy);
  const path = paths[edit.at % paths.length]!;
  if (path.length === 0) {
    if (edit.kind === 'remove') return null;
    if (edit.kind === 'replace') return edit.value;
    if (edit.kind === 'wrap') return [copy];
    if (!copy || typeof copy !== 'object' || Array.isArray(copy)) return { [edit.key]: copy };
    setOwn(copy, edit.key, edit.value);
    return copy;
  }
  const parent = path.slice(0, -1).reduce<Json>((node, step) => (node as Record<string, Json>)[step]!, copy) as
    | Record<string, Json>
    | Json[];
  const last = path.at(-1)!;
  const target = (parent as Record<string, Json>)[last]!;
  switch (edit.kind) {
    case 'remove':
      if (Array.isArray(parent)) parent.splice(last as number, 1);
      else delete parent[last];
      break;
    case 'replace':
      setOwn(parent, last, edit.value);
      break;
    case 'wrap':
      setOwn(parent, last, [target]);
      break;
    case 'add':
      if (target && typeof target === 'object' && !Array.isArray(target)) setOwn(target, edit.key, edit.value);
      else if (Array.isArray(target)) target.push(edit.value);
      else setOwn(parent, last, { [edit.key]: target } as Json);
      break;
  }
  return copy;
}

/** The body's JSON text after one or two edits (more would leave hardly any body valid past the schema). */
export const editedBody = (body: Json, alternatives: readonly Json[] = []) =>
  fc
    .array(jsonEditArbitrary(alternatives), { minLength: 1, maxLength: 2 })
    .map((edits) => JSON.stringify(edits.reduce(applyJsonEdit, body)));

/** Bodies for a JSON endpoint whose valid body is `body`: mostly edits of it, else any JSON or none. */
export const malformedBody = (body: Json, alternatives: readonly Json[] = []): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: editedBody(body, alternatives) },
    { weight: 2, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
    {
      weight: 1,
      arbitrary: fc
        .anything({
          withBoxedValues: true,
          withMap: true,
          withSet: true,
          withNullPrototype: true,
          withObjectString: true,
        })
        .map((value) => JSON.stringify(value) ?? 'undefined'),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...PROTOTYPE_KEYS)
        .map((name) => `{"${name}":{"polluted":true},${JSON.stringify(body).slice(1)}`),
    },
  );

export type { Json };
