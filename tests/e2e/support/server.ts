// What the browser tests and playwright.config.ts agree on about the server under test.
import os from 'node:os';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3917);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The server's ADMIN_TOKEN, for specs that make their own workspace. */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token';
/** Where the server's start script writes the CAs its emulator signs with (the test PKI's, made per run). */
export const E2E_CA_DIR = process.env.E2E_CA_DIR ?? path.join(os.tmpdir(), `e2e-ca-${E2E_PORT}`);
