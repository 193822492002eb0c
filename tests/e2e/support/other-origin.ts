// A page on another origin of this machine (another port: same site, other origin), to see what the
// browser lets a page the console does not own do with the console's cookie. A real local server, as
// in integrator-console.ts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OtherOrigin {
  origin: string;
  close(): Promise<void>;
}

/** Serves `html` at `/`. */
export async function startOtherOrigin(html: string): Promise<OtherOrigin> {
  const server = http.createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
