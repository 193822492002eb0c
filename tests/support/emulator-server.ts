// Serves the emulator's real route handlers over real HTTP on 127.0.0.1 (a free port), so that SOAP
// clients — ours, and third-party ones — can be pointed at it: set AR_EMULATOR_URL to `url`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as loginCmsRoute from '@/app/emulator/[environment]/wsaa/LoginCms/route';
import * as wsfeRoute from '@/app/emulator/[environment]/wsfev1/service.asmx/route';
import * as wsfexRoute from '@/app/emulator/[environment]/wsfexv1/service.asmx/route';
import * as certificatesRoute from '@/app/emulator/portal/certificates/route';
import * as authorizationsRoute from '@/app/emulator/portal/authorizations/route';
import * as revocationsRoute from '@/app/emulator/portal/revocations/route';
import * as pointsOfSaleRoute from '@/app/emulator/portal/points-of-sale/route';
import * as taxpayersRoute from '@/app/emulator/portal/taxpayers/route';
import * as taxpayerRoute from '@/app/emulator/portal/taxpayers/[cuit]/route';
import * as voucherBookRoute from '@/app/emulator/portal/taxpayers/[cuit]/vouchers/route';
import * as faultsRoute from '@/app/emulator/portal/faults/route';
import * as registerRoute from '@/app/emulator/[environment]/sr-padron/webservices/personaServiceA5/route';
import * as wsctRoute from '@/app/emulator/[environment]/wsct/CTService/route';

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const ROUTES: [string, RegExp, Handler][] = [
  ['POST', /^\/emulator\/portal\/certificates$/, certificatesRoute.POST],
  ['POST', /^\/emulator\/portal\/authorizations$/, authorizationsRoute.POST],
  ['POST', /^\/emulator\/portal\/revocations$/, revocationsRoute.POST],
  ['POST', /^\/emulator\/portal\/points-of-sale$/, pointsOfSaleRoute.POST],
  ['POST', /^\/emulator\/portal\/taxpayers$/, taxpayersRoute.POST],
  ['GET', /^\/emulator\/portal\/taxpayers\/(?<cuit>[^/]+)$/, taxpayerRoute.GET],
  ['GET', /^\/emulator\/portal\/taxpayers\/(?<cuit>[^/]+)\/vouchers$/, voucherBookRoute.GET],
  ['POST', /^\/emulator\/portal\/faults$/, faultsRoute.POST],
  ['POST', /^\/emulator\/(?<environment>[^/]+)\/wsaa\/LoginCms$/, loginCmsRoute.POST],
  ['POST', /^\/emulator\/(?<environment>[^/]+)\/wsfev1\/service\.asmx$/, wsfeRoute.POST],
  ['POST', /^\/emulator\/(?<environment>[^/]+)\/wsfexv1\/service\.asmx$/, wsfexRoute.POST],
  ['GET', /^\/emulator\/(?<environment>[^/]+)\/wsaa\/LoginCms$/, loginCmsRoute.GET],
  ['GET', /^\/emulator\/(?<environment>[^/]+)\/wsfev1\/service\.asmx$/, wsfeRoute.GET],
  ['GET', /^\/emulator\/(?<environment>[^/]+)\/wsfexv1\/service\.asmx$/, wsfexRoute.GET],
  ['GET', /^\/emulator\/(?<environment>[^/]+)\/sr-padron\/webservices\/personaServiceA5$/, registerRoute.GET],
  ['POST', /^\/emulator\/(?<environment>[^/]+)\/sr-padron\/webservices\/personaServiceA5$/, registerRoute.POST],
  ['POST', /^\/emulator\/(?<environment>[^/]+)\/wsct\/CTService$/, wsctRoute.POST],
  ['GET', /^\/emulator\/(?<environment>[^/]+)\/wsct\/CTService$/, wsctRoute.GET],
];

export interface EmulatorServer {
  /** `http://127.0.0.1:<port>`; the emulator lives under `${url}/emulator/...`. */
  url: string;
  stop(): Promise<void>;
}

export async function startEmulatorServer(): Promise<EmulatorServer> {
  const server = http.createServer((incoming, outgoing) => {
    dispatch(incoming, outgoing).catch((error: unknown) => {
      console.error('[emulator-server]', error);
      if (!outgoing.headersSent) outgoing.writeHead(500, { 'content-type': 'text/plain' });
      outgoing.end('internal error');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };

  async function dispatch(incoming: http.IncomingMessage, outgoing: http.ServerResponse) {
    const requestUrl = new URL(incoming.url ?? '/', url);
    // A path served for several methods (a SOAP service's POST and its WSDL's GET) has one entry per method.
    const route =
      ROUTES.find(([method, pattern]) => method === incoming.method && pattern.test(requestUrl.pathname)) ??
      ROUTES.find(([, pattern]) => pattern.test(requestUrl.pathname));
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    let response: Response;
    if (!route) {
      response = Response.json(
        { code: 'not_found', message: `No such endpoint: ${incoming.method} ${requestUrl.pathname}` },
        { status: 404 },
      );
    } else if (incoming.method !== route[0]) {
      response = new Response(null, { status: 405, headers: { allow: route[0] } });
    } else {
      const body = route[0] === 'GET' ? undefined : Buffer.concat(chunks);
      const request = new Request(requestUrl, { method: route[0], headers, body });
      const params = { ...route[1].exec(requestUrl.pathname)!.groups };
      response = await route[2](request, { params: Promise.resolve(params) });
    }
    let answer: Buffer;
    try {
      answer = Buffer.from(await response.arrayBuffer());
    } catch {
      // A body that fails before its first byte is an answer the emulator chose to lose: cut the connection, as Next does.
      incoming.socket.destroy();
      return;
    }
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(answer);
  }
}
