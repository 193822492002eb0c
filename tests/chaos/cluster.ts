// The processes of a chaos pass. The authority is a process of its own: the built app with
// AR_AUTHORITY=emulator on its own embedded database, never killed, so that its book outlives every
// crash of ours, as the real authority's does. Our side is one or two app processes (PostgreSQL: two on
// one scratch database; embedded: one on a PGlite data directory) whose authority clients all go to that
// emulator (AR_EMULATOR_URL), so every workspace and process talks to the same book, and which trust its
// CAs (AR_EMULATOR_*_CA_*: the files the emulator made under its data directory).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_TOKEN } from '@/tests/bench/app-server';
import { createScratchDatabase, dropScratchDatabase } from '@/tests/support/scratch-database';
import { startProduct, type RunningServer } from '@/tests/support/server-process';

export type Storage = { kind: 'postgres'; serverUrl: string } | { kind: 'embedded' };

export interface ChaosCluster {
  emulatorUrl: string;
  /** The app processes up now (a killed one is missing until it is up again). */
  appUrls(): string[];
  /** SIGKILLs the app process `index`, starts it again with the same settings and waits until it is up. */
  killAndRestart(index: number): Promise<void>;
  appCount: number;
  /** Everything every process printed, for a failure's report. */
  logs(): string;
  stop(): Promise<void>;
}

/** A sender's lease outlives a killed process by the time limit plus 10 s: a short limit keeps settling short. */
const AUTHORITY_TIMEOUT_MS = '3000';
const START_MS = 120_000;

/** The settings every process shares: none of the caller's AR_* or keys, rate limits off (one client address). */
function baseEnv(): Record<string, string | undefined> {
  const unset = Object.fromEntries(
    Object.keys(process.env)
      .filter((key) => key.startsWith('AR_') || key === 'ENCRYPTION_KEY' || key === 'DATABASE_URL')
      .map((key) => [key, undefined]),
  );
  return { ...unset, ADMIN_TOKEN, RATE_LIMITS: 'off', AR_AUTHORITY: 'emulator' };
}

const tempDir = (label: string) => fs.mkdtempSync(path.join(os.tmpdir(), `ar-chaos-${label}-`));

async function up(env: Record<string, string | undefined>): Promise<RunningServer> {
  const server = await startProduct(env);
  await server.waitFor(/is up on/, START_MS);
  return server;
}

export async function startCluster(storage: Storage): Promise<ChaosCluster> {
  const dirs: string[] = [];
  const apps: (RunningServer | undefined)[] = [];
  let emulator: RunningServer | undefined;
  let databaseUrl: string | undefined;
  let finishedLogs = '';
  const stop = async () => {
    for (const app of apps) await app?.stop();
    await emulator?.stop();
    if (databaseUrl && storage.kind === 'postgres') await dropScratchDatabase(storage.serverUrl, databaseUrl);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const emulatorDir = tempDir('authority');
    dirs.push(emulatorDir);
    // The chaos compresses time (a kill every few seconds): WSAA's lockout after a ticket, which a process killed
    // between the authority's answer and our record of it waits out, is compressed with it (10 min in homologación).
    emulator = await up({ ...baseEnv(), DATA_DIR: emulatorDir, AR_EMULATOR_WSAA_LOCKOUT_SECONDS: '5' });
    const caFile = (environment: string, part: string) =>
      path.join(emulatorDir, 'emulator', `${environment}-ca.${part}`);
    databaseUrl = storage.kind === 'postgres' ? await createScratchDatabase(storage.serverUrl, 'chaos') : undefined;
    const shared = {
      ...baseEnv(),
      DATABASE_URL: databaseUrl,
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      AR_EMULATOR_URL: emulator.url,
      AR_AUTHORITY_TIMEOUT_MS: AUTHORITY_TIMEOUT_MS,
      AR_EMULATOR_SANDBOX_CA_CERT: caFile('sandbox', 'crt'),
      AR_EMULATOR_SANDBOX_CA_KEY: caFile('sandbox', 'key'),
      AR_EMULATOR_LIVE_CA_CERT: caFile('live', 'crt'),
      AR_EMULATOR_LIVE_CA_KEY: caFile('live', 'key'),
    };
    const appEnvs = Array.from({ length: storage.kind === 'postgres' ? 2 : 1 }, (_, i) => {
      const dir = tempDir(`app${i + 1}`);
      dirs.push(dir);
      return { ...shared, DATA_DIR: dir };
    });
    for (const env of appEnvs) apps.push(await up(env));
    const authority = emulator;
    return {
      emulatorUrl: authority.url,
      appCount: appEnvs.length,
      appUrls: () => apps.filter((app): app is RunningServer => app !== undefined).map((app) => app.url),
      async killAndRestart(index) {
        const victim = apps[index];
        if (!victim) return;
        apps[index] = undefined;
        await victim.stop('SIGKILL');
        finishedLogs += victim.output();
        apps[index] = await up(appEnvs[index]!);
      },
      logs: () => finishedLogs + apps.map((app) => app?.output() ?? '').join('') + authority.output(),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
