// XML as the authority's services speak it, for our clients and for the emulator alike.
import { XMLParser } from 'fast-xml-parser';

/**
 * Parsed by local name (namespace prefixes vary from client to client), values kept as strings, and
 * character references decoded: the authority writes accented letters as `&#xE1;`.
 */
export const xmlParser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  htmlEntities: true,
});

/** Escapes text for element content and attribute values; `ascii` also writes non-ASCII as `&#xE1;`, as Axis does. */
export function escapeXml(text: string, ascii = false): string {
  const escaped = text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
  return ascii
    ? escaped.replace(/\P{ASCII}/gu, (ch) => `&#x${ch.codePointAt(0)!.toString(16).toUpperCase()};`)
    : escaped;
}
