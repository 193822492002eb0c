// Reads and checks the login ticket request (TRA) inside a CMS the way the WSAA does: schema, version,
// optional source/destination DNs, the ±24 h time window and the service name.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Environment } from '@/lib/ar/environments';
import { isRecord } from '@/lib/emulator/soap';
import { wsaaFaultError } from '@/lib/emulator/wsaa-faults';

export interface LoginRequest {
  uniqueId: number;
  generationTime: Date;
  expirationTime: Date;
  service: string;
}

const DAY_MS = 24 * 3_600_000;
/** The WSAA's own DN, which a TRA may name as its destination. */
const WSAA_DN: Record<Environment, string> = {
  sandbox: 'cn=wsaahomo,o=afip,c=ar,serialNumber=CUIT 33693450239',
  live: 'cn=wsaa,o=afip,c=ar,serialNumber=CUIT 33693450239',
};

// The TRA has no namespace and its names are case-sensitive, so prefixes are kept as written.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  trimValues: true,
});

export function readLoginRequest(
  content: Buffer,
  context: { environment: Environment; signerDn: { name: string; value: string }[]; now: Date },
): LoginRequest {
  const bad = () => wsaaFaultError('xml.bad');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content).replace(/^\uFEFF/, '');
  } catch {
    throw bad();
  }
  if (/<!DOCTYPE/i.test(text) || XMLValidator.validate(text) !== true) throw bad();
  const root = (parser.parse(text) as Record<string, unknown>).loginTicketRequest;
  const header = isRecord(root) ? root.header : undefined;
  if (!isRecord(root) || !isRecord(header) || typeof root.service !== 'string') throw bad();
  const uniqueId = /^\d{1,10}$/.test(String(header.uniqueId)) ? Number(header.uniqueId) : NaN;
  const generationTime = parseDateTime(header.generationTime);
  const expirationTime = parseDateTime(header.expirationTime);
  const service = root.service;
  if (!(uniqueId <= 0xffffffff) || !generationTime || !expirationTime) throw bad();
  if (!/^[A-Za-z][A-Za-z0-9_-]{2,31}$/.test(service)) throw bad();
  const version = root['@version'];
  if (version !== undefined && !/^1(\.0*)?$/.test(String(version))) throw wsaaFaultError('xml.version.notSupported');
  if (header.source !== undefined && !sameDn(String(header.source), context.signerDn))
    throw wsaaFaultError('xml.source.invalid');
  if (header.destination !== undefined && !sameDn(String(header.destination), parseDn(WSAA_DN[context.environment]))) {
    throw wsaaFaultError('xml.destination.invalid');
  }
  const now = context.now.getTime();
  if (generationTime.getTime() > now || generationTime.getTime() < now - DAY_MS)
    throw wsaaFaultError('xml.generationTime.invalid');
  if (expirationTime.getTime() < now) throw wsaaFaultError('xml.expirationTime.expired');
  if (expirationTime.getTime() > now + DAY_MS || expirationTime <= generationTime)
    throw wsaaFaultError('xml.expirationTime.invalid');
  return { uniqueId, generationTime, expirationTime, service };
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})?$/;

/** xsd:dateTime; without an offset it is read as Argentina's time (UTC−3), the server's own clock. */
function parseDateTime(value: unknown): Date | undefined {
  const match = DATE_TIME.exec(String(value ?? ''));
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const millis = match[7] ? Math.floor(Number(`0${match[7]}`) * 1000) : 0;
  const local = new Date(Date.UTC(year, month - 1, day, hour, minute, second, millis));
  // Rejects 31 February or 25:00 rather than rolling them over.
  if (local.getUTCMonth() !== month - 1 || local.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59)
    return undefined;
  const zone = match[8] ?? '-03:00';
  const offsetMinutes =
    zone === 'Z' ? 0 : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4)));
  return new Date(local.getTime() - offsetMinutes * 60_000);
}

/** `cn=wsaa,o=afip,...` as name/value pairs; DN comparison ignores case, spacing and order. */
function parseDn(dn: string): { name: string; value: string }[] {
  return dn.split(/(?<!\\),/).map((part) => {
    const [name = '', ...value] = part.split('=');
    return { name, value: value.join('=') };
  });
}

function sameDn(dn: string, expected: { name: string; value: string }[]): boolean {
  const normalise = (pairs: { name: string; value: string }[]) =>
    pairs
      .map(({ name, value }) => `${name.trim().toLowerCase()}=${value.trim().toLowerCase()}`)
      .sort()
      .join(',');
  return normalise(parseDn(dn)) === normalise(expected);
}
