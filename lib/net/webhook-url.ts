// Webhook targets must be https on public addresses, so a workflow cannot make us call into our own
// network (SSRF). WEBHOOK_ALLOW_PRIVATE=1 lifts both rules for development and tests.
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { invalidField } from '@/lib/api/errors';
import { webhookAllowPrivate } from '@/lib/config';

/**
 * IANA's global unicast space, RFC 4291. Everything outside it that ipaddr.js calls plain unicast is
 * not a host on the internet either: IPv4-compatible `::/96` (`::7f00:1` is 127.0.0.1), the rest of `::/8`.
 */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Only what ipaddr.js classifies as plain unicast is public. Its named ranges cover the private,
 * loopback, link-local and reserved networks, and the IPv6 forms that carry an IPv4 address inside
 * (`::ffff:0:0/96` mapped, `2002::/16` 6to4, `64:ff9b::/96` and `64:ff9b:1::/48` translation,
 * Teredo), which would reach whatever IPv4 address they embed.
 */
export function isPublicAddress(address: string): boolean {
  if (!isIP(address)) return false; // ipaddr.js also takes legacy forms (`0x7f.1`): no address we use is one
  const parsed = ipaddr.parse(address);
  if (parsed.range() !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || parsed.match(GLOBAL_UNICAST_V6);
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
