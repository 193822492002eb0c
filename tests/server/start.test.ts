// `npm start` on a fresh data directory (or a fresh PostgreSQL database): it migrates, seeds the demo,
// prints a working API key and registration link, and survives being killed. In production it refuses
// an open emulator and a short ADMIN_TOKEN, and runs the emulator only when told to, behind ADMIN_TOKEN.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type RunningServer } from '@/tests/support/server-process';
import { createScratchDatabase, dropScratchDatabase } from '@/tests/support/scratch-database';

const serverUrl = process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ar-onboarding-start-'));
let databaseUrl: string | undefined;
const running: RunningServer[] = [];

async function start(extra: Record<string, string> = {}) {
  const server = await startProduct({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ADMIN_TOKEN: 'start-test-admin',
    ...extra,
  });
  running.push(server);
  return server;
}

beforeAll(async () => {
  if (serverUrl) databaseUrl = await createScratchDatabase(serverUrl, 'start');
});

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop('SIGKILL')));
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl && serverUrl) await dropScratchDatabase(serverUrl, databaseUrl);
});

describe(`npm start (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  let apiKey: string;
  let link: string;

  it('prints a demo API key and a registration link that work', async () => {
    const server = await start();
    apiKey = (await server.waitFor(/API key \(shown once\): (sk_test_\S+)/))[1]!;
    link = (await server.waitFor(/registration link: (\S+\/reg\/[A-Za-z0-9_-]+)/))[1]!;

    expect(await (await fetch(`${server.url}/utils/v1/ping`)).json()).toEqual({ ping: 'pong' });

    const entries = await (
      await fetch(`${server.url}/silo/v1/entries?folder=suppliers`, {
        headers: { authorization: `Bearer ${apiKey}` },
      })
    ).json();
    expect(entries.list).toHaveLength(1);
    expect(entries.list[0].status).toBe('Processing');
    expect(entries.list[0].meta[0]).toMatchObject({ src: 'gov-ar', key: 'link', link_url: link, link_scope: 'public' });

    const page = await fetch(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('30-71234567-1');
    expect(html).toContain('Panadería La Demostración');

    const home = await (await fetch(server.url)).text();
    expect(home).toContain(new URL(link).pathname);
    expect((await fetch(`${server.url}/reg/${'x'.repeat(27)}`)).status).toBe(404);
    await server.stop();
  });

  it('starts again after being killed, keeping its data and not seeding twice', async () => {
    const first = await start();
    await first.waitFor(/registration link: \S+/);
    await first.stop('SIGKILL');

    const second = await start();
    const again = (await second.waitFor(/registration link: (\S+)/))[1]!;
    expect(new URL(again).pathname).toBe(new URL(link).pathname);
    expect(second.output()).not.toContain('shown once');
    const entries = await (
      await fetch(`${second.url}/silo/v1/entries`, { headers: { authorization: `Bearer ${apiKey}` } })
    ).json();
    expect(entries.list).toHaveLength(1);
    await second.stop();
  });

  it.runIf(Boolean(serverUrl))('runs two instances on one PostgreSQL, migrating and seeding once', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    await Promise.all([a.waitFor(/registration link: \S+/), b.waitFor(/registration link: \S+/)]);
    for (const server of [a, b]) {
      const entries = await (
        await fetch(`${server.url}/silo/v1/entries`, { headers: { authorization: `Bearer ${apiKey}` } })
      ).json();
      expect(entries.list).toHaveLength(1);
    }
    const created = await fetch(`${a.url}/access/v1/workspaces`, {
      method: 'POST',
      headers: { authorization: 'Bearer start-test-admin', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Second', sandbox: true }),
    });
    expect(created.status).toBe(201);
    const { api_key: secondKey } = await created.json();
    const ping = await fetch(`${b.url}/silo/v1/entries`, { headers: { authorization: `Bearer ${secondKey}` } });
    expect(await ping.json()).toEqual({ list: [], limit: 20 });
  });

  it.runIf(!serverUrl)('refuses a second process on the same embedded database, saying why', async () => {
    const first = await start();
    await first.waitFor(/registration link: \S+/);
    const second = await start();
    await second.waitFor(/in use by process \d+/);
    await first.stop();
  });
});

describe(`npm start in production (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  const adminToken = randomBytes(32).toString('base64url');
  const inProduction = (env: Record<string, string>) =>
    start({
      NODE_ENV: 'production',
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ADMIN_TOKEN: adminToken,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'ar-onboarding-production-')),
      ...env,
    });

  it.each([
    [
      'the emulator without AR_EMULATOR_IN_PRODUCTION=1',
      { AR_AUTHORITY: 'emulator' },
      /AR_AUTHORITY=emulator in production.*AR_EMULATOR_IN_PRODUCTION=1/,
    ],
    [
      "AR_AUTHORITY=afip without the authority's CA certificates",
      { AR_AUTHORITY: 'afip' },
      /AR_SANDBOX_CA_CERT is not set; AR_LIVE_CA_CERT is not set/,
    ],
    [
      'an ADMIN_TOKEN under 32 characters',
      { AR_AUTHORITY: 'afip', ADMIN_TOKEN: 'start-test-admin' },
      /ADMIN_TOKEN is 16 characters long/,
    ],
  ])('refuses to start with %s: exits non-zero, saying why', async (_, env, message) => {
    const server = await inProduction(env);
    expect(await server.exited()).not.toBe(0);
    expect(server.output()).toMatch(message);
    expect(server.output()).not.toContain('is up on');
  });

  it("runs the emulator with AR_EMULATOR_IN_PRODUCTION=1, warning, its portal and pages the operator's alone", async () => {
    const server = await inProduction({ AR_AUTHORITY: 'emulator', AR_EMULATOR_IN_PRODUCTION: '1' });
    await server.waitFor(/is up on/);
    expect(server.output()).toMatch(/WARNING: the built-in emulator answers as the tax authority in production/);
    const addPointOfSale = (headers: Record<string, string>) =>
      fetch(`${server.url}/emulator/portal/points-of-sale`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ environment: 'live', cuit: '30712345671', number: 2 }),
      });
    expect((await addPointOfSale({})).status).toBe(401);
    expect((await addPointOfSale({ authorization: `Bearer ${adminToken}` })).status).toBe(201);

    const page = await fetch(`${server.url}/emulator`);
    expect(page.status).toBe(401);
    expect(page.headers.get('www-authenticate')).toMatch(/^Basic /);
    const basic = `Basic ${Buffer.from(`operador:${adminToken}`).toString('base64')}`;
    const opened = await fetch(`${server.url}/emulator`, { headers: { authorization: basic } });
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('Portal de ARCA (emulado)');
    // The browser sends the same Basic credentials with the page's own calls to the portal.
    expect((await addPointOfSale({ authorization: basic })).status).toBe(201);
    await server.stop();
  });
});
