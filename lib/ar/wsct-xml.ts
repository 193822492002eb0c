// WSCT's XML as both sides write it: its namespace, the element each operation answers in, and a value written
// as elements in its keys' order (the schema's sequences), a list as its element repeated. Only the root element
// of a message is qualified: the schema leaves elementFormDefault unqualified.
import { escapeXml } from '@/lib/ar/xml';

export const WSCT_NAMESPACE = 'http://ar.gob.afip.wsct/CTService/';

/** The answer's inner element: `<op>Return`, but for consultarComprobanteTipoPVentaNro. */
export const wsctReturnElement = (operation: string) =>
  operation === 'consultarComprobanteTipoPVentaNro' ? 'consultarComprobanteReturn' : `${operation}Return`;

export type XmlValue = string | number | boolean | undefined | null | XmlValue[] | { [key: string]: XmlValue };

export function toXmlElements(value: { [key: string]: XmlValue }): string {
  return Object.entries(value)
    .map(([name, inner]) => element(name, inner))
    .join('');
}

function element(name: string, value: XmlValue): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map((item) => element(name, item)).join('');
  if (typeof value === 'object') return `<${name}>${toXmlElements(value)}</${name}>`;
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}
