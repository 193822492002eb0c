// The emulated WSCT's WSDL, ours (written from the manual v1.6.4's messages, not copied): one SOAP 1.1
// document/literal binding, elements unqualified below each message's root as the real schema has them, and
// the service's address this emulator's own, so a client can be pointed at `…/wsct/CTService?WSDL`.
import { escapeXml } from '@/lib/ar/xml';
import { WSCT_NAMESPACE } from '@/lib/ar/wsct-xml';
import { WSCT_PARAMETER_TABLES } from '@/lib/emulator/wsct-parameters';

type Field = [name: string, type: string, min?: 0 | 1, max?: 'unbounded'];
const seq = (fields: Field[]) =>
  `<xsd:sequence>${fields
    .map(
      ([name, type, min = 1, max]) =>
        `<xsd:element name="${name}" type="${type}" minOccurs="${min}" maxOccurs="${max ?? 1}"/>`,
    )
    .join('')}</xsd:sequence>`;
const complex = (name: string, fields: Field[]) => `<xsd:complexType name="${name}">${seq(fields)}</xsd:complexType>`;

const ERRORS: Field[] = [
  ['arrayErrores', 'tns:ArrayCodigosDescripcionesType', 0],
  ['arrayErroresFormato', 'tns:ArrayCodigosDescripcionesStringType', 0],
];
const AUTH: Field = ['authRequest', 'tns:AuthRequestType'];
const SEQUENCE: Field[] = [AUTH, ['codigoTipoComprobante', 'xsd:short'], ['numeroPuntoVenta', 'xsd:short']];

const COMPROBANTE: Field[] = [
  ['codigoTipoComprobante', 'xsd:short'],
  ['numeroPuntoVenta', 'xsd:short'],
  ['numeroComprobante', 'xsd:long'],
  ['fechaEmision', 'xsd:date', 0],
  ['codigoTipoAutorizacion', 'xsd:string', 0],
  ['codigoAutorizacion', 'xsd:long', 0],
  ['fechaVencimiento', 'xsd:date', 0],
  ['codigoTipoDocumento', 'xsd:short'],
  ['numeroDocumento', 'xsd:string'],
  ['idImpositivo', 'xsd:string'],
  ['codigoPais', 'xsd:short', 0],
  ['domicilioReceptor', 'xsd:string', 0],
  ['codigoRelacionEmisorReceptor', 'xsd:short'],
  ['importeGravado', 'xsd:decimal', 0],
  ['importeNoGravado', 'xsd:decimal', 0],
  ['importeExento', 'xsd:decimal', 0],
  ['importeOtrosTributos', 'xsd:decimal', 0],
  ['importeReintegro', 'xsd:decimal', 0],
  ['importeTotal', 'xsd:decimal'],
  ['codigoMoneda', 'xsd:string'],
  ['cotizacionMoneda', 'xsd:decimal', 0],
  ['cancelaEnMismaMonedaExtranjera', 'xsd:string', 0],
  ['observaciones', 'xsd:string', 0],
  ['arrayItems', 'tns:ArrayItemsType'],
  ['arrayComprobantesAsociados', 'tns:ArrayComprobantesAsociadosType', 0],
  ['arrayOtrosTributos', 'tns:ArrayOtrosTributosType', 0],
  ['arraySubtotalesIVA', 'tns:ArraySubtotalesIVAType', 0],
];

/** Each operation: its request fields (none for dummy) and its return's. */
const OPERATIONS: Record<string, { request?: Field[]; returns: Field[] }> = {
  dummy: {
    returns: [
      ['appserver', 'xsd:string'],
      ['dbserver', 'xsd:string'],
      ['authserver', 'xsd:string'],
    ],
  },
  autorizarComprobante: {
    request: [AUTH, ['comprobanteRequest', 'tns:ComprobanteType']],
    returns: [
      ['comprobanteResponse', 'tns:ComprobanteResponseType', 0],
      ['arrayObservaciones', 'tns:ArrayCodigosDescripcionesType', 0],
      ...ERRORS,
      ['resultado', 'xsd:string'],
    ],
  },
  consultarComprobanteTipoPVentaNro: {
    request: [...SEQUENCE, ['numeroComprobante', 'xsd:long']],
    returns: [
      ['comprobante', 'tns:ComprobanteType', 0],
      ['arrayObservaciones', 'tns:ArrayCodigosDescripcionesType', 0],
      ...ERRORS,
    ],
  },
  consultarUltimoComprobanteAutorizado: {
    request: SEQUENCE,
    returns: [['numeroComprobante', 'xsd:long', 0], ...ERRORS],
  },
  consultarCotizacion: {
    request: [AUTH, ['codigoMoneda', 'xsd:string'], ['fechaCotizacion', 'xsd:date', 0]],
    returns: [['cotizacionMoneda', 'xsd:decimal', 0], ...ERRORS],
  },
  ...Object.fromEntries(
    Object.entries(WSCT_PARAMETER_TABLES).map(([name, table]) => [
      name,
      {
        request: [AUTH],
        returns: [
          [
            table.array,
            table.entry === 'codigoDescripcion'
              ? 'tns:ArrayCodigosDescripcionesType'
              : 'tns:ArrayCodigosDescripcionesStringType',
            0,
          ],
          ...ERRORS,
        ] as Field[],
      },
    ]),
  ),
};

const returnElement = (name: string) =>
  name === 'consultarComprobanteTipoPVentaNro' ? 'consultarComprobanteReturn' : `${name}Return`;

const SHARED_TYPES = [
  complex('AuthRequestType', [
    ['token', 'xsd:string'],
    ['sign', 'xsd:string'],
    ['cuitRepresentada', 'xsd:long'],
  ]),
  complex('CodigoDescripcionType', [
    ['codigo', 'xsd:short'],
    ['descripcion', 'xsd:string'],
  ]),
  complex('CodigoDescripcionStringType', [
    ['codigo', 'xsd:string'],
    ['descripcion', 'xsd:string'],
  ]),
  complex('ArrayCodigosDescripcionesType', [['codigoDescripcion', 'tns:CodigoDescripcionType', 1, 'unbounded']]),
  complex('ArrayCodigosDescripcionesStringType', [
    ['codigoDescripcionString', 'tns:CodigoDescripcionStringType', 1, 'unbounded'],
  ]),
  complex('ComprobanteType', COMPROBANTE),
  complex('ItemType', [
    ['tipo', 'xsd:short'],
    ['codigoTurismo', 'xsd:short', 0],
    ['codigo', 'xsd:string', 0],
    ['descripcion', 'xsd:string'],
    ['codigoAlicuotaIVA', 'xsd:short'],
    ['importeIVA', 'xsd:decimal'],
    ['importeItem', 'xsd:decimal'],
  ]),
  complex('ArrayItemsType', [['item', 'tns:ItemType', 1, 'unbounded']]),
  complex('ComprobanteAsociadoType', [
    ['codigoTipoComprobante', 'xsd:short'],
    ['numeroPuntoVenta', 'xsd:short'],
    ['numeroComprobante', 'xsd:long'],
  ]),
  complex('ArrayComprobantesAsociadosType', [['comprobanteAsociado', 'tns:ComprobanteAsociadoType', 1, 'unbounded']]),
  complex('OtroTributoType', [
    ['codigo', 'xsd:short'],
    ['descripcion', 'xsd:string', 0],
    ['baseImponible', 'xsd:decimal', 0],
    ['importe', 'xsd:decimal'],
  ]),
  complex('ArrayOtrosTributosType', [['otroTributo', 'tns:OtroTributoType', 1, 'unbounded']]),
  complex('SubtotalIVAType', [
    ['codigo', 'xsd:short'],
    ['importe', 'xsd:decimal'],
  ]),
  complex('ArraySubtotalesIVAType', [['subtotalIVA', 'tns:SubtotalIVAType', 1, 'unbounded']]),
  complex('ComprobanteResponseType', [
    ['cuit', 'xsd:long'],
    ['codigoTipoComprobante', 'xsd:short'],
    ['numeroPuntoVenta', 'xsd:short'],
    ['numeroComprobante', 'xsd:long'],
    ['fechaEmision', 'xsd:date'],
    ['CAE', 'xsd:long'],
    ['fechaVencimientoCAE', 'xsd:date'],
  ]),
];

export function wsctWsdl(address: string): string {
  const names = Object.keys(OPERATIONS);
  const types = names.flatMap((name) => {
    const { request, returns } = OPERATIONS[name]!;
    return [
      ...(request
        ? [`<xsd:element name="${name}Request" type="tns:${name}RequestType"/>`, complex(`${name}RequestType`, request)]
        : []),
      `<xsd:element name="${name}Response" type="tns:${name}ResponseType"/>`,
      complex(`${name}ResponseType`, [[returnElement(name), `tns:${name}ReturnType`]]),
      complex(`${name}ReturnType`, returns),
    ];
  });
  const messages = names
    .map(
      (name) =>
        `<wsdl:message name="${name}Request">${OPERATIONS[name]!.request ? `<wsdl:part name="parameters" element="tns:${name}Request"/>` : ''}</wsdl:message>` +
        `<wsdl:message name="${name}Response"><wsdl:part name="parameters" element="tns:${name}Response"/></wsdl:message>`,
    )
    .join('');
  const portOperations = names
    .map(
      (name) =>
        `<wsdl:operation name="${name}"><wsdl:input message="tns:${name}Request"/><wsdl:output message="tns:${name}Response"/></wsdl:operation>`,
    )
    .join('');
  const bindingOperations = names
    .map(
      (name) =>
        `<wsdl:operation name="${name}"><soap:operation soapAction="${WSCT_NAMESPACE}${name}"/>` +
        '<wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>',
    )
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?><wsdl:definitions xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:tns="${WSCT_NAMESPACE}" ` +
    `xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:xsd="http://www.w3.org/2001/XMLSchema" name="CTService" targetNamespace="${WSCT_NAMESPACE}">` +
    `<wsdl:types><xsd:schema targetNamespace="${WSCT_NAMESPACE}">${[...SHARED_TYPES, ...types].join('')}</xsd:schema></wsdl:types>` +
    `${messages}<wsdl:portType name="CTServicePortType">${portOperations}</wsdl:portType>` +
    `<wsdl:binding name="CTServiceSOAP" type="tns:CTServicePortType"><soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>${bindingOperations}</wsdl:binding>` +
    `<wsdl:service name="CTService"><wsdl:port name="CTServiceSOAP" binding="tns:CTServiceSOAP"><soap:address location="${escapeXml(address)}"/></wsdl:port></wsdl:service>` +
    '</wsdl:definitions>'
  );
}
