// The source files under a folder (or the one file named), in a stable order: what the guard tests that
// read the product's code (where statements live, what writes entries, what keeps process state, which
// modules are server-only) walk.
import fs from 'node:fs';
import path from 'node:path';

/** Every file under `target` whose name matches `extensions` (TypeScript and JavaScript modules by default). */
export function* sourceFiles(target: string, extensions = /\.(ts|tsx|mts|mjs|js)$/): Generator<string> {
  if (!fs.existsSync(target)) return;
  if (fs.statSync(target).isDirectory()) {
    for (const name of fs.readdirSync(target).sort()) yield* sourceFiles(path.join(target, name), extensions);
  } else if (extensions.test(target)) {
    yield target;
  }
}
