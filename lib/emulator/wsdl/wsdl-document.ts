// A WSDL 1.1 document (document/literal, wrapped, SOAP 1.1 and 1.2 bindings) written from a compact description
// of the operations a service serves and their types, so that each emulated service can answer `?WSDL` with a
// document of ours that describes exactly what it serves, its address pointing at the emulator.
import { escapeXml } from '@/lib/ar/xml';

/** xsd's simple types by our short names; anything else names a complex type of the description. */
const SIMPLE: Record<string, string> = {
  string: 's:string',
  int: 's:int',
  long: 's:long',
  short: 's:short',
  decimal: 's:decimal',
  double: 's:double',
  boolean: 's:boolean',
  dateTime: 's:dateTime',
};

/** name, type, and how often: `?` 0..1 (the default), `1` exactly once, `*` 0..unbounded. */
export type Field = readonly [name: string, type: string, occurs?: '?' | '1' | '*'];

export interface ServiceDescription {
  /** The service's name in the document (`Service` for ASMX). */
  service: string;
  namespace: string;
  documentation: string;
  /** Each operation's request children and, in `<op>Response`, its result element and type. */
  operations: Record<string, { input: readonly Field[]; result: Field }>;
  /** SOAPAction: `${namespace}${operation}` (ASMX) or empty (Axis, JAX-WS). */
  soapAction: (operation: string) => string;
  types: Record<string, readonly Field[]>;
  /** JAX-WS services leave the children of their elements unqualified; ASMX and Axis qualify them (the default). */
  unqualified?: true;
}

const typeOf = (type: string) => SIMPLE[type] ?? `tns:${type}`;

function fieldXml([name, type, occurs = '?']: Field): string {
  const min = occurs === '1' ? '1' : '0';
  const max = occurs === '*' ? 'unbounded' : '1';
  const nillable = occurs === '*' && !SIMPLE[type] ? ' nillable="true"' : '';
  return `<s:element minOccurs="${min}" maxOccurs="${max}" name="${name}"${nillable} type="${typeOf(type)}" />`;
}

const sequence = (fields: readonly Field[]) =>
  fields.length ? `<s:sequence>${fields.map(fieldXml).join('')}</s:sequence>` : '';

function wsdlDocument(description: ServiceDescription, address: string): string {
  const { namespace, operations } = description;
  const names = Object.keys(operations);
  const elements = names
    .map((name) => {
      const { input, result } = operations[name]!;
      return (
        `<s:element name="${name}"><s:complexType>${sequence(input)}</s:complexType></s:element>` +
        `<s:element name="${name}Response"><s:complexType>${sequence([result])}</s:complexType></s:element>`
      );
    })
    .join('');
  const types = Object.entries(description.types)
    .map(([name, fields]) => `<s:complexType name="${name}">${sequence(fields)}</s:complexType>`)
    .join('');
  const messages = names
    .map(
      (name) =>
        `<wsdl:message name="${name}SoapIn"><wsdl:part name="parameters" element="tns:${name}" /></wsdl:message>` +
        `<wsdl:message name="${name}SoapOut"><wsdl:part name="parameters" element="tns:${name}Response" /></wsdl:message>`,
    )
    .join('');
  const portType = names
    .map(
      (name) =>
        `<wsdl:operation name="${name}"><wsdl:input message="tns:${name}SoapIn" /><wsdl:output message="tns:${name}SoapOut" /></wsdl:operation>`,
    )
    .join('');
  const binding = (prefix: 'soap' | 'soap12', suffix: string) =>
    `<wsdl:binding name="${description.service}${suffix}" type="tns:${description.service}Soap">` +
    `<${prefix}:binding transport="http://schemas.xmlsoap.org/soap/http" />` +
    names
      .map(
        (name) =>
          `<wsdl:operation name="${name}"><${prefix}:operation soapAction="${escapeXml(description.soapAction(name))}" style="document" />` +
          `<wsdl:input><${prefix}:body use="literal" /></wsdl:input><wsdl:output><${prefix}:body use="literal" /></wsdl:output></wsdl:operation>`,
      )
      .join('') +
    '</wsdl:binding>';
  const location = escapeXml(address);
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<wsdl:definitions xmlns:s="http://www.w3.org/2001/XMLSchema" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" ' +
    `xmlns:soap12="http://schemas.xmlsoap.org/wsdl/soap12/" xmlns:tns="${namespace}" targetNamespace="${namespace}" ` +
    'xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">' +
    `<wsdl:documentation>${escapeXml(description.documentation)}</wsdl:documentation>` +
    `<wsdl:types><s:schema elementFormDefault="${description.unqualified ? 'unqualified' : 'qualified'}" targetNamespace="${namespace}">` +
    `${elements}${types}</s:schema></wsdl:types>` +
    `${messages}<wsdl:portType name="${description.service}Soap">${portType}</wsdl:portType>` +
    `${binding('soap', 'Soap')}${binding('soap12', 'Soap12')}` +
    `<wsdl:service name="${description.service}">` +
    `<wsdl:port name="${description.service}Soap" binding="tns:${description.service}Soap"><soap:address location="${location}" /></wsdl:port>` +
    `<wsdl:port name="${description.service}Soap12" binding="tns:${description.service}Soap12"><soap12:address location="${location}" /></wsdl:port>` +
    '</wsdl:service></wsdl:definitions>'
  );
}

/** `GET <path>?WSDL` (any case, as ASMX and Axis take it): the document, addressed at the URL it was asked at. */
export function wsdlResponse(request: Request, description: ServiceDescription): Response | undefined {
  const url = new URL(request.url);
  if (![...url.searchParams.keys()].some((key) => key.toLowerCase() === 'wsdl')) return undefined;
  return new Response(wsdlDocument(description, `${url.origin}${url.pathname}`), {
    headers: { 'content-type': 'text/xml; charset=utf-8' },
  });
}
