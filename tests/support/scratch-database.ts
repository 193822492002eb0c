// A throwaway database on the PostgreSQL server named by DATABASE_URL, for one test file or server.
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

async function onServer(serverUrl: string, statement: string) {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Creates an empty database beside the one `serverUrl` names and returns its URL. */
export async function createScratchDatabase(serverUrl: string, prefix = 'test'): Promise<string> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropScratchDatabase(serverUrl: string, databaseUrl: string): Promise<void> {
  await onServer(serverUrl, `drop database if exists "${new URL(databaseUrl).pathname.slice(1)}" with (force)`);
}
