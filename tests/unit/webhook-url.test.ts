import { afterEach, describe, expect, it } from 'vitest';
import { isPublicAddress, webhookUrlProblem } from '@/lib/net/webhook-url';

const previous = process.env.WEBHOOK_ALLOW_PRIVATE;
afterEach(() => {
  if (previous === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE;
  else process.env.WEBHOOK_ALLOW_PRIVATE = previous;
});

describe('webhook targets', () => {
  it.each([
    ['8.8.8.8', true],
    ['200.45.1.1', true],
    ['2800:810::1', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.20.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['255.255.255.255', false],
    ['224.0.0.1', false],
    ['198.18.0.1', false],
    ['::1', false],
    ['::', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['fe80::1%eth0', false],
    ['ff02::1', false],
    ['2001:db8::1', false],
    ['100::1', false],
    // IPv6 forms that carry an IPv4 address, public or not, inside them:
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', false],
    ['::ffff:7f00:1', false], // ::ffff:0:0/96, IPv4-mapped
    ['::7f00:1', false],
    ['::127.0.0.1', false],
    ['::808:808', false], // ::/96, IPv4-compatible
    ['2002:7f00:1::', false],
    ['2002:808:808::1', false], // 2002::/16, 6to4
    ['64:ff9b::7f00:1', false],
    ['64:ff9b::8.8.8.8', false], // 64:ff9b::/96, NAT64
    ['64:ff9b:1::a00:1', false], // 64:ff9b:1::/48, local NAT64
    ['2001::1', false], // Teredo
    ['localhost', false],
    ['0x7f.1', false],
    ['', false],
  ])('%s public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it.each([
    ['http://hooks.example.com/x', 'must be an https URL'],
    ['https://localhost/x', 'must be a public address'],
    ['https://127.0.0.1/x', 'must be a public address'],
    ['https://[::1]/x', 'must be a public address'],
    ['https://10.0.0.5/x', 'must be a public address'],
    ['https://[::7f00:1]/x', 'must be a public address'],
    ['https://[::ffff:a00:5]/x', 'must be a public address'],
    ['https://[2002:a00:5::]/x', 'must be a public address'],
    ['https://[64:ff9b::a9fe:a9fe]/x', 'must be a public address'],
    ['https://0x7f.1/x', 'must be a public address'],
    ['https://[2800:810::1]/x', undefined],
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
