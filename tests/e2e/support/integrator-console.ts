// An integrator's console on its own origin (another port on this machine): one page that embeds a
// registration link in an iframe and records every message it receives. A real local server, not a
// routed fake: Chromium refuses to let a page it cannot place on the network frame a local address.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface IntegratorConsole {
  origin: string;
  /** The console page embedding `wizardUrl`. */
  pageUrl(wizardUrl: string): string;
  close(): Promise<void>;
}

const page = (wizardUrl: string) => `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Consola del integrador</title>
<script>window.received = []; addEventListener('message', (event) => received.push({ origin: event.origin, data: event.data }));</script>
</head><body>
<h1>Consola del integrador</h1>
<iframe title="Alta del proveedor" src="${wizardUrl.replace(/"/g, '&quot;')}" style="width: 100%; height: 1100px; border: 0"></iframe>
</body></html>`;

export async function startIntegratorConsole(): Promise<IntegratorConsole> {
  const server = http.createServer((request, response) => {
    const wizardUrl = new URL(request.url ?? '/', 'http://console').searchParams.get('wizard');
    if (!wizardUrl) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(wizardUrl));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    pageUrl: (wizardUrl) => `${origin}/console?wizard=${encodeURIComponent(wizardUrl)}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
