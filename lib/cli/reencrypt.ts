// `npm run reencrypt`: once a new key is first in ENCRYPTION_KEY, reseals every stored secret under it,
// after which the older keys can be removed from the list.
import { closeDb } from '@/lib/db/client';
import { reencryptAllSecrets } from '@/lib/crypto/secrets';

async function main(): Promise<void> {
  const { examined, reencrypted, unreadable } = await reencryptAllSecrets();
  console.log(`examined ${examined}, re-encrypted ${reencrypted}`);
  if (unreadable > 0) {
    console.error(
      `${unreadable} secret(s) could not be opened and were left as they were: ` +
        'keep their master key in ENCRYPTION_KEY (after the newest) and run this again.',
    );
    process.exitCode = 1;
  }
}

main()
  .catch((error: unknown) => {
    console.error('[reencrypt] failed:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(closeDb);
