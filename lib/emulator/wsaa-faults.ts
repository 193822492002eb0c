// The WSAA's SOAP faults as the real Axis server writes them: the code in Axis' `ns1` namespace, the
// authority's own Spanish strings (including its quirks), and a LoginFault detail.
import { SoapFaultError, type SoapFault } from '@/lib/emulator/soap';

const AXIS_NS = 'http://xml.apache.org/axis/';
/** Where the real detail names its node; ours says what it is. */
const HOSTNAME = 'wsaa-emulator';

export const WSAA_FAULT_STRINGS = {
  'cms.bad.base64': 'No se puede decodificar el BASE64',
  'cms.bad': 'El CMS no es valido',
  'cms.cert.notFound': 'No se ha encontrado certificado de firmador',
  'cms.sign.invalid': 'Firma inválida o algoritmo no soportado',
  'cms.cert.invalid': 'Certificado con fecha de generacion posterior a la actual',
  'cms.cert.expired': 'Certificado expirado',
  'cms.cert.untrusted': 'Certificado no emitido por AC de confianza',
  // Not a real code: the authority reports revocation at login, and the emulator names it plainly.
  'cms.cert.revoked': 'Certificado revocado',
  'xml.bad': 'No se ha podido interpretar el XML contra el SCHEMA',
  'xml.version.notSupported': 'La versión del documento no es soportada',
  'xml.source.invalid': "El atributo 'source' no se corresponde con el DN del Certificado",
  'xml.destination.invalid': "El atributo 'destination' no se corresponde con el DN del WSAA",
  'xml.generationTime.invalid':
    'generationTime posee formato o dato inválido (ej: en el futuro o más de 24 horas de antigüedad)',
  'xml.expirationTime.expired': 'El tiempo de expiración es inferior a la hora actual',
  'xml.expirationTime.invalid': 'El tiempo de expiración del documento es superior a 24 horas',
  'wsn.notFound': 'Servicio informado inexistente',
  'coe.notAuthorized': 'Computador no autorizado a acceder al servicio',
  'coe.alreadyAuthenticated': 'El CEE ya posee un TA valido para el acceso al WSN solicitado',
  'wsaa.internalError': 'No se ha podido procesar el requerimiento',
} as const;

export type WsaaFaultCode = keyof typeof WSAA_FAULT_STRINGS;

const detail = (exceptionName?: string) =>
  (exceptionName ? `<ns2:exceptionName xmlns:ns2="${AXIS_NS}">${exceptionName}</ns2:exceptionName>` : '') +
  `<ns3:hostname xmlns:ns3="${AXIS_NS}">${HOSTNAME}</ns3:hostname>`;

export function wsaaFault(code: WsaaFaultCode): SoapFault {
  return {
    code: `ns1:${code}`,
    codeNamespaces: { ns1: AXIS_NS },
    message: WSAA_FAULT_STRINGS[code],
    detail: detail('gov.afip.desein.dvadac.sua.view.wsaa.LoginFault'),
  };
}

export const wsaaFaultError = (code: WsaaFaultCode) => new SoapFaultError(wsaaFault(code));

/** Axis refuses a SOAP 1.1 request without a SOAPAction header before the service sees it. */
export const noSoapActionFault = (): SoapFaultError =>
  new SoapFaultError({
    code: 'ns1:Client.NoSOAPAction',
    codeNamespaces: { ns1: AXIS_NS },
    message: 'no SOAPAction header!',
    detail: detail(),
  });

export const axisFault = (code: 'Client' | 'Server.userException', message: string): SoapFaultError =>
  new SoapFaultError({ code: `soapenv:${code}`, message, detail: detail() });
