// `npm run chaos [-- --invoices=200 --clients=16 --seed=N --minutes=10 --issue-seconds=60 --settle-seconds=120
//   --database-url=postgres://... --postgres | --embedded --calm]`: issues invoices against the built app while the
// authority misbehaves and our processes die, then reconciles our book with the authority's (tests/chaos/scenario.ts).
// Both passes by default: two app processes on a scratch PostgreSQL database, then one on the embedded database.
// Prints the seed (give it back with --seed to make the same choices), the tallies, every mismatch, and
// `chaos: PASS` or `chaos: FAIL` (exit code 1). `--calm` is the control: no faults, kills or lapse.
import { randomSeed } from '@/tests/chaos/random';
import { describePass, verdictLine } from '@/tests/chaos/report';
import { runChaosPass, type ChaosPassResult } from '@/tests/chaos/scenario';
import type { Storage } from '@/tests/chaos/cluster';

const args = process.argv.slice(2);
const option = (name: string) =>
  args
    .find((arg) => arg.startsWith(`--${name}=`))
    ?.split('=')
    .slice(1)
    .join('=');
const number = (name: string, fallback: number) => Number(option(name) ?? fallback);

async function main() {
  const seed = number('seed', randomSeed());
  const minutes = number('minutes', 10);
  const deadline = Date.now() + minutes * 60_000;
  const serverUrl = option('database-url') ?? process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
  const passes: Storage[] = [];
  if (!args.includes('--embedded')) passes.push({ kind: 'postgres', serverUrl });
  if (!args.includes('--postgres')) passes.push({ kind: 'embedded' });
  console.log(
    `chaos: seed ${seed} (run again with --seed=${seed}), ${passes.length} pass(es), deadline ${minutes} min`,
  );

  const { ensureBuild } = await import('@/lib/cli/build.mjs');
  ensureBuild();
  const results: ChaosPassResult[] = [];
  for (const storage of passes) {
    const result = await runChaosPass({
      storage,
      invoices: number('invoices', 200),
      clients: number('clients', 16),
      seed,
      issueSeconds: number('issue-seconds', 60),
      calm: args.includes('--calm'),
      settleSeconds: number('settle-seconds', 120),
      deadline,
      log: (line) => console.log(line),
    });
    console.log(describePass(result));
    results.push(result);
  }
  const verdict = verdictLine(results);
  console.log(verdict);
  if (verdict !== 'chaos: PASS') process.exitCode = 1;
}

main()
  .catch((error) => {
    console.error(error);
    console.log('chaos: FAIL');
    process.exitCode = 1;
  })
  // Kept-alive connections to the stopped processes must not hold the run open.
  .finally(() => process.exit(process.exitCode ?? 0));
