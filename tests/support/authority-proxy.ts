// A stand-in network between our authority clients and the emulator, in the test's own process, for the
// failures that happen on the way: a proxy's error after the authority acted, an answer that comes late, and
// a record (FECompConsultar, FECompUltimoAutorizado) that does not show the newest vouchers yet.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AuthorityProxy {
  /** Point AR_EMULATOR_URL at this: every call to the authority passes here on its way to `target`. */
  url: string;
  /** The next `count` FECAESolicitar are carried out at the authority, then answered HTTP 502 with an HTML page. */
  errorAfterCommit(count: number): void;
  /** Each FECAESolicitar runs `hook` once it reaches the proxy, before it goes on to the authority. */
  onSolicit(hook: ((envelope: string) => Promise<void>) | undefined): void;
  /**
   * The record lags: FECompConsultar of a number above `visibleUpTo` answers "no data", and
   * FECompUltimoAutorizado answers at most `visibleUpTo`; undefined shows everything again.
   */
  lagAbove(visibleUpTo: number | undefined, options?: { lastToo?: boolean }): void;
  /** FECompTotXRequest answers at most `most` details a request (undefined: the authority's own figure). */
  limitBatches(most: number | undefined): void;
  /** The FECAESolicitar envelopes that went through, in order. */
  solicited: string[];
  close(): Promise<void>;
}

const PROXY_ERROR_PAGE =
  '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>';

export async function startAuthorityProxy(target: () => string): Promise<AuthorityProxy> {
  let errorsLeft = 0;
  let hook: ((envelope: string) => Promise<void>) | undefined;
  let lag: { visibleUpTo: number; lastToo: boolean } | undefined;
  let batchLimit: number | undefined;
  const solicited: string[] = [];

  const server = http.createServer((incoming, outgoing) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      let body = Buffer.concat(chunks).toString('utf8');
      const solicit = body.includes('FECAESolicitar>');
      if (solicit) {
        solicited.push(body);
        await hook?.(body);
      }
      if (lag && body.includes('FECompConsultar>')) {
        const number = Number(/<[^>]*CbteNro>(\d+)</.exec(body)?.[1]);
        // Asked for a number nobody holds, the authority answers "no data" as for a voucher it has not got.
        if (number > lag.visibleUpTo) body = body.replace(/(<[^>]*CbteNro>)\d+</, '$199999999<');
      }
      const answer = await fetch(`${target()}${incoming.url}`, {
        method: incoming.method,
        headers: {
          'content-type': incoming.headers['content-type'] ?? 'text/xml',
          soapaction: String(incoming.headers.soapaction ?? ''),
        },
        body: incoming.method === 'GET' ? undefined : body,
      });
      let text = await answer.text();
      if (lag?.lastToo && body.includes('FECompUltimoAutorizado>')) {
        const visible = lag.visibleUpTo;
        text = text.replace(
          /<CbteNro>(\d+)<\/CbteNro>/,
          (_, last) => `<CbteNro>${Math.min(Number(last), visible)}</CbteNro>`,
        );
      }
      if (batchLimit !== undefined && body.includes('FECompTotXRequest>')) {
        const most = batchLimit;
        text = text.replace(
          /<RegXReq>(\d+)<\/RegXReq>/,
          (_, own) => `<RegXReq>${Math.min(Number(own), most)}</RegXReq>`,
        );
      }
      if (solicit && errorsLeft > 0) {
        errorsLeft--;
        outgoing.writeHead(502, { 'content-type': 'text/html' });
        outgoing.end(PROXY_ERROR_PAGE);
        return;
      }
      outgoing.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/xml' });
      outgoing.end(text);
    })().catch(() => incoming.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    errorAfterCommit: (count) => {
      errorsLeft = count;
    },
    onSolicit: (next) => {
      hook = next;
    },
    lagAbove: (visibleUpTo, options = {}) => {
      lag = visibleUpTo === undefined ? undefined : { visibleUpTo, lastToo: options.lastToo ?? false };
    },
    limitBatches: (most) => {
      batchLimit = most;
    },
    solicited,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
