// Builds the Next app when there is no build of the current sources. The build records a fingerprint
// (paths, sizes and modification times of everything that goes into it) beside its BUILD_ID.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const INPUTS = [
  'app',
  'components',
  'lib',
  'public',
  'instrumentation.ts',
  'proxy.ts',
  'next.config.js',
  'tsconfig.json',
  'postcss.config.mjs',
  'package-lock.json',
  'tsconfig.build.json',
];
const distDir = path.join(root, process.env.NEXT_DIST_DIR || '.next');
const stampFile = path.join(distDir, 'source-fingerprint');

export const nextBin = () => createRequire(import.meta.url).resolve('next/dist/bin/next');

function* walk(target) {
  if (!fs.existsSync(target)) return;
  const stat = fs.statSync(target);
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(target).sort()) yield* walk(path.join(target, name));
  } else {
    yield `${path.relative(root, target)}:${stat.size}:${stat.mtimeMs}`;
  }
}

export function sourceFingerprint() {
  const hash = createHash('sha256');
  for (const input of INPUTS) for (const line of walk(path.join(root, input))) hash.update(`${line}\n`);
  return hash.digest('hex');
}

export function buildIsCurrent() {
  return (
    fs.existsSync(path.join(distDir, 'BUILD_ID')) &&
    fs.existsSync(stampFile) &&
    fs.readFileSync(stampFile, 'utf8') === sourceFingerprint()
  );
}

export function ensureBuild() {
  if (buildIsCurrent()) return;
  console.log('Building the app (first start, or the sources changed)...');
  const fingerprint = sourceFingerprint();
  const result = spawnSync(process.execPath, [nextBin(), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) {
    console.error('The build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
  fs.writeFileSync(stampFile, fingerprint);
}

if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) ensureBuild();
