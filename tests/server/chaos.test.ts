// CI's short form of `npm run chaos`: one pass of the same harness (tests/chaos/scenario.ts) with 200
// invoices: two app processes on a scratch PostgreSQL database when DATABASE_URL is set, else one on the
// embedded database. It passes only when our book and the authority's agree after the chaos: every voucher
// one invoice's, with its number, CAE, date and total; nothing in doubt; no number skipped or used twice.
// CHAOS_SEED=N repeats a run's choices (the seed is printed with the tallies).
import { describe, expect, it } from 'vitest';
import { randomSeed } from '@/tests/chaos/random';
import { describePass } from '@/tests/chaos/report';
import { runChaosPass, storageLabel } from '@/tests/chaos/scenario';
import type { Storage } from '@/tests/chaos/cluster';

const serverUrl = process.env.DATABASE_URL;
const storage: Storage = serverUrl ? { kind: 'postgres', serverUrl } : { kind: 'embedded' };
const RUN_MS = 200_000;

describe(`chaos (${storageLabel(storage)})`, () => {
  it(
    'issues 200 invoices through faults, kills and a certificate renewal, and the books agree',
    async () => {
      const seed = Number(process.env.CHAOS_SEED ?? randomSeed());
      // Printed with the verdict, in one piece: vitest would head every line of its own.
      const timeline: string[] = [];
      const result = await runChaosPass({
        storage,
        invoices: 200,
        clients: 16,
        seed,
        issueSeconds: 40,
        settleSeconds: 60,
        deadline: Date.now() + RUN_MS - 20_000,
        log: (line) => timeline.push(line),
      });
      const report = describePass(result);
      console.log(`${timeline.join('\n')}\n${report}`);
      expect(result.pass, report).toBe(true);
    },
    RUN_MS,
  );
});
