// Where the authority's web services are: AFIP/ARCA's hosts (or the ones the operator names instead,
// AR_WSAA_URL_* / AR_WSFE_URL_* / AR_REGISTER_URL_* / AR_WSFEX_URL_* / AR_WSCT_URL_*), or the built-in emulator.
import { arAuthority, authorityUrlOverride, emulatorBaseUrl } from '@/lib/config';
import type { Environment } from '@/lib/ar/environments';

const AFIP = {
  sandbox: {
    wsaa: 'https://wsaahomo.afip.gov.ar/ws/services/LoginCms',
    wsfe: 'https://wswhomo.afip.gov.ar/wsfev1/service.asmx',
    register: 'https://awshomo.afip.gov.ar/sr-padron/webservices/personaServiceA5',
    wsfex: 'https://wswhomo.afip.gov.ar/wsfexv1/service.asmx',
    // Tourism (type T): homologación is .gov.ar, production .gob.ar (the WSDLs' soap:address).
    wsct: 'https://fwshomo.afip.gov.ar/wsct/CTService',
  },
  live: {
    wsaa: 'https://wsaa.afip.gov.ar/ws/services/LoginCms',
    wsfe: 'https://servicios1.afip.gov.ar/wsfev1/service.asmx',
    register: 'https://aws.afip.gov.ar/sr-padron/webservices/personaServiceA5',
    wsfex: 'https://servicios1.afip.gov.ar/wsfexv1/service.asmx',
    wsct: 'https://serviciosjava.afip.gob.ar/wsct/CTService',
  },
} as const;

export interface AuthorityEndpoint {
  url: string;
  /** The live hosts still offer small DH keys only, which OpenSSL 3 refuses at its default level. */
  legacyTls: boolean;
}

const EMULATOR_PATHS = {
  wsaa: 'wsaa/LoginCms',
  wsfe: 'wsfev1/service.asmx',
  register: 'sr-padron/webservices/personaServiceA5',
  wsfex: 'wsfexv1/service.asmx',
  wsct: 'wsct/CTService',
} as const;

export function authorityEndpoint(environment: Environment, service: keyof typeof EMULATOR_PATHS): AuthorityEndpoint {
  if (arAuthority() === 'emulator') {
    const path = EMULATOR_PATHS[service];
    return { url: `${emulatorBaseUrl()}/emulator/${environment}/${path}`, legacyTls: false };
  }
  return { url: authorityUrlOverride(service, environment) ?? AFIP[environment][service], legacyTls: true };
}
