// A local webhook receiver (node:http on 127.0.0.1, any free port) that records what it gets and
// answers from a script: each delivery takes the next scripted reply, the last one repeats.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** Answer only after this long (a slow receiver keeps deliveries in flight). */
  delayMs?: number;
}

export interface WebhookReceiver {
  url: (path?: string) => string;
  deliveries: Delivery[];
  /** Replies for the next deliveries, in order; the last one is kept for any after them. */
  reply: (...replies: Reply[]) => void;
  close: () => Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const deliveries: Delivery[] = [];
  let script: Reply[] = [{ status: 200 }];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      deliveries.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const next = script.length > 1 ? script.shift()! : script[0]!;
      setTimeout(() => {
        response.writeHead(next.status, { 'content-type': 'text/plain', ...next.headers });
        response.end('ok');
      }, next.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    deliveries,
    reply: (...replies) => {
      script = replies.length ? replies : [{ status: 200 }];
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
