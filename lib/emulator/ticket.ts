// The access ticket (TA) the emulated WSAA issues, in the real one's format: a loginTicketResponse whose
// token is a base64 `sso` document (some clients decode it) and whose sign is opaque.
import crypto from 'node:crypto';
import { argentinaTime } from '@/lib/ar/tra';
import type { Environment } from '@/lib/ar/environments';
import { escapeXml } from '@/lib/ar/xml';

const TICKET_LIFETIME_MS = 12 * 3_600_000;
const AUTHORITY_CUIT = '33693450239';
const WSAA_SOURCE: Record<Environment, string> = {
  sandbox: `CN=wsaahomo, O=AFIP, C=AR, SERIALNUMBER=CUIT ${AUTHORITY_CUIT}`,
  live: `CN=wsaa, O=AFIP, C=AR, SERIALNUMBER=CUIT ${AUTHORITY_CUIT}`,
};

export interface IssuedTicket {
  /** The loginTicketResponse document, which the SOAP reply carries escaped as text. */
  xml: string;
  token: string;
  sign: string;
  expiresAt: Date;
}

export interface TicketSubject {
  environment: Environment;
  service: string;
  /** The CUIT the ticket lets its holder act for. */
  cuit: string;
  /** The client certificate's subject, in encoding order. */
  subject: { name: string; value: string }[];
  now: Date;
}

export function issueTicket({ environment, service, cuit, subject, now }: TicketSubject): IssuedTicket {
  const expiresAt = new Date(now.getTime() + TICKET_LIFETIME_MS);
  const destination = javaDn(subject);
  const token = Buffer.from(ssoDocument({ environment, service, cuit, destination, now, expiresAt }), 'utf8').toString(
    'base64',
  );
  // The real sign is the authority's signature over the token; ours only has to be unguessable.
  const sign = crypto.randomBytes(128).toString('base64');
  const lines = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    '<loginTicketResponse version="1">',
    '    <header>',
    `        <source>${escapeXml(WSAA_SOURCE[environment])}</source>`,
    `        <destination>${escapeXml(destination)}</destination>`,
    `        <uniqueId>${crypto.randomInt(0, 2 ** 32)}</uniqueId>`,
    `        <generationTime>${argentinaTime(now, true)}</generationTime>`,
    `        <expirationTime>${argentinaTime(expiresAt, true)}</expirationTime>`,
    '    </header>',
    '    <credentials>',
    `        <token>${token}</token>`,
    `        <sign>${sign}</sign>`,
    '    </credentials>',
    '</loginTicketResponse>',
  ];
  return { xml: `${lines.join('\n')}\n`, token, sign, expiresAt };
}

function ssoDocument(ticket: {
  environment: Environment;
  service: string;
  cuit: string;
  destination: string;
  now: Date;
  expiresAt: Date;
}) {
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  // The real gen_time is a minute before the ticket's generationTime.
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    '<sso version="2.0">',
    `    <id src="${escapeXml(WSAA_SOURCE[ticket.environment])}" dst="CN=${escapeXml(ticket.service)}, O=AFIP, C=AR"` +
      ` unique_id="${crypto.randomInt(0, 2 ** 32)}" gen_time="${seconds(ticket.now) - 60}" exp_time="${seconds(ticket.expiresAt)}"/>`,
    '    <operation type="login" value="granted">',
    `        <login entity="${AUTHORITY_CUIT}" service="${escapeXml(ticket.service)}" uid="${escapeXml(ticket.destination)}" authmethod="cms" regmethod="22">`,
    '            <relations>',
    `                <relation key="${ticket.cuit}" reltype="4"/>`,
    '            </relations>',
    '        </login>',
    '    </operation>',
    '</sso>',
    '',
  ].join('\n');
}

/** A DN as Java's X500Principal prints it: last RDN first, `, ` between, RFC 2253 escapes. */
function javaDn(subject: { name: string; value: string }[]): string {
  return [...subject]
    .reverse()
    .map(({ name, value }) => `${name}=${value.replace(/[,+"\\<>;=]/g, '\\$&')}`)
    .join(', ');
}
