// What the server does once when it starts: open and migrate the database, seed the demo on an
// empty one, start the job runner, and say where to go.
import 'server-only';
import path from 'node:path';
import { getDbHandle, closeDb } from '@/lib/db/client';
import { statementsRun } from '@/lib/db/query-log';
import { withStartupLock } from '@/lib/db/migrate';
import { arAuthority, isProduction, port, registrationUrl } from '@/lib/config';
import { rateLimitStore, rateLimitsEnabled } from '@/lib/api/rate-limit';
import { checkConfiguration } from '@/lib/server/configuration-checks';
import { emulatorCa, EMULATOR_ENVIRONMENTS } from '@/lib/emulator/ca';
import { masterKeys } from '@/lib/crypto/master-keys';
import { demoCredentialsFile, seedDemoIfEmpty, type DemoSeed } from '@/lib/demo/seed';
import { batchesSent } from '@/lib/gov-ar/invoices/batch-tally';
import { plugServices } from '@/lib/server/services';
import { startJobRunner, stopJobRunner } from '@/lib/transform/runner';
import { sealPlaintextSigningSecrets } from '@/lib/webhooks/signing-secret';

/** A server that cannot open its database or migrate must not serve: say why and stop. */
export async function startServerOrExit(): Promise<void> {
  try {
    await startServer();
  } catch (error) {
    console.error('[startup] failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

async function startServer(): Promise<void> {
  const warnings = checkConfiguration(); // production must not start with an open emulator or a short ADMIN_TOKEN
  for (const warning of warnings) console.warn(`[startup] ${warning}`);
  masterKeys(); // production must not start without ENCRYPTION_KEY
  plugServices();
  // The emulator's CAs are made on first start, so their certificates can be handed out at once.
  if (arAuthority() === 'emulator') for (const environment of EMULATOR_ENVIRONMENTS) emulatorCa(environment);
  const handle = await getDbHandle();
  await sealPlaintextSigningSecrets();
  const demo = isProduction() && process.env.SEED_DEMO !== '1' ? {} : await withStartupLock(handle, seedDemoIfEmpty);
  startJobRunner();
  printBanner(handle.kind, demo);
  // The bench asks how many statements the process ran (DB_STATEMENT_TALLY=on adds the most frequent texts), and
  // what its invoice senders' batches were.
  process.on('SIGUSR2', () => {
    console.log(`[db] statements run: ${JSON.stringify(statementsRun())}`);
    console.log(`[gov-ar] batches sent: ${JSON.stringify(batchesSent())}`);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stopJobRunner()
        .then(closeDb)
        .finally(() => process.exit(0));
    });
  }
}

const RATE_LIMIT_STORES = {
  memory: 'in this process (embedded database)',
  postgres: 'in PostgreSQL, shared by every instance',
  redis: 'in Redis (REDIS_URL), shared by every instance',
} as const;

function printBanner(database: string, demo: DemoSeed) {
  const lines = [
    '',
    `  AR supplier onboarding is up on ${registrationUrl()} (port ${port()}, database: ${database})`,
    `  Tax authority: ${arAuthority() === 'emulator' ? 'the built-in emulator (AR_AUTHORITY=emulator)' : 'AFIP/ARCA'}`,
    `  Rate limits: ${rateLimitsEnabled() ? RATE_LIMIT_STORES[rateLimitStore()] : 'off (RATE_LIMITS=off)'}`,
  ];
  if (demo.apiKey) lines.push(`  Demo workspace API key (shown once): ${demo.apiKey}`);
  else if (demo.link)
    lines.push(`  Demo workspace API key: see ${path.relative(process.cwd(), demoCredentialsFile())}`);
  if (demo.link) lines.push(`  Demo registration link: ${demo.link}`);
  console.log(`${lines.join('\n')}\n`);
}
