// The one error of certificate validation: a contract code, the form field to fix, and a message in
// Spanish and English that says what happened and what to do next. Messages never carry secrets.
import type { Environment } from '@/lib/ar/environments';
import { formatCuit } from '@/lib/ar/cuit-digits';
import { sameClassInEveryBundle } from '@/lib/process-singleton';

export type CertificateErrorCode =
  | 'certificate_missing'
  | 'certificate_unreadable'
  | 'certificate_is_request'
  | 'key_missing'
  | 'key_unreadable'
  | 'key_unsupported'
  | 'key_too_weak'
  | 'key_password_required'
  | 'key_password_invalid'
  | 'key_mismatch'
  | 'certificate_expired'
  | 'certificate_not_yet_valid'
  | 'certificate_untrusted'
  | 'certificate_wrong_environment'
  | 'certificate_cuit_mismatch'
  | 'certificate_revoked'
  | 'service_not_authorized'
  | 'authority_unavailable';

export type CertificateField = 'certificate' | 'key' | 'password';

export interface CertificateErrorDetails {
  service?: string;
  /** The supplier's CUIT (the one the certificate should carry). */
  cuit?: string;
  /** The registration's environment. */
  environment?: Environment;
  /** The key was the one we generated for /csr: a mismatch is then the certificate's fault. */
  generatedKey?: boolean;
  /** Why a readable file is refused, when the code alone does not say it. */
  reason?: CertificateRefusalReason;
}

/**
 * key_too_large, key_exponent: an RSA key past the limits we compute with (key_unsupported);
 * key_derivation_too_costly: an encrypted key whose password derivation asks for more work than we allow
 * (key_unreadable); too_many_certificates: a certificate file of more than 10 (certificate_unreadable).
 */
export type CertificateRefusalReason =
  | 'key_too_large'
  | 'key_exponent'
  | 'key_derivation_too_costly'
  | 'too_many_certificates';

export interface CertificateMessages {
  es: string;
  en: string;
}

type Messages = (details: CertificateErrorDetails) => CertificateMessages;

// The authority's own labels stay in Spanish in both languages: they are what the supplier sees on screen.
const PORTAL = {
  sandbox: 'WSASS «Autogestión Certificados Homologación»',
  live: '«Administración de Certificados Digitales»',
} as const;
const portal = (env?: Environment) => (env ? PORTAL[env] : 'el portal de ARCA');
const portalEn = (env?: Environment) => (env ? PORTAL[env] : "ARCA's portal");
const ENV_ES = { sandbox: 'homologación (pruebas)', live: 'producción' } as const;
const ENV_EN = { sandbox: 'testing (homologación)', live: 'production' } as const;
const other = (env: Environment): Environment => (env === 'sandbox' ? 'live' : 'sandbox');
const serviceName = (service = 'wsfe') => (service === 'wsfe' ? 'wsfe (Facturación Electrónica)' : service);

function authorizationSteps(env: Environment | undefined, service: string): CertificateMessages {
  const sandbox = {
    es: `en WSASS use «Crear autorización a servicio» con el alias del certificado como «Nombre simbólico del DN a autorizar», la CUIT como «CUIT representado» y el servicio ${service}`,
    en: `in WSASS use «Crear autorización a servicio» with the certificate's alias as «Nombre simbólico del DN a autorizar», the CUIT as «CUIT representado» and the service ${service}`,
  };
  const live = {
    es: `en «Administrador de Relaciones de Clave Fiscal» elija «Nueva Relación» → ARCA → «WebServices» → el servicio ${service}, y como Representante el alias del certificado en «Computador Fiscal»`,
    en: `in «Administrador de Relaciones de Clave Fiscal» choose «Nueva Relación» → ARCA → «WebServices» → the service ${service}, and as Representante the certificate's alias under «Computador Fiscal»`,
  };
  if (env) return env === 'sandbox' ? sandbox : live;
  return {
    es: `${sandbox.es} (homologación), o ${live.es} (producción)`,
    en: `${sandbox.en} (testing), or ${live.en} (production)`,
  };
}

export const CERTIFICATE_ERROR_MESSAGES: Record<CertificateErrorCode, Messages> = {
  certificate_missing: () => ({
    es: 'Falta el certificado. Suba el archivo .crt que descargó de ARCA o pegue su texto (empieza con -----BEGIN CERTIFICATE-----).',
    en: 'The certificate is missing. Upload the .crt file you downloaded from ARCA or paste its text (it starts with -----BEGIN CERTIFICATE-----).',
  }),
  certificate_unreadable: ({ environment, reason }) =>
    reason === 'too_many_certificates'
      ? {
          es: `El archivo trae más de 10 certificados. Suba solo el certificado que descargó de ${portal(environment)} (con su cadena, si la tiene).`,
          en: `The file holds more than 10 certificates. Upload only the certificate you downloaded from ${portalEn(environment)} (with its chain, if it has one).`,
        }
      : {
          es: `No pudimos leer el certificado. Suba el archivo .crt tal como lo descargó de ${portal(environment)}, sin modificarlo; la clave privada va en su propio campo.`,
          en: `We could not read the certificate. Upload the .crt file exactly as downloaded from ${portalEn(environment)}; the private key goes in its own field.`,
        },
  certificate_is_request: ({ environment }) => ({
    es: `Subió el pedido de certificado (CSR), no el certificado. Pegue ese pedido en ${portal(environment)} para obtener el certificado y suba el archivo .crt que le entrega.`,
    en: `You uploaded the certificate request (CSR), not the certificate. Paste that request into ${portalEn(environment)} to get the certificate, then upload the .crt file it gives you.`,
  }),
  key_missing: () => ({
    es: 'Falta la clave privada. Suba el archivo .key que generó junto con el pedido de certificado (CSR).',
    en: 'The private key is missing. Upload the .key file you generated together with the certificate request (CSR).',
  }),
  key_unreadable: ({ reason }) =>
    reason === 'key_derivation_too_costly'
      ? {
          es: 'La clave privada está cifrada con más iteraciones de las que aceptamos. Vuelva a cifrarla con los valores habituales, con «openssl pkcs8 -topk8 -in clave.key -out clave-nueva.key», y suba la nueva con su contraseña.',
          en: 'The private key is encrypted with more iterations than we accept. Encrypt it again with the usual settings, with «openssl pkcs8 -topk8 -in clave.key -out clave-nueva.key», and upload the new file with its password.',
        }
      : {
          es: 'No pudimos leer la clave privada. Suba el archivo .key que generó con el pedido (empieza con -----BEGIN PRIVATE KEY----- o -----BEGIN RSA PRIVATE KEY-----); el certificado va en su propio campo.',
          en: 'We could not read the private key. Upload the .key file you generated with the request (it starts with -----BEGIN PRIVATE KEY----- or -----BEGIN RSA PRIVATE KEY-----); the certificate goes in its own field.',
        },
  key_unsupported: ({ reason }) => {
    const remedy = {
      es: 'Genere una con «openssl genrsa -out clave.key 2048», haga un pedido (CSR) nuevo y obtenga un certificado nuevo.',
      en: 'Make one with «openssl genrsa -out clave.key 2048», make a new request (CSR) and get a new certificate.',
    };
    if (reason === 'key_too_large') {
      return {
        es: `La clave RSA tiene más de 4096 bits y no la aceptamos: ARCA emite certificados para claves de 2048 bits. ${remedy.es}`,
        en: `The RSA key is longer than 4096 bits, which we do not accept: ARCA issues certificates for 2048-bit keys. ${remedy.en}`,
      };
    }
    if (reason === 'key_exponent') {
      return {
        es: `El exponente público de la clave RSA no es válido: debe ser impar, de al menos 3 y menor que 2^32 (el habitual es 65537). ${remedy.es}`,
        en: `The RSA key's public exponent is not valid: it must be odd, at least 3 and below 2^32 (the usual one is 65537). ${remedy.en}`,
      };
    }
    return {
      es: `La clave privada no es RSA y ARCA solo acepta RSA. ${remedy.es}`,
      en: `The private key is not RSA, and ARCA only accepts RSA. ${remedy.en}`,
    };
  },
  key_too_weak: () => ({
    es: 'La clave RSA tiene menos de 2048 bits. Genere una con «openssl genrsa -out clave.key 2048», haga un pedido (CSR) nuevo y obtenga un certificado nuevo.',
    en: 'The RSA key is shorter than 2048 bits. Make one with «openssl genrsa -out clave.key 2048», make a new request (CSR) and get a new certificate.',
  }),
  key_password_required: () => ({
    es: 'La clave privada está protegida con contraseña. Escríbala en el campo de la contraseña y vuelva a enviar.',
    en: 'The private key is protected by a password. Type it in the password field and submit again.',
  }),
  key_password_invalid: () => ({
    es: 'La contraseña no abre la clave privada. Revise mayúsculas, acentos y el teclado, y vuelva a intentar; si no la recuerda, genere una clave y un certificado nuevos.',
    en: 'The password does not open the private key. Check capitals, accents and the keyboard layout and try again; if it is lost, make a new key and certificate.',
  }),
  key_mismatch: ({ environment, generatedKey }) =>
    generatedKey
      ? {
          es: `Este certificado no fue emitido para el pedido (CSR) que le preparamos. Cree el certificado en ${portal(environment)} pegando ese pedido y suba el certificado que obtenga.`,
          en: `This certificate was not issued for the request (CSR) we prepared for you. Create the certificate in ${portalEn(environment)} by pasting that request, then upload the certificate you get.`,
        }
      : {
          es: 'El certificado y la clave privada no se corresponden. Suba la clave con la que generó el pedido (CSR) de este certificado, o el certificado emitido para esta clave.',
          en: "The certificate and the private key do not belong together. Upload the key you made this certificate's request (CSR) with, or the certificate issued for this key.",
        },
  certificate_expired: ({ environment }) => ({
    es: `El certificado está vencido. Obtenga uno nuevo en ${portal(environment)} con un pedido (CSR) nuevo y súbalo.`,
    en: `The certificate has expired. Get a new one in ${portalEn(environment)} with a new request (CSR) and upload it.`,
  }),
  certificate_not_yet_valid: ({ environment }) => ({
    es: `El certificado todavía no es válido: su fecha de inicio es futura. Espere unos minutos y vuelva a intentar; si sigue igual, obtenga uno nuevo en ${portal(environment)}.`,
    en: `The certificate is not valid yet: its start date is in the future. Wait a few minutes and try again; if it persists, get a new one in ${portalEn(environment)}.`,
  }),
  certificate_untrusted: ({ environment }) => ({
    es: `El certificado no fue emitido por ARCA${environment ? ` para ${ENV_ES[environment]}` : ''}. Obténgalo en ${portal(environment)} y suba ese archivo, no uno autofirmado ni de otra autoridad.`,
    en: `The certificate was not issued by ARCA${environment ? ` for ${ENV_EN[environment]}` : ''}. Get it from ${portalEn(environment)} and upload that file, not a self-signed one or one from another authority.`,
  }),
  certificate_wrong_environment: ({ environment = 'sandbox' }) => ({
    es: `Este certificado es de ${ENV_ES[other(environment)]}, pero esta alta es de ${ENV_ES[environment]}. Obtenga un certificado en ${portal(environment)} y súbalo.`,
    en: `This certificate is for ${ENV_EN[other(environment)]}, but this registration is for ${ENV_EN[environment]}. Get a certificate from ${portalEn(environment)} and upload it.`,
  }),
  certificate_cuit_mismatch: ({ cuit }) => {
    const who = cuit ? ` ${formatCuit(cuit)}` : ' del proveedor';
    return {
      es: `El certificado no pertenece a la CUIT${who}. Ingrese a ARCA con la Clave Fiscal de esa CUIT, cree allí el certificado y súbalo.`,
      en: `The certificate does not belong to CUIT${cuit ? ` ${formatCuit(cuit)}` : ' of the supplier'}. Log in to ARCA with that CUIT's Clave Fiscal, create the certificate there and upload it.`,
    };
  },
  certificate_revoked: ({ environment }) => ({
    es: `ARCA informa que este certificado fue revocado. Obtenga uno nuevo en ${portal(environment)} con un pedido (CSR) nuevo y súbalo.`,
    en: `ARCA reports this certificate as revoked. Get a new one in ${portalEn(environment)} with a new request (CSR) and upload it.`,
  }),
  service_not_authorized: ({ environment, service }) => {
    const steps = authorizationSteps(environment, serviceName(service));
    return {
      es: `El certificado no está autorizado para el servicio ${serviceName(service)}. Para autorizarlo, ${steps.es}; luego vuelva a enviar.`,
      en: `The certificate is not authorized for the service ${serviceName(service)}. To authorize it, ${steps.en}; then submit again.`,
    };
  },
  authority_unavailable: () => ({
    es: 'ARCA no responde en este momento y no se guardó nada. Vuelva a intentar en unos minutos con los mismos archivos.',
    en: 'ARCA is not answering right now and nothing was saved. Try again in a few minutes with the same files.',
  }),
};

const FIELDS: Record<CertificateErrorCode, CertificateField | undefined> = {
  certificate_missing: 'certificate',
  certificate_unreadable: 'certificate',
  certificate_is_request: 'certificate',
  key_missing: 'key',
  key_unreadable: 'key',
  key_unsupported: 'key',
  key_too_weak: 'key',
  key_password_required: 'password',
  key_password_invalid: 'password',
  key_mismatch: 'key',
  certificate_expired: 'certificate',
  certificate_not_yet_valid: 'certificate',
  certificate_untrusted: 'certificate',
  certificate_wrong_environment: 'certificate',
  certificate_cuit_mismatch: 'certificate',
  certificate_revoked: 'certificate',
  service_not_authorized: undefined,
  authority_unavailable: undefined,
};

export class CertificateError extends Error {
  readonly field: CertificateField | undefined;
  readonly messages: CertificateMessages;

  constructor(
    readonly code: CertificateErrorCode,
    readonly details: CertificateErrorDetails = {},
  ) {
    const messages = CERTIFICATE_ERROR_MESSAGES[code](details);
    super(messages.en);
    this.name = 'CertificateError';
    this.messages = messages;
    // With our generated key there is no key field to fix: the certificate is the wrong one.
    this.field = code === 'key_mismatch' && details.generatedKey ? 'certificate' : FIELDS[code];
  }
}
sameClassInEveryBundle(CertificateError, 'CertificateError');
