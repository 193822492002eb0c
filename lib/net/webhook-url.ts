// Webhook targets must be https on public addresses, so a workflow cannot make us call into our own
// network (SSRF). WEBHOOK_ALLOW_PRIVATE=1 lifts both rules for development and tests.
import { BlockList, isIP } from 'node:net';
import { invalidField } from '../api/errors';
import { webhookAllowPrivate } from '../config';

// Two lists: Node's BlockList would match IPv4 addresses against an IPv6 ::ffff:0:0/96 rule.
const nonPublicV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) nonPublicV4.addSubnet(network, prefix, 'ipv4');
const nonPublicV6 = new BlockList();
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) nonPublicV6.addSubnet(network, prefix, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  switch (isIP(address)) {
    case 4: return !nonPublicV4.check(address, 'ipv4');
    case 6: return !/^::ffff:/i.test(address) && !nonPublicV6.check(address, 'ipv6');
    default: return false;
  }
}

/**
 * Why a URL may not receive webhooks, as far as the URL itself tells, or undefined when it may. A host
 * name's addresses are checked when we connect (lib/net/webhook-post.ts), on the address actually used.
 */
export function webhookUrlProblem(url: string): string | undefined {
  if (webhookAllowPrivate()) return undefined;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') return 'must be an https URL';
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'must be a public address';
  if (isIP(host)) return isPublicAddress(host) ? undefined : 'must be a public address';
  return undefined;
}

/** Throws a 422 naming `field` when the URL can be seen not to be allowed without a DNS look-up. */
export function assertWebhookUrlAllowed(url: string, field: string): void {
  const problem = webhookUrlProblem(url);
  if (problem) throw invalidField(field, problem);
}
