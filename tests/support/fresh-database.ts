// Gives every integration test file a database of its own: a fresh PGlite directory, or, when
// DATABASE_URL is set, a fresh database on that PostgreSQL server (dropped afterwards).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll } from 'vitest';
import { closeDb } from '@/lib/db/client';
import { stopJobRunner } from '@/lib/transform/runner';

process.env.ADMIN_TOKEN = 'test-admin-token';
// Development files (the encryption key, the emulator's CAs) go to a directory of this file's own.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-onboarding-test-'));
process.env.DATA_DIR = dataDir;
process.env.REGISTRATION_URL = 'https://wizard.test';
process.env.WEBHOOK_ALLOW_PRIVATE ??= '1';

const serverUrl = process.env.DATABASE_URL;
if (serverUrl) {
  const { Client } = await import('pg');
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  afterAll(async () => {
    await stopJobRunner();
    await closeDb();
    const cleanup = new Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists "${name}" with (force)`);
    await cleanup.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
} else {
  afterAll(async () => {
    await stopJobRunner();
    await closeDb();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
}
