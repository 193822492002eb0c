// Reads an X.509 Name from its ASN.1 and writes it as an RFC 4514 string ("CN=Computadores Test, O=AFIP, C=AR"),
// decoding UTF8String and BMPString values so a razón social with accents survives.
import forge from 'node-forge';
import { children, oidOf } from '@/lib/ar/certificates/encoding';

export interface NameAttribute {
  oid: string;
  name: string;
  value: string;
}
/** Relative distinguished names in encoded order; each usually holds one attribute. */
export type DistinguishedName = NameAttribute[][];

export const OID_COMMON_NAME = '2.5.4.3';
export const OID_SERIAL_NUMBER = '2.5.4.5';

// RFC 4514's short names, plus the long names OpenSSL prints for the attributes certificates here carry.
const SHORT_NAMES: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.9': 'STREET',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '0.9.2342.19200300.100.1.25': 'DC',
  '0.9.2342.19200300.100.1.1': 'UID',
  '2.5.4.5': 'serialNumber',
  '2.5.4.12': 'title',
  '2.5.4.4': 'SN',
  '2.5.4.42': 'GN',
  '1.2.840.113549.1.9.1': 'emailAddress',
};

const { Type } = forge.asn1;

function decodeString(type: number, binary: string): string {
  const bytes = Buffer.from(binary, 'binary');
  if (type === Type.UTF8) return bytes.toString('utf8');
  if (type === Type.BMPSTRING)
    return Buffer.from(bytes.subarray(0, bytes.length & ~1))
      .swap16()
      .toString('utf16le');
  if (type === 28 /* UniversalString, UTF-32BE */) {
    let text = '';
    for (let i = 0; i + 3 < bytes.length; i += 4) text += String.fromCodePoint(bytes.readUInt32BE(i));
    return text;
  }
  return bytes.toString('latin1');
}

export function readDistinguishedName(name: forge.asn1.Asn1 | undefined): DistinguishedName {
  return children(name).map((rdn) =>
    children(rdn).map((pair) => {
      const [type, value] = children(pair);
      const oid = oidOf(type) ?? '';
      const text = value && typeof value.value === 'string' ? decodeString(value.type, value.value) : '';
      return { oid, name: SHORT_NAMES[oid] ?? oid, value: text };
    }),
  );
}

const escapeValue = (value: string) =>
  value
    .replace(/[\\,+"<>;]/g, (c) => `\\${c}`)
    .replace(/^[ #]/, (c) => `\\${c}`)
    .replace(/ $/, '\\ ');

/** RFC 4514: the last RDN first, attributes of one RDN joined by "+". */
export function formatDistinguishedName(dn: DistinguishedName): string {
  return [...dn]
    .reverse()
    .map((rdn) => rdn.map((attr) => `${attr.name}=${escapeValue(attr.value)}`).join('+'))
    .join(', ');
}

export function attributeValue(dn: DistinguishedName, oid: string): string | undefined {
  return dn.flat().find((attr) => attr.oid === oid)?.value;
}
