// What Playwright's webServer runs: the built app as a user starts it (`node lib/cli/start.mjs`, which
// builds when needed) on a fresh data directory and, when DATABASE_URL names a PostgreSQL server, on a
// scratch database there. Both are removed when Playwright stops it (SIGTERM) or the app exits.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase, dropScratchDatabase } from './scratch-database';

async function main() {
  const serverUrl = process.env.DATABASE_URL || undefined;
  const databaseUrl = serverUrl ? await createScratchDatabase(serverUrl, 'e2e') : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  // The test runner's NODE_ENV is not an operator's choice: without it the app runs as a plain `npm start` does.
  const inherited = Object.entries(process.env).filter(([key]) => key !== 'DATABASE_URL' && key !== 'NODE_ENV');
  const env: Record<string, string | undefined> = { ...Object.fromEntries(inherited), DATA_DIR: dataDir };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;

  const app = spawn(process.execPath, [path.join('lib', 'cli', 'start.mjs')], { stdio: 'inherit', env: env as NodeJS.ProcessEnv });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.kill(signal));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    app.once('exit', (exitCode, exitSignal) => resolve([exitCode, exitSignal])));

  fs.rmSync(dataDir, { recursive: true, force: true });
  if (serverUrl && databaseUrl) await dropScratchDatabase(serverUrl, databaseUrl).catch((error: unknown) => console.error(error));
  process.exit(code ?? (signal ? 1 : 0));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
