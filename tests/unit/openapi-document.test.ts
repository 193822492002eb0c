// GET /openapi.json is valid OpenAPI 3.1: the official schema (swagger-parser), and what that schema
// cannot see: every $ref resolves, operationIds are unique, path parameters match their templates,
// and every zod schema converted (nothing left unrepresentable).
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '@/lib/openapi/document';
import { UNREPRESENTABLE } from '@/lib/openapi/json-schema';
import * as openApiRoute from '@/app/openapi.json/route';
import { call } from '@/tests/support/call';

const document = openApiDocument();
const operations = Object.entries(document.paths).flatMap(([template, byMethod]) =>
  Object.entries(byMethod).map(([method, operation]) => ({ template, method, operation })),
);

/** Every value in the document with its JSON pointer. */
function* walk(value: unknown, pointer = '#'): Generator<[string, unknown]> {
  yield [pointer, value];
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value))
      yield* walk(child, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
  }
}

function resolve(ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      document,
    );
}

describe('the OpenAPI document', () => {
  it('validates against the OpenAPI 3.1 schema', async () => {
    // validate() dereferences what it is given in place, hence the copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('has every $ref resolve inside the document', () => {
    const dangling = [...walk(document)]
      .filter(
        ([pointer, value]) => pointer.endsWith('/$ref') && (typeof value !== 'string' || resolve(value) === undefined),
      )
      .map(([pointer, value]) => `${pointer} → ${String(value)}`);
    expect(dangling).toEqual([]);
  });

  it('converted every zod schema', () => {
    const gaps = [...walk(document)]
      .filter(([pointer]) => pointer.endsWith(`/${UNREPRESENTABLE}`))
      .map(([pointer]) => pointer);
    expect(gaps, 'annotate these in lib/openapi/annotations.ts').toEqual([]);
  });

  it('has unique operationIds', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.template}`, o] as const))(
    '%s declares its path parameters',
    (_, { template, operation }) => {
      const inTemplate = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
      const declared = (operation.parameters ?? [])
        .filter((p) => p.in === 'path')
        .map((p) => p.name)
        .sort();
      expect(declared).toEqual(inTemplate);
    },
  );

  it('answers every operation with a success and names only declared tags and security schemes', () => {
    const tags = new Set(document.tags.map((tag) => tag.name));
    const schemes = new Set(Object.keys(document.components.securitySchemes));
    for (const { operation } of operations) {
      expect(Object.keys(operation.responses).some((status) => status.startsWith('2'))).toBe(true);
      expect(operation.tags.every((tag) => tags.has(tag))).toBe(true);
      expect(
        operation.security.flatMap((requirement) => Object.keys(requirement)).every((name) => schemes.has(name)),
      ).toBe(true);
    }
  });
});

describe('GET /openapi.json', () => {
  it('answers the document as JSON, with no token', async () => {
    const { status, body, headers } = await call(openApiRoute.GET, { path: '/openapi.json' });
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(body).toEqual(JSON.parse(JSON.stringify(document)));
  });
});
