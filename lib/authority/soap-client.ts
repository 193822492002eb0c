// Posting a SOAP 1.1 request to the authority: timeouts, the legacy TLS setting the live hosts
// need, and faults read out of the response. Transport failures are `unavailable`.
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
  const xmlns = Object.entries(namespaces).map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"${xmlns}><soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;
}

export interface SoapFault { faultCode: string; faultString: string }

/** Posts the envelope; answers the parsed Body, or throws (a fault as `onFault` says, else unavailable). */
export async function postSoap(
  endpoint: AuthorityEndpoint,
  envelope: string,
  soapAction: string,
  onFault: (fault: SoapFault) => Error,
): Promise<Record<string, unknown>> {
  const { status, text } = await post(endpoint, envelope, soapAction);
  let parsed: Record<string, unknown>;
  try {
    parsed = xmlParser.parse(text) as Record<string, unknown>;
  } catch {
    throw new AuthorityError('unavailable', `The authority answered HTTP ${status} with unreadable XML.`, { status });
  }
  const body = ((parsed.Envelope as Record<string, unknown> | undefined)?.Body ?? {}) as Record<string, unknown>;
  const fault = body.Fault as { faultcode?: string; faultstring?: string } | undefined;
  if (fault) throw onFault({ faultCode: String(fault.faultcode ?? ''), faultString: String(fault.faultstring ?? '') });
  if (status >= 400) throw new AuthorityError('unavailable', `The authority answered HTTP ${status}.`, { status });
  return body;
}

async function post(endpoint: AuthorityEndpoint, envelope: string, soapAction: string): Promise<{ status: number; text: string }> {
  const first = await send(endpoint, envelope, soapAction);
  if ('response' in first) return first.response;
  // A kept-alive connection the other side closed while it sat idle fails at once with ECONNRESET, before
  // the request reached the authority: sent again, once, on a new connection (Node's documented remedy).
  if (!first.staleConnection) throw unavailable(first.error);
  const second = await send(endpoint, envelope, soapAction);
  if ('response' in second) return second.response;
  throw unavailable(second.error);
}

type Sent = { response: { status: number; text: string } } | { error: Error; staleConnection: boolean };

function send(endpoint: AuthorityEndpoint, envelope: string, soapAction: string): Promise<Sent> {
  const url = new URL(endpoint.url);
  const transport = url.protocol === 'https:' ? https : http;
  const payload = Buffer.from(envelope, 'utf8');
  return new Promise((resolve) => {
    const request = transport.request(url, {
      method: 'POST',
      agent: url.protocol === 'https:' && endpoint.legacyTls ? legacyAgent : undefined,
      timeout: authorityTimeoutMs(),
      headers: {
        'content-type': 'text/xml; charset=utf-8',
        'content-length': payload.length,
        soapaction: `"${soapAction}"`,
      },
    }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ response: { status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') } }));
      response.on('error', (error) => resolve({ error, staleConnection: false }));
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error, staleConnection: request.reusedSocket && error.code === 'ECONNRESET' }));
    request.end(payload);
  });
}

const unavailable = (error: Error) =>
  new AuthorityError('unavailable', `The authority could not be reached (${error.message}).`);
