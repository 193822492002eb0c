// One webhook POST: 10 s for the whole exchange, no redirects followed, and (unless
// WEBHOOK_ALLOW_PRIVATE=1) a connection only to public addresses, checked on the address we actually
// connect to, so a host name that resolves to our own network is refused even if it did not before.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { webhookAllowPrivate } from '@/lib/config';
import { isPublicAddress, webhookUrlProblem } from '@/lib/net/webhook-url';

const WEBHOOK_TIMEOUT_MS = 10_000;
/** A receiver's Retry-After is honoured up to this, so that it cannot park a delivery for days. */
const MAX_RETRY_AFTER_MS = 3_600_000;

export interface PostResult {
  /** The receiver's status code, when it answered. */
  status?: number;
  latencyMs: number;
  /** Why it did not count as delivered (undefined for a 2xx). */
  error?: string;
  retryAfterMs?: number;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that refuses non-public answers; shaped for http.request's `lookup` option. */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (!addresses.length || !addresses.every((a) => isPublicAddress(a.address))) {
      return callback(Object.assign(new Error('the host resolves to a non-public address'), { code: 'EBLOCKED' }), []);
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

export async function postWebhook(url: string, headers: Record<string, string>, body: string): Promise<PostResult> {
  const started = Date.now();
  const problem = webhookUrlProblem(url);
  if (problem) return { latencyMs: 0, error: `the URL ${problem}` };
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const done = (result: Omit<PostResult, 'latencyMs'>) => {
      clearTimeout(timer);
      resolve({ ...result, latencyMs: Date.now() - started });
    };
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        ...(webhookAllowPrivate() ? {} : { lookup: publicOnlyLookup as never }),
      },
      (response) => {
        response.resume(); // the body is not read: only the status counts
        const status = response.statusCode ?? 0;
        const ok = status >= 200 && status < 300;
        done({
          status,
          ...(ok
            ? {}
            : {
                error: status >= 300 && status < 400 ? `HTTP ${status} (redirects are not followed)` : `HTTP ${status}`,
              }),
          retryAfterMs: retryAfterMs(response.headers['retry-after']),
        });
      },
    );
    const timer = setTimeout(
      () => request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })),
      WEBHOOK_TIMEOUT_MS,
    );
    request.on('error', (error: NodeJS.ErrnoException) => done({ error: describe(error) }));
    request.end(body);
  });
}

function describe(error: NodeJS.ErrnoException): string {
  if (error.code === 'ETIMEDOUT') return `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`;
  if (error.code === 'EBLOCKED') return error.message;
  if (error.code === 'ENOTFOUND') return 'the host name does not resolve';
  return `connection failed (${error.code ?? error.message})`;
}

/** Retry-After as seconds or an HTTP date. */
function retryAfterMs(header: string | undefined): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : undefined;
}
