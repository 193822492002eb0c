// Test-side helpers that talk to a running emulator over HTTP: its portal (JSON) and raw SOAP, so the
// tests see exactly the bytes a client would.
import { XMLParser } from 'fast-xml-parser';
import { buildLoginTicketRequest, signCms } from '@/lib/ar/cms';
import { makeCsr, pkcs8Pem, testKey } from '@/tests/support/pki';
import { recordResponse } from '@/tests/support/response-recorder';

type Environment = 'sandbox' | 'live';

/** htmlEntities: Axis writes non-ASCII as character references (`inv&#xE1;lida`), which must be decoded. */
export const soapParser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  htmlEntities: true,
});

export async function portal(baseUrl: string, resource: string, body: unknown) {
  const response = await fetch(`${baseUrl}/emulator/portal/${resource}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  recordResponse(text);
  return { status: response.status, body: JSON.parse(text) as any };
}

/** A GET of the portal's JSON API, e.g. `taxpayers/20123456786?environment=sandbox`. */
export async function portalGet(baseUrl: string, path: string) {
  const response = await fetch(`${baseUrl}/emulator/portal/${path}`);
  const text = await response.text();
  recordResponse(text);
  return { status: response.status, body: JSON.parse(text) as any };
}

export interface EnrolledCertificate {
  environment: Environment;
  cuit: string;
  alias: string;
  certificatePem: string;
  privateKeyPem: string;
}

/** The test PKI's supplier key, a certificate the portal issued for it, and the given service authorizations. */
export async function enrolledCertificate(
  baseUrl: string,
  options: { environment: Environment; cuit: string; alias: string; services?: string[]; organization?: string },
): Promise<EnrolledCertificate> {
  const key = testKey('rsa', { slot: 'leaf' });
  const csr = makeCsr({
    key,
    cuit: options.cuit,
    alias: options.alias,
    organization: options.organization ?? null,
  }).pem;
  const issued = await portal(baseUrl, 'certificates', { environment: options.environment, alias: options.alias, csr });
  if (issued.status !== 200) throw new Error(`portal refused the CSR: ${JSON.stringify(issued.body)}`);
  for (const service of options.services ?? []) {
    const authorized = await portal(baseUrl, 'authorizations', {
      environment: options.environment,
      cuit: options.cuit,
      alias: options.alias,
      service,
    });
    if (authorized.status !== 201)
      throw new Error(`portal refused the authorization: ${JSON.stringify(authorized.body)}`);
  }
  return { ...options, certificatePem: issued.body.certificate, privateKeyPem: pkcs8Pem(key) };
}

export interface SoapReply {
  status: number;
  contentType: string;
  text: string;
  body: Record<string, any>;
  fault?: { code: string; message: string };
}

export async function postSoap(url: string, envelope: string, headers: Record<string, string>): Promise<SoapReply> {
  const response = await fetch(url, { method: 'POST', headers, body: envelope });
  const text = await response.text();
  const body = (soapParser.parse(text).Envelope?.Body ?? {}) as Record<string, any>;
  const fault = body.Fault
    ? {
        code: String(body.Fault.faultcode ?? body.Fault.Code?.Value),
        message: String(body.Fault.faultstring ?? body.Fault.Reason?.Text),
      }
    : undefined;
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, body, fault };
}

export const loginCmsEnvelope = (in0: string) =>
  '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:wsaa="http://wsaa.view.sua.dvadac.desein.afip.gov">' +
  `<soapenv:Header/><soapenv:Body><wsaa:loginCms><wsaa:in0>${in0}</wsaa:in0></wsaa:loginCms></soapenv:Body></soapenv:Envelope>`;

/** Signs a TRA (by default the standard one for `service`) and posts it to the environment's WSAA. */
export async function loginCms(
  baseUrl: string,
  environment: Environment,
  credential: { certificatePem: string; privateKeyPem: string },
  options: { service?: string; tra?: string } = {},
): Promise<SoapReply> {
  const tra = options.tra ?? buildLoginTicketRequest({ service: options.service ?? 'wsfe' });
  const cms = (await signCms(Buffer.from(tra, 'utf8'), credential.certificatePem, credential.privateKeyPem)).toString(
    'base64',
  );
  return postSoap(`${baseUrl}/emulator/${environment}/wsaa/LoginCms`, loginCmsEnvelope(cms), {
    'content-type': 'text/xml; charset=utf-8',
    soapaction: '""',
  });
}

/** The ticket inside a successful loginCms reply. */
export function ticketOf(reply: SoapReply) {
  const xml = String(reply.body.loginCmsResponse?.loginCmsReturn ?? '');
  const ticket = soapParser.parse(xml).loginTicketResponse;
  return { xml, token: String(ticket.credentials.token), sign: String(ticket.credentials.sign), header: ticket.header };
}

export function wsfe(baseUrl: string, environment: Environment, operation: string, inner = '') {
  const envelope =
    '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ar="http://ar.gov.afip.dif.FEV1/">' +
    `<soap:Body><ar:${operation}>${inner}</ar:${operation}></soap:Body></soap:Envelope>`;
  return postSoap(`${baseUrl}/emulator/${environment}/wsfev1/service.asmx`, envelope, {
    'content-type': 'text/xml; charset=utf-8',
    soapaction: `"http://ar.gov.afip.dif.FEV1/${operation}"`,
  });
}

export const authXml = (auth: { token: string; sign: string; cuit: string }) =>
  `<ar:Auth><ar:Token>${auth.token}</ar:Token><ar:Sign>${auth.sign}</ar:Sign><ar:Cuit>${auth.cuit}</ar:Cuit></ar:Auth>`;
