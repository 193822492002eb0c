// lib/db/pglite-prepared.ts drives PGlite below its public query API: its private mutexes
// (`_runExclusiveQuery`, `_runExclusiveTransaction`), its readiness check (`_checkReady`), the raw protocol
// call and its message (de)serialisers. None of that is promised across versions, so package.json pins
// PGlite to one exact version and this test fails, naming what moved, when an upgrade changes any of it.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';

const UPGRADE_ADVICE =
  'lib/db/pglite-prepared.ts relies on it (see lib/db/README.md). Read the new PGlite source for what replaced it and ' +
  'adapt that module, or set DB_SPEED_LAYER=off and drop the module, before moving the pin in package.json.';

const readJson = (file: string) =>
  JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string; dependencies: Record<string, string> };

/** Fails with the member's name, what we expect of it, and what to do. */
function expectMember(owner: object, ownerName: string, name: string, arity: number): void {
  const member = (owner as Record<string, unknown>)[name];
  if (typeof member !== 'function') {
    throw new Error(`PGlite's ${ownerName}.${name} is gone (found ${typeof member}). ${UPGRADE_ADVICE}`);
  }
  if (member.length !== arity) {
    throw new Error(
      `PGlite's ${ownerName}.${name} now takes ${member.length} parameters, not ${arity}. ${UPGRADE_ADVICE}`,
    );
  }
}

describe('the PGlite internals the prepared-statement layer uses', { timeout: 60_000 }, () => {
  it('belong to the one PGlite version package.json pins exactly', () => {
    const pinned = readJson(path.join(process.cwd(), 'package.json')).dependencies['@electric-sql/pglite'];
    const installed = readJson(
      path.join(process.cwd(), 'node_modules', '@electric-sql', 'pglite', 'package.json'),
    ).version;
    expect(
      pinned,
      'package.json must pin @electric-sql/pglite to an exact version (no ^ or ~): its private API may change in any release',
    ).toMatch(/^\d+\.\d+\.\d+$/);
    expect(installed, `the installed PGlite is not the pinned one; run npm ci. ${UPGRADE_ADVICE}`).toBe(pinned);
  });

  it('are there, with the parameters the layer passes', () => {
    const instance = PGlite.prototype;
    expectMember(instance, 'PGlite.prototype', '_checkReady', 0);
    expectMember(instance, 'PGlite.prototype', '_runExclusiveQuery', 1);
    expectMember(instance, 'PGlite.prototype', '_runExclusiveTransaction', 1);
    expectMember(instance, 'PGlite.prototype', 'execProtocolStream', 1);
    expectMember(instance, 'PGlite.prototype', 'syncToFs', 0);
    for (const [name, arity] of [
      ['parse', 1],
      ['describe', 1],
      ['bind', 0],
      ['execute', 1],
      ['sync', 0],
      ['close', 1],
    ] as const) {
      expectMember(protocol.serialize, 'protocol.serialize', name, arity);
    }
    expectMember(parse, 'parse', 'parseResults', 4);
    expectMember(parse, 'parse', 'parseDescribeStatementResults', 1);
  });

  it('behave as the layer expects: the mutexes run the work and answer its result, one query at a time', async () => {
    const client = await PGlite.create();
    await client._checkReady();
    const order: string[] = [];
    const slow = client._runExclusiveQuery(async () => {
      order.push('first in');
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('first out');
      return 1;
    });
    const fast = client._runExclusiveQuery(async () => {
      order.push('second');
      return 2;
    });
    expect(await Promise.all([slow, fast])).toEqual([1, 2]);
    expect(order, `PGlite._runExclusiveQuery no longer runs one at a time. ${UPGRADE_ADVICE}`).toEqual([
      'first in',
      'first out',
      'second',
    ]);
    expect(await client._runExclusiveTransaction(async () => 'done')).toBe('done');

    // A query outside a transaction waits for an open one to end (the entry read cache relies on it too).
    const events: string[] = [];
    const transaction = client.transaction(async (tx) => {
      await tx.query('select 1');
      await new Promise((resolve) => setTimeout(resolve, 20));
      events.push('transaction ends');
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await client.query('select 1');
    events.push('outside query');
    await transaction;
    expect(events, `a query outside an open PGlite transaction no longer waits for it. ${UPGRADE_ADVICE}`).toEqual([
      'transaction ends',
      'outside query',
    ]);
    await client.close();
  });
});
