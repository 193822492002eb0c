// The emulated WSAA's WSDL: loginCms, a CMS in base64 (`in0`) answered with the login ticket's XML
// (`loginCmsReturn`), in the authority's namespace; Axis sends no SOAPAction.
import type { ServiceDescription } from '@/lib/emulator/wsdl/wsdl-document';

export const WSAA_WSDL: ServiceDescription = {
  service: 'LoginCMSService',
  namespace: 'http://wsaa.view.sua.dvadac.desein.afip.gov',
  documentation: 'WSAA: Web Service de Autenticacion y Autorizacion (emulador)',
  soapAction: () => '',
  operations: { loginCms: { input: [['in0', 'string', '1']], result: ['loginCmsReturn', 'string', '1'] } },
  types: {},
};
