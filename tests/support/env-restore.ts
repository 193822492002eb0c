// Tests that set environment variables freely put each named one back after every test.
import { afterEach } from 'vitest';

/** After each test of the file, `names` are as they were when it was loaded (unset stays unset). */
export function restoreEnvAfterEach(names: readonly string[]): void {
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  afterEach(() => {
    for (const name of names) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });
}
