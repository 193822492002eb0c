// What Playwright's webServer runs: the built app as a user starts it (`node lib/cli/start.mjs`, which
// builds when needed) on a fresh data directory and, when DATABASE_URL names a PostgreSQL server, on a
// scratch database there. Both are removed when Playwright stops it (SIGTERM) or the app exits.
// The emulator signs with the test PKI's CAs (makeCa, one per environment), written to E2E_CA_DIR for
// the specs (another process, so another makeCa) to issue any certificate the authority would have
// issued (expired, not yet valid, EC, 1024-bit) with makeLeaf({ ca: e2eCa(environment) }).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_CA_DIR } from '@/tests/e2e/support/server';
import { makeCa } from '@/tests/support/pki';
import { createScratchDatabase, dropScratchDatabase } from '@/tests/support/scratch-database';

async function main() {
  const serverUrl = process.env.DATABASE_URL || undefined;
  const databaseUrl = serverUrl ? await createScratchDatabase(serverUrl, 'e2e') : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  // The test runner's NODE_ENV is not an operator's choice: without it the app runs as a plain `npm start` does.
  const inherited = Object.entries(process.env).filter(([key]) => key !== 'DATABASE_URL' && key !== 'NODE_ENV');
  const env: Record<string, string | undefined> = { ...Object.fromEntries(inherited), DATA_DIR: dataDir };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const caDir = E2E_CA_DIR;
  fs.rmSync(caDir, { recursive: true, force: true });
  fs.mkdirSync(caDir, { recursive: true, mode: 0o700 });
  for (const environment of ['sandbox', 'live'] as const) {
    const ca = makeCa(environment);
    const upper = environment.toUpperCase();
    fs.writeFileSync(path.join(caDir, `${environment}.crt`), ca.certificatePem);
    fs.writeFileSync(path.join(caDir, `${environment}.key`), ca.keyPem, { mode: 0o600 });
    env[`AR_EMULATOR_${upper}_CA_CERT`] = path.join(caDir, `${environment}.crt`);
    env[`AR_EMULATOR_${upper}_CA_KEY`] = path.join(caDir, `${environment}.key`);
  }

  const app = spawn(process.execPath, [path.join('lib', 'cli', 'start.mjs')], {
    stdio: 'inherit',
    env: env as NodeJS.ProcessEnv,
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.kill(signal));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    app.once('exit', (exitCode, exitSignal) => resolve([exitCode, exitSignal])),
  );

  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(caDir, { recursive: true, force: true });
  if (serverUrl && databaseUrl)
    await dropScratchDatabase(serverUrl, databaseUrl).catch((error: unknown) => console.error(error));
  process.exit(code ?? (signal ? 1 : 0));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
