// The delivery-time SSRF guard: the address we are about to connect to is checked, so a public-looking
// host name that resolves into our own network is refused; and the POST itself never follows a redirect.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { postWebhook, publicOnlyLookup } from '@/lib/net/webhook-post';

const lookup = (hostname: string, all: boolean) =>
  new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) => {
    publicOnlyLookup(hostname, { all }, (error, address) => resolve({ error, address }));
  });

describe('publicOnlyLookup', () => {
  it.each([[true], [false]])('refuses a name that resolves to a loopback address (all: %s)', async (all) => {
    const { error } = await lookup('localhost', all);
    expect(error).toMatchObject({ code: 'EBLOCKED', message: 'the host resolves to a non-public address' });
  });

  it("passes the resolver's own failure on", async () => {
    const { error } = await lookup('no-such-host.invalid', false);
    expect(error?.code).toMatch(/ENOTFOUND|EAI_AGAIN/);
  });
});

describe('postWebhook', () => {
  const saved = process.env.WEBHOOK_ALLOW_PRIVATE;
  let server: http.Server | undefined;
  afterEach(async () => {
    if (saved === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE;
    else process.env.WEBHOOK_ALLOW_PRIVATE = saved;
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = undefined;
  });

  async function serve(handler: http.RequestListener): Promise<string> {
    server = http.createServer(handler);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('does not follow a redirect', async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = '1';
    const seen: string[] = [];
    const base = await serve((request, response) => {
      seen.push(request.url!);
      response.writeHead(307, { location: '/elsewhere' }).end();
    });
    const result = await postWebhook(`${base}/hook`, {}, '{}');
    expect(result).toMatchObject({ status: 307, error: 'HTTP 307 (redirects are not followed)' });
    expect(seen).toEqual(['/hook']);
  });

  it.each([
    ['plain http', 'http://example.com/hook', 'the URL must be an https URL'],
    ['a private address', 'https://10.1.2.3/hook', 'the URL must be a public address'],
    ['localhost', 'https://localhost/hook', 'the URL must be a public address'],
  ])('refuses %s without WEBHOOK_ALLOW_PRIVATE, sending nothing', async (_case, url, error) => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    expect(await postWebhook(url, {}, '{}')).toEqual({ latencyMs: 0, error });
  });
});
