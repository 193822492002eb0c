// Small tools for tests of our authority clients: environment overrides, throwaway HTTP servers (a
// recorder, one that never answers, a port nobody listens on) and reading an AuthorityError.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { AuthorityError } from '@/lib/authority/authority-error';

/** Runs `action` with the variables set (undefined unsets), restoring them afterwards, also for a promise. */
export function withEnv<T>(variables: Record<string, string | undefined>, action: () => T): T {
  const saved = Object.fromEntries(Object.keys(variables).map((name) => [name, process.env[name]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  apply(variables);
  let result: T;
  try {
    result = action();
  } catch (error) {
    apply(saved);
    throw error;
  }
  if (result instanceof Promise) return result.finally(() => apply(saved)) as T;
  apply(saved);
  return result;
}

export interface LocalServer {
  url: string;
  stop(): Promise<void>;
}

/** An HTTP server on a free loopback port, handled by `handler`. */
export async function listen(handler: http.RequestListener): Promise<LocalServer> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A loopback port that was free a moment ago and that nothing listens on now. */
export async function closedPort(): Promise<number> {
  const server = await listen(() => undefined);
  await server.stop();
  return Number(new URL(server.url).port);
}

/** The AuthorityError the promise rejects with (failing the test when it resolves or throws anything else). */
export async function problemOf(promise: Promise<unknown>): Promise<AuthorityError> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected an AuthorityError, got ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(AuthorityError);
  return outcome.error as AuthorityError;
}
