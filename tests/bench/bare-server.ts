// The floor of what any Node server does on this machine: node:http answering the body and headers
// the bench read from the app's ping, nothing else. Run in its own process by app-server.ts.
import http from 'node:http';

const body = Buffer.from(process.env.BARE_BODY ?? '{"ping":"pong"}');
const headers = { ...JSON.parse(process.env.BARE_HEADERS ?? '{}'), 'content-length': String(body.length) };

http
  .createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  })
  .listen(Number(process.env.BARE_PORT), '127.0.0.1', () => console.log('listening'));

process.on('SIGTERM', () => process.exit(0));
