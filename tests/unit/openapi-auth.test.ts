// The document's security is what the handlers enforce: every operation documented as needing a token
// answers 401 without one (the token check comes before any database work).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@/lib/ids';
import { openApiDocument } from '@/lib/openapi/document';
import { appRoutes } from '@/tests/support/app-routes';
import { call } from '@/tests/support/call';

type Handler = Parameters<typeof call>[0];

/** A well-formed value for each path parameter, so that the request reaches the token check. */
const SAMPLE_PARAMS: Record<string, () => string> = {
  id: newId,
  app_id: () => 'gov-ar',
  ref: () => 'a'.repeat(27),
  environment: () => 'sandbox',
  cuit: () => '30712345671',
};

const files = new Map(
  appRoutes()
    .filter((route) => route.template)
    .map((route) => [route.template!, route.file]),
);
const needsToken = Object.entries(openApiDocument().paths).flatMap(([template, byMethod]) =>
  Object.entries(byMethod)
    .filter(
      ([, operation]) =>
        operation.security.length > 0 &&
        !operation.security.some((alternative) => Object.keys(alternative).length === 0),
    )
    .map(([method]) => ({ name: `${method.toUpperCase()} ${template}`, template, method: method.toUpperCase() })),
);

const adminToken = process.env.ADMIN_TOKEN;
beforeAll(() => {
  process.env.ADMIN_TOKEN = 'test-admin-token';
});
afterAll(() => {
  if (adminToken === undefined) delete process.env.ADMIN_TOKEN;
  else process.env.ADMIN_TOKEN = adminToken;
});

describe('documented security', () => {
  it('covers the protected operations', () => expect(needsToken.length).toBeGreaterThan(10));

  it.each(needsToken.map((operation) => [operation.name, operation] as const))(
    '%s answers 401 without a token',
    async (_, { template, method }) => {
      const module = (await import(files.get(template)!)) as Record<string, Handler>;
      const names = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
      const params = Object.fromEntries(names.map((name) => [name, SAMPLE_PARAMS[name]!()]));
      const { status, body } = await call(module[method]!, {
        method,
        path: template,
        params,
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }),
      });
      expect(status).toBe(401);
      expect(body.code).toBe('unauthorized');
    },
  );
});
