// The two servers the bench measures, each in its own process: the built app (its own `.next-bench`
// build, a fresh embedded database, the emulator) and a bare node:http server answering ping's JSON.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startProduct, type RunningServer } from '@/tests/support/server-process';

export const BENCH_DIST_DIR = '.next-bench';
export const ADMIN_TOKEN = 'bench-admin-token';

// `next build` may point these at its distDir's types; other engineers' type checks and builds read
// them (and the build fingerprints their mtimes), so a rewrite is put back, bytes and mtime.
const GUARDED_FILES = ['tsconfig.json', 'tsconfig.build.json', 'next-env.d.ts'];

/** Builds into `.next-bench` when its sources changed (lib/cli/build.mjs), leaving `.next` alone. */
export async function ensureBenchBuild(): Promise<string[]> {
  const before = GUARDED_FILES.filter((file) => fs.existsSync(file)).map((file) => ({
    file,
    text: fs.readFileSync(file),
    stat: fs.statSync(file),
  }));
  process.env.NEXT_DIST_DIR = BENCH_DIST_DIR;
  const { ensureBuild } = await import('@/lib/cli/build.mjs');
  ensureBuild();
  const reverted: string[] = [];
  for (const { file, text, stat } of before) {
    const now = fs.readFileSync(file);
    if (now.equals(text)) continue;
    // Only our own rewrite goes back: a concurrent build of another distDir may have written it since.
    if (file !== 'next-env.d.ts' || now.includes(BENCH_DIST_DIR)) {
      fs.writeFileSync(file, text);
      fs.utimesSync(file, stat.atime, stat.mtime);
      reverted.push(file);
    }
  }
  return reverted;
}

export interface BenchApp {
  server: RunningServer;
  dataDir: string;
}

/** `node lib/cli/start.mjs` on a free port, an empty PGlite, the emulator, rate limits off (plus `extra` settings). */
export async function startBenchApp(extra: Record<string, string> = {}): Promise<BenchApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-bench-data-'));
  const unset = Object.fromEntries(
    Object.keys(process.env)
      .filter((key) => key.startsWith('AR_') || key === 'ENCRYPTION_KEY')
      .map((key) => [key, undefined]),
  );
  const server = await startProduct({
    ...unset,
    DATABASE_URL: undefined,
    DATA_DIR: dataDir,
    NEXT_DIST_DIR: BENCH_DIST_DIR,
    ADMIN_TOKEN,
    RATE_LIMITS: 'off', // the link endpoints are limited per client address; the bench is one address
    AR_AUTHORITY: 'emulator',
    ...extra,
  });
  await server.waitFor(/is up on/, 120_000);
  return { server, dataDir };
}

export interface BareServer {
  url: string;
  stop: () => Promise<void>;
}

/** tests/bench/bare-server.ts in its own node process, answering `body` with `headers`. */
export async function startBareServer(body: string, headers: Record<string, string>): Promise<BareServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('tests', 'bench', 'bare-server.ts')], {
    env: { ...process.env, BARE_PORT: String(port), BARE_BODY: body, BARE_HEADERS: JSON.stringify(headers) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
