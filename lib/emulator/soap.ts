// SOAP 1.1 and 1.2 for the emulated services: reading a request whatever prefixes the client chose,
// and writing replies and faults in the version the request came in, as Axis and ASMX do.
import { XMLValidator } from 'fast-xml-parser';
import { escapeXml, xmlParser } from '@/lib/ar/xml';
import { setTimeout as sleep } from 'node:timers/promises';
import { badGatewayAnswer, lostAnswer, unavailableAnswer, type Outage } from '@/lib/emulator/outage';
import { sameClassInEveryBundle } from '@/lib/process-singleton';

export type SoapVersion = '1.1' | '1.2';

const ENVELOPE_NS: Record<SoapVersion, string> = {
  '1.1': 'http://schemas.xmlsoap.org/soap/envelope/',
  '1.2': 'http://www.w3.org/2003/05/soap-envelope',
};
const CONTENT_TYPE: Record<SoapVersion, string> = {
  '1.1': 'text/xml; charset=utf-8',
  '1.2': 'application/soap+xml; charset=utf-8',
};
const MAX_REQUEST_CHARS = 1024 * 1024;

export interface SoapRequest {
  version: SoapVersion;
  /** SOAPAction (1.1) or the content type's action parameter (1.2), unquoted; null when absent. */
  action: string | null;
  operation: string;
  /** The operation element's children, e.g. `{ in0: '...' }`. */
  payload: Record<string, unknown>;
}

export interface SoapFault {
  /** Qualified, e.g. `ns1:cms.bad` or `soapenv:Server.userException`. */
  code: string;
  /** Namespaces declared on the fault code element, for its prefix. */
  codeNamespaces?: Record<string, string>;
  message: string;
  detail?: string;
}

/** Thrown by request handling to answer a fault (HTTP 500). */
export class SoapFaultError extends Error {
  constructor(
    readonly fault: SoapFault,
    readonly version?: SoapVersion,
  ) {
    super(fault.message);
    this.name = 'SoapFaultError';
  }
}
sameClassInEveryBundle(SoapFaultError, 'SoapFaultError');

export interface SoapService {
  /** The envelope prefix the real server writes: `soapenv` (Axis, WSAA) or `soap` (ASMX, WSFEv1). */
  prefix: string;
  /** Axis writes non-ASCII in fault strings as character references. */
  asciiFaults?: boolean;
  /** Answered, after logging, when handling fails unexpectedly. */
  internalFault: SoapFault;
  /**
   * A service whose operations may come with an empty Body (WSCT's `dummy` has no request element): the
   * operation is then the SOAPAction's last part after this namespace.
   */
  emptyBodyActions?: string;
  /** A fault set at the portal for this call's operation, taken once per call. */
  outage?: (soap: SoapRequest) => Promise<Outage | undefined>;
}

/**
 * Reads the request, runs `handle` for the reply body, and turns SoapFaultError into a fault reply; a
 * pending outage refuses the call (503), or carries it out (`handle` sees the outage, for a lagging
 * lookup) and then loses its answer, answers a proxy's 502 instead, or answers late.
 */
export async function serveSoap(
  request: Request,
  service: SoapService,
  handle: (soap: SoapRequest, outage: Outage | undefined) => Promise<string>,
): Promise<Response> {
  let version: SoapVersion = '1.1';
  let outage: Outage | undefined;
  let response: Response;
  try {
    const soap = await readSoapRequest(request, service.prefix, service.emptyBodyActions);
    version = soap.version;
    outage = await service.outage?.(soap);
    if (outage?.fault === 'unavailable' || outage?.fault === 'down') return unavailableAnswer();
    response = soapResponse(version, service.prefix, await handle(soap, outage));
  } catch (error) {
    if (error instanceof SoapFaultError) {
      response = soapFaultResponse(error.version ?? version, service.prefix, error.fault, service.asciiFaults);
    } else {
      console.error(`[emulator] ${new URL(request.url).pathname} failed:`, error);
      response = soapFaultResponse(version, service.prefix, service.internalFault, service.asciiFaults);
    }
  }
  switch (outage?.fault) {
    case 'drop_response':
      return lostAnswer();
    case 'error_after_commit':
      return badGatewayAnswer();
    case 'slow':
      await sleep(outage.delayMs);
      return response;
    default:
      return response;
  }
}

async function readSoapRequest(
  request: Request,
  envelopePrefix: string,
  emptyBodyActions?: string,
): Promise<SoapRequest> {
  const tooLarge = (version: SoapVersion) =>
    new SoapFaultError(
      { code: `${envelopePrefix}:Server.userException`, message: 'The request is too large.' },
      version,
    );
  const declaredVersion: SoapVersion = /soap\+xml/i.test(request.headers.get('content-type') ?? '') ? '1.2' : '1.1';
  if (Number(request.headers.get('content-length') ?? 0) > MAX_REQUEST_CHARS) throw tooLarge(declaredVersion);
  const text = await request.text();
  const version: SoapVersion = text.includes(ENVELOPE_NS['1.2']) ? '1.2' : '1.1';
  const userException = (message: string) =>
    new SoapFaultError({ code: `${envelopePrefix}:Server.userException`, message }, version);
  if (text.length > MAX_REQUEST_CHARS) throw tooLarge(version);
  // SOAP forbids a DTD, and refusing one keeps entity expansion out of reach.
  if (/<!DOCTYPE/i.test(text))
    throw userException('org.xml.sax.SAXParseException: DOCTYPE is not allowed in a SOAP message.');
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw userException(
      `org.xml.sax.SAXParseException; lineNumber: ${valid.err.line}; columnNumber: ${valid.err.col}; ${valid.err.msg}`,
    );
  }
  const envelope = (xmlParser.parse(text) as Record<string, unknown>).Envelope as Record<string, unknown> | undefined;
  const body = envelope?.Body;
  const operation = body && typeof body === 'object' ? Object.keys(body)[0] : undefined;
  const action = soapAction(request, version);
  if (!operation && envelope && emptyBodyActions && action?.startsWith(emptyBodyActions)) {
    return { version, action, operation: action.slice(emptyBodyActions.length), payload: {} };
  }
  if (!operation) throw userException('No SOAP Envelope/Body with an operation element.');
  const payload = (body as Record<string, unknown>)[operation];
  return { version, action, operation, payload: isRecord(payload) ? payload : {} };
}

function soapAction(request: Request, version: SoapVersion): string | null {
  if (version === '1.1') {
    const header = request.headers.get('soapaction');
    return header === null ? null : header.trim().replace(/^"(.*)"$/, '$1');
  }
  const match = /;\s*action\s*=\s*"?([^";]*)"?/i.exec(request.headers.get('content-type') ?? '');
  return match ? match[1]! : null;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function soapEnvelope(version: SoapVersion, prefix: string, body: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><${prefix}:Envelope xmlns:${prefix}="${ENVELOPE_NS[version]}"` +
    ' xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<${prefix}:Body>${body}</${prefix}:Body></${prefix}:Envelope>`
  );
}

function soapResponse(version: SoapVersion, prefix: string, body: string, status = 200): Response {
  return new Response(soapEnvelope(version, prefix, body), {
    status,
    headers: { 'content-type': CONTENT_TYPE[version] },
  });
}

/** SOAP 1.1 `faultcode`/`faultstring`, or SOAP 1.2 `Code/Value`/`Reason/Text`; HTTP 500 either way. */
function soapFaultResponse(version: SoapVersion, prefix: string, fault: SoapFault, asciiText = false): Response {
  const xmlns = Object.entries(fault.codeNamespaces ?? {})
    .map(([p, uri]) => ` xmlns:${p}="${uri}"`)
    .join('');
  const message = escapeXml(fault.message, asciiText);
  let inner: string;
  if (version === '1.1') {
    inner =
      `<faultcode${xmlns}>${fault.code}</faultcode><faultstring>${message}</faultstring>` +
      (fault.detail === undefined ? '' : `<detail>${fault.detail}</detail>`);
  } else {
    // SOAP 1.2 renamed the standard codes: Client → Sender, Server → Receiver.
    const code = fault.code
      .replace(`${prefix}:Client`, `${prefix}:Sender`)
      .replace(`${prefix}:Server`, `${prefix}:Receiver`);
    inner =
      `<${prefix}:Code${xmlns}><${prefix}:Value>${code}</${prefix}:Value></${prefix}:Code>` +
      `<${prefix}:Reason><${prefix}:Text xml:lang="en">${message}</${prefix}:Text></${prefix}:Reason>` +
      (fault.detail === undefined ? '' : `<${prefix}:Detail>${fault.detail}</${prefix}:Detail>`);
  }
  return soapResponse(version, prefix, `<${prefix}:Fault>${inner}</${prefix}:Fault>`, 500);
}
