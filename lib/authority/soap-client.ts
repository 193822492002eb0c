// Posting a SOAP 1.1 request to the authority: timeouts, the legacy TLS setting the live hosts
// need, and faults read out of the response. Transport failures are `unavailable`, each saying whether the
// request may have reached the authority: only a connection never made (refused, no such name, a failed
// TLS handshake) proves it did not.
import 'server-only';
import http from 'node:http';
import https from 'node:https';
import { AuthorityError } from '@/lib/authority/authority-error';
import type { AuthorityEndpoint } from '@/lib/authority/endpoints';
import { xmlParser } from '@/lib/ar/xml';

/** Read per request, so an operator (or a test) can change it without reloading the module. */
export function authorityTimeoutMs(): number {
  const configured = Number(process.env.AR_AUTHORITY_TIMEOUT_MS);
  return Number.isFinite(configured) && configured > 0 ? configured : 20_000;
}

const legacyAgent = new https.Agent({ keepAlive: true, ciphers: 'DEFAULT@SECLEVEL=1' });

export function soapEnvelope(body: string, namespaces: Record<string, string>): string {
  const xmlns = Object.entries(namespaces)
    .map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"${xmlns}><soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;
}

export interface SoapFault {
  faultCode: string;
  faultString: string;
}

export interface SoapCallOptions {
  /**
   * false for an operation the authority must not carry out twice (FECAESolicitar): it goes out once, on a
   * connection of its own, and a failure is reported, never sent again (the caller asks the authority what
   * became of it first). Default true: a kept-alive connection found closed is retried once.
   */
  idempotent?: boolean;
}

/**
 * A failure whose request provably never reached the authority: the connection was never made. Anything
 * else (a time-out, a connection cut after it was made, an HTTP error or an unreadable answer, which a
 * proxy in front of the authority gives after passing the request on, an error of ours) may have reached
 * it: what it did with the request is unknown.
 */
export const neverReachedAuthority = (error: unknown) =>
  error instanceof AuthorityError && error.detail?.reached === false;

/** Posts the envelope; answers the parsed Body, or throws (a fault as `onFault` says, else unavailable). */
export async function postSoap(
  endpoint: AuthorityEndpoint,
  envelope: string,
  soapAction: string,
  onFault: (fault: SoapFault) => Error,
  options: SoapCallOptions = {},
): Promise<Record<string, unknown>> {
  const { status, text } = await post(endpoint, envelope, soapAction, options.idempotent ?? true);
  let parsed: Record<string, unknown>;
  try {
    parsed = xmlParser.parse(text) as Record<string, unknown>;
  } catch {
    throw new AuthorityError('unavailable', `The authority answered HTTP ${status} with unreadable XML.`, {
      status,
      reached: true,
    });
  }
  const body = ((parsed.Envelope as Record<string, unknown> | undefined)?.Body ?? {}) as Record<string, unknown>;
  const fault = body.Fault as { faultcode?: string; faultstring?: string } | undefined;
  if (fault) throw onFault({ faultCode: String(fault.faultcode ?? ''), faultString: String(fault.faultstring ?? '') });
  if (status >= 400)
    throw new AuthorityError('unavailable', `The authority answered HTTP ${status}.`, { status, reached: true });
  return body;
}

async function post(
  endpoint: AuthorityEndpoint,
  envelope: string,
  soapAction: string,
  idempotent: boolean,
): Promise<{ status: number; text: string }> {
  const first = await send(endpoint, envelope, soapAction, idempotent);
  if ('response' in first) return first.response;
  // A kept-alive connection the other side closed while it sat idle fails at once with ECONNRESET, before
  // the request reached the authority: sent again, once, on a new connection (Node's documented remedy).
  // Never for a request that must go out once: it had a connection of its own.
  if (!first.staleConnection || !idempotent) throw unavailable(first);
  const second = await send(endpoint, envelope, soapAction, idempotent);
  if ('response' in second) return second.response;
  throw unavailable(second);
}

type Sent =
  | { response: { status: number; text: string } }
  | { error: Error; staleConnection: boolean; connected: boolean };

function send(endpoint: AuthorityEndpoint, envelope: string, soapAction: string, idempotent: boolean): Promise<Sent> {
  const url = new URL(endpoint.url);
  const transport = url.protocol === 'https:' ? https : http;
  const payload = Buffer.from(envelope, 'utf8');
  return new Promise((resolve) => {
    let connected = false;
    const request = transport.request(
      url,
      {
        method: 'POST',
        agent: agentFor(url, endpoint, idempotent),
        timeout: authorityTimeoutMs(),
        headers: {
          'content-type': 'text/xml; charset=utf-8',
          'content-length': payload.length,
          soapaction: `"${soapAction}"`,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ response: { status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') } }),
        );
        response.on('error', (error) => resolve({ error, staleConnection: false, connected: true }));
      },
    );
    // Connected: the TCP connection made (and, for https, its TLS handshake done), or a kept-alive one reused.
    // A reused socket gets no listener: it connected long ago, and each reuse would add one that never fires.
    request.on('socket', (socket) => {
      if (request.reusedSocket) {
        connected = true;
        return;
      }
      socket.once(transport === https ? 'secureConnect' : 'connect', () => {
        connected = true;
      });
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error, staleConnection: request.reusedSocket && error.code === 'ECONNRESET', connected }),
    );
    request.end(payload);
  });
}

/** A request that must go out once gets a connection of its own (no kept-alive socket the server may have closed). */
function agentFor(url: URL, endpoint: AuthorityEndpoint, idempotent: boolean): http.Agent | undefined {
  if (url.protocol === 'https:' && endpoint.legacyTls) return idempotent ? legacyAgent : onceLegacyAgent;
  return idempotent ? undefined : onceAgent(url.protocol);
}
const onceLegacyAgent = new https.Agent({ keepAlive: false, ciphers: 'DEFAULT@SECLEVEL=1' });
const onceAgents = { 'http:': new http.Agent({ keepAlive: false }), 'https:': new https.Agent({ keepAlive: false }) };
const onceAgent = (protocol: string) => onceAgents[protocol as keyof typeof onceAgents];

const unavailable = (failure: { error: Error; connected: boolean }) =>
  new AuthorityError('unavailable', `The authority could not be reached (${failure.error.message}).`, {
    reached: failure.connected,
  });
