// Holds a real answer against what the OpenAPI registry documents for it: the success body parses
// with the documented zod schema, an error is the error body with a code documented for its status.
import { expect } from 'vitest';
import { findEndpoint } from '@/lib/openapi/endpoints';
import { errorsByStatus } from '@/lib/openapi/errors';
import { ErrorBody } from '@/lib/responses/common';

interface Answer {
  status: number;
  body: unknown;
}

export function expectDocumented(operation: string, answer: Answer): void {
  const [method = '', template = ''] = operation.split(' ');
  const endpoint = findEndpoint(method, template);
  if (!endpoint) throw new Error(`${operation} is not in lib/openapi/endpoints`);
  const where = `${operation} → ${answer.status}`;
  const documented = endpoint.responses[answer.status];
  if (documented) {
    if (!documented.schema) {
      expect(answer.body, where).toBeUndefined();
      return;
    }
    const parsed = documented.schema.safeParse(answer.body);
    expect(parsed.success ? [] : parsed.error.issues, `${where}: the body differs from the documented schema`).toEqual(
      [],
    );
    return;
  }
  const codes = errorsByStatus(endpoint).find(([status]) => status === answer.status)?.[1] ?? [];
  expect(codes.length, `${where}: this status is not documented`).toBeGreaterThan(0);
  const parsed = ErrorBody.safeParse(answer.body);
  expect(parsed.success ? [] : parsed.error.issues, `${where}: not the documented error body`).toEqual([]);
  expect(codes, `${where}: the code is not documented`).toContain((answer.body as { code: string }).code);
}
