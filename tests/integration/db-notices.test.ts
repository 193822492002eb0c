// Notices between instances on one PostgreSQL (lib/db/notices.ts): what one process says reaches the
// others' listeners in pieces PostgreSQL accepts, and a process does not hear its own. With the embedded
// database there are no other instances, and a notice goes nowhere.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { Client } from 'pg';
import { getDb } from '@/lib/db/client';
import { notice, onNotice } from '@/lib/db/notices';
import { sendNotice } from '@/lib/db/notice-queries';

/** A plain connection listening on `channel`, as another instance's listener would: the payloads it hears. */
async function otherInstance(channel: string) {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const heard: string[] = [];
  client.on('notification', ({ payload }) => heard.push(payload ?? ''));
  await client.query(`listen "${channel}"`);
  return { heard, close: () => client.end() };
}

const until = async (check: () => boolean, ms = 5_000) => {
  for (const deadline = Date.now() + ms; !check() && Date.now() < deadline; ) await sleep(20);
};

describe.runIf(process.env.DATABASE_URL)('notices on PostgreSQL', () => {
  it('sends the words said in one turn together, in payloads under the limit, named by this process', async () => {
    const other = await otherInstance('notices_many');
    const words = Array.from({ length: 1_000 }, (_, i) => `job_${String(i).padStart(22, '0')}`);
    for (const word of words) notice('notices_many', word);
    const heardWords = () => other.heard.flatMap((payload) => payload.split(' ').slice(1));
    await until(() => heardWords().length >= words.length);
    await other.close();
    expect(heardWords().sort()).toEqual(words);
    expect(other.heard.length).toBeGreaterThan(1); // 28 KB of words, in pieces
    expect(other.heard.every((payload) => Buffer.byteLength(payload) < 8000)).toBe(true);
    expect(new Set(other.heard.map((payload) => payload.split(' ')[0])).size).toBe(1);
  });

  it("calls a handler with another instance's words, and not with its own", async () => {
    const heard: string[][] = [];
    onNotice('notices_heard', (words) => heard.push(words));
    const db = await getDb();
    await until(() => false, 300); // the listener connects
    notice('notices_heard', 'mine');
    await sendNotice(db, 'notices_heard', 'someone-else a b');
    await until(() => heard.length > 0);
    await sleep(300);
    expect(heard).toEqual([['a', 'b']]);
  });
});

describe.runIf(!process.env.DATABASE_URL)('notices on the embedded database', () => {
  it('go nowhere and fail nothing', async () => {
    const heard: string[][] = [];
    onNotice('notices_embedded', (words) => heard.push(words));
    notice('notices_embedded', 'alone');
    await sleep(200);
    expect(heard).toEqual([]);
  });
});
