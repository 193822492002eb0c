// The OpenAPI document names exactly the operations app/ serves: every exported method of every
// route.ts (catch-all 404 handlers aside), and nothing that does not exist.
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '@/lib/openapi/document';
import { appRoutes, HTTP_METHODS, pathTemplate } from '@/tests/support/app-routes';

async function servedOperations(): Promise<Set<string>> {
  const served = new Set<string>();
  for (const route of appRoutes()) {
    if (!route.template) continue;
    const module = (await import(route.file)) as Record<string, unknown>;
    for (const method of HTTP_METHODS)
      if (typeof module[method] === 'function') served.add(`${method} ${route.template}`);
  }
  return served;
}

const documentedOperations = () =>
  new Set(
    Object.entries(openApiDocument().paths).flatMap(([template, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${template}`),
    ),
  );

describe('OpenAPI coverage of app/**/route.ts', () => {
  it('reads Next folder names as path templates', () => {
    expect(pathTemplate('silo/v1/entries/[id]')).toBe('/silo/v1/entries/{id}');
    expect(pathTemplate('console/(signed-in)/session')).toBe('/console/session');
    expect(pathTemplate('emulator/[environment]/wsfev1/service.asmx')).toBe(
      '/emulator/{environment}/wsfev1/service.asmx',
    );
    expect(pathTemplate('silo/[...path]')).toBeUndefined();
  });

  it('documents every operation a route handler serves', async () => {
    const documented = documentedOperations();
    const missing = [...(await servedOperations())].filter((operation) => !documented.has(operation));
    expect(missing, 'served but not in lib/openapi/endpoints').toEqual([]);
  });

  it('documents no operation that no route handler serves', async () => {
    const served = await servedOperations();
    const extra = [...documentedOperations()].filter((operation) => !served.has(operation));
    expect(extra, 'in lib/openapi/endpoints but not served').toEqual([]);
  });
});
