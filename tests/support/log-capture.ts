// Everything the code under test logs while a capture is on: the console's methods and direct writes to
// stdout and stderr, as text, so a test can look for secrets that must never reach a log line. The
// spies call through, so the output still shows; objects are rendered in full, as a JSON logger would.
import { inspect } from 'node:util';
import { vi, type MockInstance } from 'vitest';

export interface LogCapture {
  /** Every captured line so far, joined with newlines. */
  text(): string;
  lineCount(): number;
  restore(): void;
}

const render = (args: unknown[]) =>
  args
    .map((arg) =>
      typeof arg === 'string'
        ? arg
        : inspect(arg, { depth: Infinity, maxArrayLength: Infinity, maxStringLength: Infinity }),
    )
    .join(' ');

export function captureLogs(): LogCapture {
  const consoleSpies: MockInstance[] = (['log', 'info', 'warn', 'error', 'debug', 'trace'] as const).map((method) =>
    vi.spyOn(console, method),
  );
  const streamSpies: MockInstance[] = [process.stdout, process.stderr].map((stream) => vi.spyOn(stream, 'write'));
  const lines = () => [
    ...consoleSpies.flatMap((spy) => spy.mock.calls.map((args) => render(args))),
    ...streamSpies.flatMap((spy) =>
      spy.mock.calls.map(([chunk]) =>
        typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'),
      ),
    ),
  ];
  return {
    text: () => lines().join('\n'),
    lineCount: () => lines().length,
    restore: () => {
      for (const spy of [...consoleSpies, ...streamSpies]) spy.mockRestore();
    },
  };
}
