// Gives every integration test file a database of its own: a fresh PGlite directory, or, when
// DATABASE_URL is set, a fresh database on that PostgreSQL server (dropped afterwards).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { closeDb } from '@/lib/db/client';
import { plugServices } from '@/lib/server/services';
import { stopJobRunner } from '@/lib/transform/runner';
import { createScratchDatabase, dropScratchDatabase } from '@/tests/support/scratch-database';

process.env.ADMIN_TOKEN = 'test-admin-token';
// What the server does at start-up: the Argentina app's folders, templates and tasks are registered.
plugServices();
// Development files (the encryption key, the emulator's CAs) go to a directory of this file's own.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-onboarding-test-'));
process.env.DATA_DIR = dataDir;
process.env.REGISTRATION_URL = 'https://wizard.test';
process.env.WEBHOOK_ALLOW_PRIVATE ??= '1';

const serverUrl = process.env.DATABASE_URL;
if (serverUrl) {
  const databaseUrl = await createScratchDatabase(serverUrl);
  process.env.DATABASE_URL = databaseUrl;
  afterAll(async () => {
    await stopJobRunner();
    await closeDb();
    await dropScratchDatabase(serverUrl, databaseUrl);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
} else {
  afterAll(async () => {
    await stopJobRunner();
    await closeDb();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
}
