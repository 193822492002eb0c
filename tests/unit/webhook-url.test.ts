import { afterEach, describe, expect, it } from 'vitest';
import { isPublicAddress, webhookUrlProblem } from '@/lib/net/webhook-url';

const previous = process.env.WEBHOOK_ALLOW_PRIVATE;
afterEach(() => {
  if (previous === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE;
  else process.env.WEBHOOK_ALLOW_PRIVATE = previous;
});

describe('webhook targets', () => {
  it.each([
    ['8.8.8.8', true], ['200.45.1.1', true], ['2800:810::1', true],
    ['127.0.0.1', false], ['10.1.2.3', false], ['172.20.0.1', false], ['192.168.1.1', false], ['169.254.169.254', false],
    ['100.64.0.1', false], ['0.0.0.0', false], ['::1', false], ['fd00::1', false], ['fe80::1', false], ['::ffff:127.0.0.1', false],
  ])('%s public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it.each([
    ['http://hooks.example.com/x', 'must be an https URL'],
    ['https://localhost/x', 'must be a public address'],
    ['https://127.0.0.1/x', 'must be a public address'],
    ['https://[::1]/x', 'must be a public address'],
    ['https://10.0.0.5/x', 'must be a public address'],
    ['https://200.45.1.1/x', undefined],
    ['https://hooks.example.com/x', undefined],
  ])('without looking up names, %s → %s', async (url, problem) => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    expect(webhookUrlProblem(url)).toBe(problem);
  });

  it('allows anything with WEBHOOK_ALLOW_PRIVATE=1', async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = '1';
    expect(webhookUrlProblem('http://127.0.0.1:9/x')).toBeUndefined();
  });
});
