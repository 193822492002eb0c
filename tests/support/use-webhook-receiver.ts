// A webhook receiver per vitest file (kept apart from webhook-receiver.ts, which Playwright specs
// import too and which must not load vitest).
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '@/tests/support/webhook-receiver';

/**
 * One receiver for a test file, emptied and answering 200 before each test. Call at the top level;
 * the returned function gives the receiver once the file's hooks have started it.
 */
export function useWebhookReceiver(): () => WebhookReceiver {
  let receiver: WebhookReceiver | undefined;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });
  beforeEach(() => {
    receiver!.deliveries.length = 0;
    receiver!.reply({ status: 200 });
  });
  return () => receiver!;
}
